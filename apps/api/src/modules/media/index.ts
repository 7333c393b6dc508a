import type { Db } from '../../platform/db/client.js';
import type { Env } from '../../platform/env.js';
import { createStorage, type Storage } from '../../platform/storage/storage.js';
import { createMediaRepository } from './media.repository.js';
import { createMediaRoutes } from './media.routes.js';
import { createMediaService } from './media.service.js';
import { createUrlSigner } from './signed-url.js';

export type { MediaService, OwnedFile } from './media.service.js';
export { toEfile, toEfileRef, type EfileSource } from './efile.js';
export { describeFiles, findOwnedFiles } from './media.files.js';
export { createUrlSigner, type UrlSigner } from './signed-url.js';

/**
 * Media: uploads (type checked from content, images resized, CIN scans private) and reads
 * through /v2/media/{size}/{token}.{ext}. Media owns the `files` table: other modules use
 * `findOwnedFiles(db, …)` to check that file ids a user sends are theirs, `describeFiles(db, …)`
 * to embed efiles in answers (both join the caller's transaction), and `toEfile` to map files.
 */
export function createMediaModule(deps: {
  db: Db;
  env: Env;
  /** The server secret: signed read URLs of private files are keyed from it. */
  serverSecret: string;
  /** Defaults to the configured storage (local disk or S3). */
  storage?: Storage;
  /** Counts the bytes of each stored upload (metrics). */
  onUploadStored?: (kind: 'image' | 'document', bytes: number) => void;
}) {
  const storage = deps.storage ?? createStorage(deps.env);
  const service = createMediaService({
    db: deps.db,
    repository: createMediaRepository(),
    storage,
    maxUploadBytes: deps.env.MAX_IMAGE_BYTES,
    onUploadStored: deps.onUploadStored,
  });
  const routes = createMediaRoutes({
    service,
    signer: createUrlSigner(deps.serverSecret),
    uploadRateLimitPerMinute: deps.env.UPLOAD_RATE_LIMIT_PER_MINUTE,
  });
  return { routes, service, storage };
}
