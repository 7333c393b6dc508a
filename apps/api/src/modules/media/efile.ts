import type { Efile } from '@clipmarket/contracts/media';

/** What the efile DTO is made of: a `files` row, or the same columns selected by a join. */
export interface EfileSource {
  id: number;
  token: string;
  fileExtension: string;
  originalName: string;
}

/** A file as the API shows it (spec's `efile`); the one mapping, used by every module. */
export function toEfile(file: EfileSource): Efile {
  return {
    file_id: file.id,
    token: file.token,
    file_extension: file.fileExtension,
    original_name: file.originalName,
  };
}

/** The short form lists embed (notifications): what the read URL needs, nothing more. */
export function toEfileRef(
  file: Pick<EfileSource, 'token' | 'fileExtension'>,
): Pick<Efile, 'token' | 'file_extension'> {
  return { token: file.token, file_extension: file.fileExtension };
}
