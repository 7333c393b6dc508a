import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { EXPOSED_HEADERS, Server, TUS_RESUMABLE, type Upload } from '@tus/server';
import {
  contentDeliveryMessages,
  VIDEO_UPLOAD_PATH,
  videoUploadMetadataSchema,
} from '@clipmarket/contracts/content-delivery';
import { uploadMessages } from '@clipmarket/contracts/media';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { JobStager } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { parseRequest } from '../../platform/http/validation.js';
import type { JobDefinition, Logger } from '../../platform/jobs/job-queue.js';
import { LockTimeoutError, type Locker } from '../../platform/locks/advisory-locker.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { SettingsReader } from '../settings/index.js';
import { InvalidVideoError, probeVideo, type ProbedVideo } from './content-videos.probe.js';
import { contentVideosRepository as repository } from './content-videos.repository.js';
import {
  UPLOADER_KEY,
  videoUploadRecords,
  videoUploadsRepository,
} from './content-videos.uploads.repository.js';
import { UPLOADABLE_STATES, type LinesForVideos, type Viewer } from './content-videos.service.js';

/**
 * Resumable video uploads with the tus protocol (issue 11 §1): `@tus/server` with its file
 * store in the uploads folder (`UPLOADS_DIR`: partial uploads on disk, never in memory; a
 * dropped connection resumes at the offset HEAD answers). Any API process continues any upload
 * (issue 26, ADR 043): the folder is shared by all, the tus records are rows of
 * `video_uploads`, and the locker is PostgreSQL's advisory locks (in-memory on PGlite, one
 * process). Creation checks the metadata, the consent, the line and the size limit setting;
 * the finished file is probed by content, moved to private storage and recorded as the line's
 * next version, with its processing job staged in the same transaction.
 *
 * PATCH (the bytes) is written here, not by @tus/server: its handlers take a web `Request`, and
 * turning the socket's Node stream into a web stream and back costs most of the upload's speed
 * (ADR 022). The same locker serialises both, so a resumed PATCH takes over a stalled one.
 */

/**
 * Upload-Metadata keys the server adds, with `UPLOADER_KEY` (a client's own values for them are
 * overwritten).
 */
const CONSENT_AT_KEY = 'consent_at';
const VERSION_ATTEMPTS = 3;
const WRITE_BUFFER_BYTES = 4 * 1_048_576;

/** The largest picture a video may have: 4K UHD, in either orientation. */
export const MAX_VIDEO_LONG_SIDE = 3840;
export const MAX_VIDEO_SHORT_SIDE = 2160;

/**
 * Why a probed video is refused for its line (ADR 031), or null: above 4K, or far longer than
 * the length ordered (`toleranceBasisPoints` beyond it). The probe's size has the rotation applied.
 */
export function videoRefusal(
  probed: Pick<ProbedVideo, 'width' | 'height' | 'durationSeconds'>,
  orderedSeconds: number | null,
  toleranceBasisPoints: number,
): AppError | null {
  const long = Math.max(probed.width, probed.height);
  const short = Math.min(probed.width, probed.height);
  if (long > MAX_VIDEO_LONG_SIDE || short > MAX_VIDEO_SHORT_SIDE) {
    return new AppError('VIDEO_RESOLUTION_TOO_HIGH', contentDeliveryMessages.resolutionTooHigh);
  }
  if (orderedSeconds !== null && probed.durationSeconds !== null) {
    const limit = Math.floor((orderedSeconds * (10_000 + toleranceBasisPoints)) / 10_000);
    // Containers round their length: a second more is no longer video.
    if (probed.durationSeconds > limit + 1) {
      return new AppError(
        'VIDEO_TOO_LONG',
        contentDeliveryMessages.videoTooLong
          .replace('{ordered}', String(orderedSeconds))
          .replace('{limit}', String(limit)),
      );
    }
  }
  return null;
}

async function flushToDisk(file: string) {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface TusAnswer {
  status: number;
  headers: Headers;
  body: string;
}

export function createVideoUploads(deps: {
  db: Db;
  /** The uploads folder, the same for every API process (UPLOADS_DIR). */
  directory: string;
  /** Every process's locks (advisory locks on PostgreSQL), or this process's (PGlite). */
  locker: Locker;
  ffprobe: string;
  storage: Storage;
  settings: SettingsReader;
  lines: LinesForVideos;
  stager: JobStager;
  processJob: JobDefinition<{ videoId: number }>;
  log: Logger;
  /** Counts the bytes each PATCH wrote (metrics: `upload_bytes_total`). */
  onBytesReceived?: (bytes: number) => void;
}) {
  const { db, storage, lines, directory, locker } = deps;
  // Made at the first upload request: FileStore's constructor starts an unawaited mkdir that
  // throws out of band when the data folder goes away meanwhile (a short-lived app in tests).
  let made: { datastore: FileStore; server: Server } | undefined;
  const tus = () => (made ??= makeTus());
  /** Who sent each request: the route authenticated it before handing it to tus. */
  const callers = new WeakMap<Request, Viewer>();
  const callerOf = (request: Request) => {
    const caller = callers.get(request);
    if (!caller) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    return caller;
  };

  async function uploadableLine(lineId: number, caller: Viewer) {
    const line =
      caller.role === 'TALENT' ? await lines.lineForUpload(db, lineId, caller.userId) : undefined;
    if (!line) throw notFound('Content request line');
    if (!UPLOADABLE_STATES.includes(line.state)) {
      throw new AppError(
        'INVALID_TRANSITION',
        'A video can be sent once you accepted the request, or after the advertiser asked for changes.',
      );
    }
    return line;
  }

  async function checkCreation(request: Request, upload: Upload) {
    const caller = callerOf(request);
    const given = Object.fromEntries(
      Object.entries(upload.metadata ?? {}).map(([key, value]) => [key, value ?? undefined]),
    );
    // The consent first, with the spec's text: the one refusal the upload form explains itself.
    if (given.consent !== 'true') {
      throw new AppError('VIDEO_CONSENT_REQUIRED', contentDeliveryMessages.consentRequired, [
        { field: 'consent', message: contentDeliveryMessages.consentRequired },
      ]);
    }
    const metadata = parseRequest(videoUploadMetadataSchema, given);
    if (upload.sizeIsDeferred || upload.size === undefined) {
      throw new AppError('VALIDATION_FAILED', 'Upload-Length is required');
    }
    const line = await uploadableLine(Number(metadata.content_request_influencer_id), caller);
    const megabytes = await deps.settings.get(db, 'video_upload_max_megabytes');
    if (upload.size > megabytes * 1_048_576) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        contentDeliveryMessages.videoTooLarge.replace('{limit}', String(megabytes)),
      );
    }
    if (upload.size === 0) {
      throw new AppError('EMPTY_FILE', uploadMessages.empty);
    }
    await checkUnfinishedCap(caller.userId, upload.size);
    return {
      metadata: {
        content_request_influencer_id: String(line.lineId),
        filename: metadata.filename,
        filetype: metadata.filetype ?? null,
        consent: 'true',
        [UPLOADER_KEY]: String(caller.userId),
        [CONSENT_AT_KEY]: new Date().toISOString(),
      },
    };
  }

  /**
   * A creator's unfinished uploads (tus records not finished yet, made on any process), counted
   * with the bytes they announce; a new one over `unfinished_uploads_max` or
   * `unfinished_uploads_max_megabytes` in all is refused. Abandoned ones count until the cleanup
   * job deletes them, or their creator cancels them (DELETE).
   */
  async function checkUnfinishedCap(userId: number, newBytes: number) {
    const [maxCount, maxMegabytes, own] = await Promise.all([
      deps.settings.get(db, 'unfinished_uploads_max'),
      deps.settings.get(db, 'unfinished_uploads_max_megabytes'),
      videoUploadsRepository.totalsOfUploader(db, userId),
    ]);
    if (own.count + 1 > maxCount || own.bytes + newBytes > maxMegabytes * 1_048_576) {
      throw new AppError(
        'UPLOAD_LIMIT_REACHED',
        contentDeliveryMessages.uploadLimitReached
          .replace('{count}', String(maxCount))
          .replace('{megabytes}', String(maxMegabytes)),
      );
    }
  }

  /**
   * A probed file stored privately and recorded as the line's next version, its processing job
   * staged in the same transaction; answers the version's id. A finished upload and an import
   * both end here.
   */
  async function store(input: {
    lineId: number;
    creatorUserId: number;
    uploadId: string;
    file: string;
    /** A finished upload's file is moved into storage; an imported file is copied. */
    moveFile: boolean;
    filename: string;
    consentAt: Date;
    probed: ProbedVideo;
  }): Promise<number> {
    const { lineId, probed } = input;
    const prefix = `content-videos/${lineId}/${randomBytes(18).toString('base64url')}`;
    const originalKey = `${prefix}/original.${probed.extension}`;
    const options = { contentType: probed.mimeType };
    const { size } = input.moveFile
      ? await storage.moveIn(originalKey, input.file, options)
      : await storage.put(originalKey, fs.createReadStream(input.file), options);
    try {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await inTransaction(db, async (tx) => {
            const row = await repository.insertNextVersion(tx, {
              lineId,
              creatorUserId: input.creatorUserId,
              uploadId: input.uploadId,
              originalKey,
              originalName: input.filename || 'video',
              sizeBytes: size,
              probe: { ...probed.summary, has_audio: probed.hasAudio },
              durationSeconds: probed.durationSeconds,
              width: probed.width,
              height: probed.height,
              consentAt: input.consentAt,
            });
            await deps.stager.stageJob(tx, deps.processJob, { videoId: row.id });
            return row.id;
          });
        } catch (error) {
          // Two uploads of one line finishing at once: the later takes the next version.
          if (!isUniqueViolation(error) || attempt >= VERSION_ATTEMPTS) throw error;
        }
      }
    } catch (error) {
      await storage.delete(originalKey).catch(() => {});
      throw error;
    }
  }

  /** Throws the refusal of a probed video for its line (above 4K, far too long). */
  async function refuseForLine(probed: ProbedVideo, orderedSeconds: number | null) {
    const tolerance = await deps.settings.get(db, 'video_length_tolerance_basis_points');
    const refusal = videoRefusal(probed, orderedSeconds, tolerance);
    if (refusal) throw refusal;
  }

  /** The finished file: probed, moved to private storage, recorded; its tus record removed. */
  async function finish(caller: Viewer, upload: Upload) {
    const metadata = upload.metadata ?? {};
    const file = path.join(directory, upload.id);
    let probed;
    try {
      // The file goes to the disk while ffprobe reads it: the flush when it is moved into
      // storage then has nothing left to write (the creator waits for one, not both).
      [probed] = await Promise.all([probeVideo(deps.ffprobe, file), flushToDisk(file)]);
    } catch (error) {
      if (!(error instanceof InvalidVideoError)) throw error;
      deps.log.info({ uploadId: upload.id, detail: error.detail }, 'video upload refused');
      await tus()
        .datastore.remove(upload.id)
        .catch(() => {});
      throw new AppError('INVALID_VIDEO', contentDeliveryMessages.invalidVideoType);
    }
    const lineId = Number(metadata.content_request_influencer_id);
    try {
      const line = await uploadableLine(lineId, caller);
      await refuseForLine(probed, line.videoDurationSeconds);
    } catch (error) {
      await tus()
        .datastore.remove(upload.id)
        .catch(() => {});
      throw error;
    }
    const videoId = await store({
      lineId,
      creatorUserId: caller.userId,
      uploadId: upload.id,
      file,
      moveFile: true,
      filename: metadata.filename ?? '',
      consentAt: new Date(metadata[CONSENT_AT_KEY] ?? Date.now()),
      probed,
    });
    await tus()
      .datastore.configstore.delete(upload.id)
      .catch((error: unknown) => {
        deps.log.warn({ err: error, uploadId: upload.id }, 'finished tus upload not removed');
      });
    return { headers: { 'Content-Video-Id': String(videoId) } };
  }

  /** The caller's unfinished upload, or 404 (another user's upload does not exist for them). */
  async function ownUpload(uploadId: string, caller: Viewer) {
    const upload = await tus()
      .datastore.getUpload(uploadId)
      .catch(() => undefined);
    if (!upload || upload.metadata?.[UPLOADER_KEY] !== String(caller.userId)) {
      throw notFound('Upload');
    }
    return upload;
  }

  /** Bytes beyond `limit` make the stream fail: a PATCH never writes past the upload's length. */
  function limitTo(limit: number) {
    let received = 0;
    return new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > limit) {
          callback(new AppError('PAYLOAD_TOO_LARGE', 'More bytes than the upload’s length'));
        } else callback(null, chunk);
      },
    });
  }

  function makeTus() {
    fs.mkdirSync(directory, { recursive: true });
    const datastore = new FileStore({ directory, configstore: videoUploadRecords(db) });
    const server = new Server({
      path: VIDEO_UPLOAD_PATH,
      datastore,
      // The Location is relative: right behind any proxy, and the web app is on this origin.
      relativeLocation: true,
      // The new version's id, for the uploader's page (also across an allowed origin).
      exposedHeaders: ['Content-Video-Id'],
      locker,
      async onIncomingRequest(request, uploadId) {
        const caller = callerOf(request);
        if (request.method === 'POST') return;
        // Another user's upload (HEAD, DELETE) does not exist for the caller.
        await ownUpload(uploadId, caller);
      },
      onUploadCreate: checkCreation,
      // A POST with the whole file (creation-with-upload) finishes there.
      onUploadFinish: (request, upload) => finish(callerOf(request), upload),
      onResponseError(_request, thrown) {
        // HEAD, DELETE and POST wait for the upload's lock like PATCH, with the same refusal.
        const error = thrown instanceof LockTimeoutError ? busy() : thrown;
        if (error instanceof AppError) {
          return {
            status_code: error.statusCode,
            body: JSON.stringify({
              error: {
                code: error.code,
                message: error.message,
                ...(error.fields ? { fields: error.fields } : {}),
              },
            }),
          };
        }
        if (error instanceof Error) {
          deps.log.error({ err: error }, 'video upload failed');
          return {
            status_code: 500,
            body: JSON.stringify({
              error: { code: 'INTERNAL', message: 'Something went wrong on our side' },
            }),
          };
        }
        return undefined;
      },
    });
    return { datastore, server };
  }

  return {
    directory,

    /**
     * A local file becomes the line's next version as if its creator had uploaded it with the
     * consent ticked: the same line check, size limit, probe by content, private storage,
     * record and processing job as a finished tus upload. For tools on the server (the demo
     * data), never a route. Answers the version's id (its processing runs as a job).
     */
    async importFile(input: {
      lineId: number;
      creatorUserId: number;
      file: string;
      filename: string;
    }): Promise<{ videoId: number }> {
      await uploadableLine(input.lineId, { userId: input.creatorUserId, role: 'TALENT' });
      const megabytes = await deps.settings.get(db, 'video_upload_max_megabytes');
      if ((await fs.promises.stat(input.file)).size > megabytes * 1_048_576) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          contentDeliveryMessages.videoTooLarge.replace('{limit}', String(megabytes)),
        );
      }
      let probed;
      try {
        probed = await probeVideo(deps.ffprobe, input.file);
      } catch (error) {
        if (!(error instanceof InvalidVideoError)) throw error;
        throw new AppError('INVALID_VIDEO', contentDeliveryMessages.invalidVideoType);
      }
      const line = await uploadableLine(input.lineId, {
        userId: input.creatorUserId,
        role: 'TALENT',
      });
      await refuseForLine(probed, line.videoDurationSeconds);
      const videoId = await store({
        ...input,
        moveFile: false,
        uploadId: `import-${randomBytes(18).toString('base64url')}`,
        consentAt: new Date(),
        probed,
      });
      return { videoId };
    },

    /**
     * A tus PATCH: the request's bytes appended at `Upload-Offset`, streamed from the socket to
     * the upload's file; the last byte finishes the upload. A PATCH of the same upload that comes
     * meanwhile (a client resuming after a cut it noticed first) makes this one stop where it is.
     */
    async patch(input: {
      uploadId: string;
      offset: string | undefined;
      contentLength: string | undefined;
      body: Readable;
      caller: Viewer;
    }): Promise<TusAnswer> {
      const { uploadId, caller } = input;
      // Before the lock: another user's request must not make the owner's PATCH let go.
      await ownUpload(uploadId, caller);
      const offset = Number(input.offset);
      if (!input.offset || !Number.isSafeInteger(offset) || offset < 0) {
        throw new AppError('VALIDATION_FAILED', 'Upload-Offset header required');
      }
      const released = new AbortController();
      const lock = locker.newLock(uploadId);
      try {
        await lock.lock(new AbortController().signal, async () => released.abort());
      } catch {
        // The request holding the upload did not let go within the locker's 30 s.
        throw busy();
      }
      try {
        // Read again under the lock: the offset as the PATCH that held it left it.
        const upload = await ownUpload(uploadId, caller);
        if (upload.offset !== offset) {
          throw new AppError('INVALID_TRANSITION', 'Upload-Offset conflict');
        }
        const remaining = (upload.size ?? 0) - offset;
        if (Number(input.contentLength ?? 0) > remaining) {
          throw new AppError('PAYLOAD_TOO_LARGE', 'More bytes than the upload’s length');
        }
        const file = path.join(directory, uploadId);
        try {
          await pipeline(
            input.body,
            limitTo(remaining),
            // A large buffer: the socket keeps flowing while a write is on the disk, and the
            // chunks that arrived meanwhile go in one writev (a few MB per running upload).
            fs.createWriteStream(file, {
              flags: 'r+',
              start: offset,
              highWaterMark: WRITE_BUFFER_BYTES,
            }),
            { signal: released.signal },
          );
        } catch (error) {
          // What arrived is kept (HEAD answers it); the client resumes from there.
          if (error instanceof AppError) throw error;
          throw new AppError('UPLOAD_INTERRUPTED', 'The upload was interrupted: resume it');
        } finally {
          upload.offset = (await fs.promises.stat(file)).size;
          deps.onBytesReceived?.(upload.offset - offset);
        }
        const headers = new Headers({
          'Tus-Resumable': TUS_RESUMABLE,
          'Upload-Offset': String(upload.offset),
          'Access-Control-Expose-Headers': `${EXPOSED_HEADERS}, Content-Video-Id`,
        });
        // Still under the lock: a retried last PATCH waits, then finds the upload gone (404).
        if (upload.offset === upload.size) {
          const finished = await finish(caller, upload);
          headers.set('Content-Video-Id', finished.headers['Content-Video-Id']);
        }
        return { status: 204, headers, body: '' };
      } finally {
        await lock.unlock();
      }
    },

    /** Runs one tus request as `caller` (authenticated by the route). */
    async handle(request: Request, caller: Viewer): Promise<TusAnswer> {
      callers.set(request, caller);
      const run = async () => {
        const response = await tus().server.handleWeb(request);
        return { status: response.status, headers: response.headers, body: await response.text() };
      };
      if (request.method !== 'POST') return run();
      // A creation is checked against the creator's unfinished uploads and then written: two
      // at once would both pass the cap, so one creator's creations go one after another, on
      // every process. A waiting creation cannot make the running one let go.
      const creation = locker.newLock(`create:${caller.userId}`);
      try {
        await creation.lock(new AbortController().signal, () => {});
      } catch {
        throw busy();
      }
      try {
        return await run();
      } finally {
        await creation.unlock();
      }
    },

    /**
     * Deletes uploads (data and record) that received nothing for `olderThanMs`: abandoned by
     * their creator (issue 11 §1); and data files without a record as old (a creation cut
     * between the file and its row, records of the former on-disk layout). Answers how many
     * uploads were removed.
     */
    async cleanUpAbandoned(olderThanMs: number): Promise<number> {
      const cutoff = Date.now() - olderThanMs;
      const lastChange = async (name: string) =>
        (await fs.promises.stat(path.join(directory, name)).catch(() => null))?.mtimeMs ?? 0;
      let removed = 0;
      const recorded = new Set<string>();
      for (const upload of await videoUploadsRepository.listAll(db)) {
        recorded.add(upload.id);
        const createdAt = upload.creation_date ? Date.parse(upload.creation_date) : 0;
        // Last activity: the last byte written (a slow upload still running is not abandoned).
        if (Math.max(await lastChange(upload.id), createdAt) > cutoff) continue;
        await fs.promises.rm(path.join(directory, upload.id), { force: true });
        await videoUploadsRepository.delete(db, upload.id);
        removed += 1;
      }
      const names = await fs.promises.readdir(directory).catch(() => [] as string[]);
      for (const name of names) {
        if (recorded.has(name)) continue;
        const stat = await fs.promises.stat(path.join(directory, name)).catch(() => null);
        if (!stat?.isFile() || stat.mtimeMs > cutoff) continue;
        // A row made meanwhile (the list above was read before the folder) keeps its file.
        if (await videoUploadsRepository.find(db, name)) continue;
        await fs.promises.rm(path.join(directory, name), { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

export type VideoUploads = ReturnType<typeof createVideoUploads>;

/** The refusal when an upload's lock was not given within the locker's time. */
function busy() {
  return new AppError('REQUEST_IN_PROGRESS', 'This upload is busy: retry in a moment');
}
