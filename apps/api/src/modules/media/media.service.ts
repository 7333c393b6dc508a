import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  mediaSizes,
  privateMediaPurposes,
  uploadMessages,
  type Efile,
  type MediaPurpose,
  type MediaSize,
} from '@clipmarket/contracts/media';
import { fileTypeFromBuffer } from 'file-type';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import {
  checkImageHeader,
  ImagePixelLimitError,
  ImageQueueFullError,
  InvalidImageError,
  isImageQueueFull,
  isPixelLimitError,
  writeImageVariants,
  type ImageFormat,
} from './image-variants.js';
import { toEfile } from './efile.js';
import type { FileRow, MediaRepository } from './media.repository.js';
import {
  drain,
  FileTooLargeError,
  limitBytes,
  peekHead,
  UploadInterruptedError,
} from './upload-stream.js';

/** Bytes read before deciding the type: enough for every signature file-type knows. */
const SNIFF_BYTES = 4100;

const imageFormats: Record<string, { format: ImageFormat; mime: string }> = {
  'image/jpeg': { format: 'jpg', mime: 'image/jpeg' },
  'image/png': { format: 'png', mime: 'image/png' },
  // Animated PNG is a PNG to every reader; kept as one.
  'image/apng': { format: 'png', mime: 'image/png' },
  'image/webp': { format: 'webp', mime: 'image/webp' },
  'image/gif': { format: 'gif', mime: 'image/gif' },
};

/** What an upload route accepts: images, PDFs or both, and the message when refused. */
export type UploadAccept = 'image' | 'pdf' | 'image-or-pdf';

const refusalMessage: Record<UploadAccept, string> = {
  image: uploadMessages.invalidImage,
  pdf: uploadMessages.invalidPdf,
  'image-or-pdf': uploadMessages.invalidDocument,
};

/** Spec §5: profile pictures, CIN scans and insights screenshots accept images only; documents also PDFs. */
export const acceptByPurpose: Record<MediaPurpose, UploadAccept> = {
  profile: 'image',
  cin: 'image',
  document: 'image-or-pdf',
  metric_screenshot: 'image',
  media_kit_cover: 'image',
};

export interface UploadInput {
  ownerUserId: number;
  purpose: MediaPurpose;
  accept: UploadAccept;
  /** Name the client gave; kept for display and downloads only. */
  filename: string;
  stream: Readable;
}

/** A file of the caller, with what other modules check before linking it (e.g. a CIN scan). */
export interface OwnedFile extends Efile {
  purpose: string;
  visibility: 'public' | 'private';
  mime_type: string;
}

export interface MediaDownload {
  stream: Readable;
  mimeType: string;
  sizeBytes: number;
  /** Original name with the stored extension (the content decided it). */
  downloadName: string;
  isPublic: boolean;
  etag: string;
}

/** Name as shown and offered on download: no folders, no control characters, bounded. */
function cleanOriginalName(filename: string, extension: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || `file.${extension}`;
}

function withExtension(name: string, extension: string): string {
  const stem = name.slice(0, name.length - path.extname(name).length) || 'file';
  return `${stem}.${extension}`;
}

/** Storage key of one size; documents have a single object whatever the size asked. */
function variantKey(row: FileRow, size: MediaSize): string {
  if (!row.mimeType.startsWith('image/')) return row.storageKey;
  return row.storageKey.replace(/\/full\.([a-z0-9]+)$/, `/${size}.$1`);
}

function keyPrefix(token: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `uploads/${now.getUTCFullYear()}/${month}/${token}`;
}

function toUploadError(error: unknown, accept: UploadAccept): unknown {
  if (error instanceof FileTooLargeError) {
    return new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
  }
  if (error instanceof ImageQueueFullError) {
    return new AppError('IMAGE_QUEUE_FULL', uploadMessages.queueFull);
  }
  if (error instanceof ImagePixelLimitError || isPixelLimitError(error)) {
    return new AppError('IMAGE_TOO_LARGE', uploadMessages.tooManyPixels);
  }
  if (error instanceof UploadInterruptedError) {
    return new AppError('VALIDATION_FAILED', uploadMessages.interrupted, [
      { field: 'file', message: uploadMessages.interrupted },
    ]);
  }
  if (error instanceof InvalidImageError) {
    return new AppError('INVALID_FILE_TYPE', refusalMessage[accept]);
  }
  return error;
}

export function createMediaService(deps: {
  db: Db;
  repository: MediaRepository;
  storage: Storage;
  /** Largest accepted upload (images and documents), in bytes. */
  maxUploadBytes: number;
  /** Counts the bytes of each stored upload (metrics: `upload_bytes_total`). */
  onUploadStored?: (kind: 'image' | 'document', bytes: number) => void;
}) {
  const { db, repository, storage, maxUploadBytes } = deps;

  return {
    maxUploadBytes,

    /** The user's images fill their share of the queue: a new one would be refused. */
    isImageQueueFull,

    /**
     * Streams an upload to storage after checking its real type from its first bytes
     * (a renamed text file is refused whatever its name says). Images are stored as three
     * re-encoded sizes; PDFs as received. Nothing stays in storage when the upload fails.
     */
    async upload(input: UploadInput): Promise<Efile> {
      const limited = limitBytes(input.stream, maxUploadBytes);
      const written: string[] = [];
      try {
        const { head, body } = await peekHead(limited.stream, SNIFF_BYTES);
        if (head.length === 0) throw new AppError('EMPTY_FILE', uploadMessages.empty);
        const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
        const image = detected ? imageFormats[detected.mime] : undefined;
        const isPdf = detected?.mime === 'application/pdf';
        const accepted = (image && input.accept !== 'pdf') || (isPdf && input.accept !== 'image');
        if (!accepted) throw new AppError('INVALID_FILE_TYPE', refusalMessage[input.accept]);

        const token = randomBytes(24).toString('base64url');
        const prefix = keyPrefix(token);
        let storageKey: string;
        let extension: string;
        let mimeType: string;
        if (image) {
          extension = image.format;
          mimeType = image.mime;
          const keys = Object.fromEntries(
            mediaSizes.map((size) => [size, `${prefix}/${size}.${extension}`]),
          ) as Record<MediaSize, string>;
          written.push(...Object.values(keys));
          storageKey = keys.full;
          // An image over the pixel limit is refused now, not after waiting for its turn.
          await checkImageHeader(head);
          await writeImageVariants(storage, body, image.format, keys, mimeType, input.ownerUserId);
        } else {
          extension = 'pdf';
          mimeType = 'application/pdf';
          storageKey = `${prefix}/original.pdf`;
          written.push(storageKey);
          await storage.put(storageKey, body, { contentType: mimeType });
        }

        const row = await repository.insert(db, {
          token,
          ownerUserId: input.ownerUserId,
          purpose: input.purpose,
          visibility: privateMediaPurposes.includes(input.purpose) ? 'private' : 'public',
          fileExtension: extension,
          mimeType,
          originalName: cleanOriginalName(input.filename, extension),
          sizeBytes: limited.bytes(),
          storageKey,
        });
        deps.onUploadStored?.(image ? 'image' : 'document', limited.bytes());
        return toEfile(row);
      } catch (error) {
        await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
        await drain(input.stream);
        throw toUploadError(error, input.accept);
      }
    },

    /**
     * Opens one size of a file for reading. Private files (CIN scans) are readable by their
     * owner and admins only, or through a signed URL made for one of them (`isSignedRead`, the
     * route checked the signature); to anybody else they do not exist (404, DESIGN §3).
     */
    async openForRead(input: {
      file: string;
      size: MediaSize;
      viewer: AccessClaims | null;
      isSignedRead?: boolean;
    }): Promise<MediaDownload> {
      const dot = input.file.lastIndexOf('.');
      const token = input.file.slice(0, dot);
      const extension = input.file.slice(dot + 1);
      const row = await repository.findByToken(db, token);
      if (!row || row.fileExtension !== extension) throw notFound('File');
      const isPublic = row.visibility === 'public';
      if (!isPublic && !input.isSignedRead) {
        const viewer = input.viewer;
        const mayRead = viewer && (viewer.userId === row.ownerUserId || viewer.role === 'ADMIN');
        if (!mayRead) throw notFound('File');
      }
      const key = variantKey(row, input.size);
      const stat = await storage.stat(key);
      if (!stat) throw notFound('File');
      return {
        stream: storage.get(key),
        mimeType: row.mimeType,
        sizeBytes: stat.size,
        downloadName: withExtension(row.originalName, row.fileExtension),
        isPublic,
        etag: `"${row.token}-${input.size}"`,
      };
    },

    /**
     * A file the viewer may read, as the `{token}.{ext}` of its read URL: any public file, a
     * private one for its owner and admins; 404 otherwise.
     */
    async findReadable(
      viewer: AccessClaims,
      fileId: number,
    ): Promise<{ file: string; isPublic: boolean }> {
      const row = await repository.findById(db, fileId);
      const isPublic = row?.visibility === 'public';
      const mayRead =
        row && (isPublic || viewer.userId === row.ownerUserId || viewer.role === 'ADMIN');
      if (!mayRead) throw notFound('File');
      return { file: `${row.token}.${row.fileExtension}`, isPublic };
    },

    /** The caller's file (null when it does not exist or belongs to someone else). */
    async findOwnedFile(userId: number, fileId: number): Promise<OwnedFile | null> {
      const row = await repository.findOwned(db, userId, fileId);
      if (!row) return null;
      return {
        ...toEfile(row),
        purpose: row.purpose,
        visibility: row.visibility,
        mime_type: row.mimeType,
      };
    },

    /** The efile shape of a file, for embedding in other modules' answers. */
    async describeFile(fileId: number): Promise<Efile | null> {
      const row = await repository.findById(db, fileId);
      return row ? toEfile(row) : null;
    },

    /** Several files at once (lists), keyed by id; unknown ids are absent. */
    async describeFiles(fileIds: number[]): Promise<Map<number, Efile>> {
      const rows = await repository.findByIds(db, [...new Set(fileIds)]);
      return new Map(rows.map((row) => [row.id, toEfile(row)]));
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
