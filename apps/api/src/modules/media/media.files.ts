import type { Efile } from '@clipmarket/contracts/media';
import type { DbOrTx } from '../../platform/db/client.js';
import { toEfile } from './efile.js';
import { createMediaRepository, type FileRow } from './media.repository.js';
import type { OwnedFile } from './media.service.js';

const repository = createMediaRepository();

export function toOwnedFile(row: FileRow): OwnedFile {
  return {
    ...toEfile(row),
    purpose: row.purpose,
    visibility: row.visibility,
    mime_type: row.mimeType,
  };
}

/**
 * Files of `ownerUserId` among `fileIds`, keyed by id; someone else's and unknown ids are
 * absent. Runs on the caller's database or transaction (another module's save).
 */
export async function findOwnedFiles(
  db: DbOrTx,
  ownerUserId: number,
  fileIds: number[],
): Promise<Map<number, OwnedFile>> {
  const rows = await repository.findByIds(db, [...new Set(fileIds)]);
  return new Map(
    rows.filter((row) => row.ownerUserId === ownerUserId).map((row) => [row.id, toOwnedFile(row)]),
  );
}

/** The efiles of several files at once, keyed by id; unknown ids are absent. */
export async function describeFiles(db: DbOrTx, fileIds: number[]): Promise<Map<number, Efile>> {
  const rows = await repository.findByIds(db, [...new Set(fileIds)]);
  return new Map(rows.map((row) => [row.id, toEfile(row)]));
}
