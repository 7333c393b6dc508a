import type { KvStore, Upload } from '@tus/server';
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { videoUploads } from './content-videos.schema.js';

/** The Upload-Metadata key of the upload's creator (set by the server at creation). */
export const UPLOADER_KEY = 'uploader_user_id';

/** The SQL of the unfinished uploads: `video_uploads` only (ADR 043). */
export const videoUploadsRepository = {
  async find(db: DbOrTx, id: string): Promise<Upload | undefined> {
    const [row] = await db
      .select({ info: videoUploads.info })
      .from(videoUploads)
      .where(eq(videoUploads.id, id));
    return row?.info as Upload | undefined;
  },

  /** Records the upload, or replaces its record (a length declared later). */
  async save(db: DbOrTx, id: string, upload: Upload, uploaderUserId: number): Promise<void> {
    await db
      .insert(videoUploads)
      .values({ id, uploaderUserId, info: upload })
      .onConflictDoUpdate({ target: videoUploads.id, set: { info: upload } });
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(videoUploads).where(eq(videoUploads.id, id));
  },

  /** A creator's unfinished uploads: how many, and the bytes they announce in all. */
  async totalsOfUploader(db: DbOrTx, userId: number): Promise<{ count: number; bytes: number }> {
    const [row] = await db
      .select({
        count: count(),
        bytes: sql<string>`coalesce(sum((${videoUploads.info} ->> 'size')::bigint), 0)`,
      })
      .from(videoUploads)
      .where(eq(videoUploads.uploaderUserId, userId));
    return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) };
  },

  /** Every unfinished upload, for the cleanup of abandoned ones. */
  async listAll(db: DbOrTx): Promise<Upload[]> {
    const rows = await db.select({ info: videoUploads.info }).from(videoUploads);
    return rows.map((row) => row.info as Upload);
  },
};

/**
 * The tus records in the database (FileStore's `configstore`): every API process reads the
 * same upload, whichever created it. A record names its creator, from the metadata the server
 * set at creation.
 */
export function videoUploadRecords(db: DbOrTx): KvStore<Upload> {
  return {
    get: (id) => videoUploadsRepository.find(db, id),
    set: (id, upload) =>
      videoUploadsRepository.save(db, id, upload, Number(upload.metadata?.[UPLOADER_KEY])),
    delete: (id) => videoUploadsRepository.delete(db, id),
  };
}
