import path from 'node:path';
import { MemoryLocker } from '@tus/server';
import type pg from 'pg';
import type { Db } from '../../platform/db/client.js';
import type { Env } from '../../platform/env.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import { createAdvisoryLocker } from '../../platform/locks/advisory-locker.js';
import { createStorage, type Storage } from '../../platform/storage/storage.js';
import type { SettingsReader } from '../settings/index.js';
import type { ContentVideosEvents } from './content-videos.events.js';
import { createVideoProcessing } from './content-videos.processing.js';
import { createContentVideosRoutes } from './content-videos.routes.js';
import {
  createContentVideosService,
  type LicencesForVideos,
  type LinesForVideos,
} from './content-videos.service.js';
import { createVideoUploads } from './content-videos.uploads.js';

export type { ContentVideosEvents } from './content-videos.events.js';
export type { LineAccess, LineForUpload, LinesForVideos } from './content-videos.service.js';

/**
 * Content videos (issue 11 §1, §2, §9): resumable uploads (tus) of a request line's video,
 * checked by content, kept private; the processing job (poster, watermarked 720p preview);
 * signed, short-lived, seekable reads. Owns `content_videos` and `video_uploads`. Content requests reach it through
 * `listForLine` and `latestOf`, the media kit through `posterOfLine`; it reaches content requests through the `lines` port.
 */
export function createContentVideosModule(deps: {
  db: Db;
  env: Env;
  events: EventBus<ContentVideosEvents>;
  jobs: JobQueue;
  settings: SettingsReader;
  lines: LinesForVideos;
  /** The licences' HD gate (issue 27 §1): an expired licence stops the advertiser's original. */
  licences?: LicencesForVideos;
  /** The server secret: signed read URLs are keyed from it. */
  serverSecret: string;
  log: Logger;
  /** Defaults to the configured storage (local disk or S3). */
  storage?: Storage;
  /** The PostgreSQL pool (absent on PGlite): uploads' locks shared by every API process. */
  pool?: pg.Pool | undefined;
  /** Counts the bytes of the uploads' PATCHes (metrics). */
  onUploadBytes?: (bytes: number) => void;
}) {
  const storage = deps.storage ?? createStorage(deps.env);
  const service = createContentVideosService({
    db: deps.db,
    storage,
    settings: deps.settings,
    lines: deps.lines,
    serverSecret: deps.serverSecret,
    ...(deps.licences ? { licences: deps.licences } : {}),
  });
  const processing = createVideoProcessing({
    db: deps.db,
    dataDir: deps.env.DATA_DIR,
    binaries: { ffmpeg: deps.env.FFMPEG_PATH, ffprobe: deps.env.FFPROBE_PATH },
    storage,
    lines: deps.lines,
    events: deps.events,
    log: deps.log,
    concurrency: deps.env.VIDEO_PROCESSING_CONCURRENCY,
    previewTimeout: {
      baseSeconds: deps.env.VIDEO_PREVIEW_TIMEOUT_BASE_SECONDS,
      factor: deps.env.VIDEO_PREVIEW_TIMEOUT_FACTOR,
    },
  });
  // On PostgreSQL any API process may continue an upload (ADR 043); PGlite is one process.
  const locker = deps.pool
    ? createAdvisoryLocker({
        pool: deps.pool,
        namespace: 'video_upload',
        onError: (error) => deps.log.warn({ err: error }, 'video upload locks: connection lost'),
      })
    : new MemoryLocker();
  const uploads = createVideoUploads({
    db: deps.db,
    directory: deps.env.UPLOADS_DIR ?? path.join(deps.env.DATA_DIR, 'tus'),
    locker,
    ffprobe: deps.env.FFPROBE_PATH,
    storage,
    settings: deps.settings,
    lines: deps.lines,
    stager: deps.events,
    processJob: processing.processJob,
    log: deps.log,
    onBytesReceived: deps.onUploadBytes,
  });
  // Every hour: uploads that received nothing for `abandoned_upload_hours` are deleted.
  const cleanupJob = defineJob<object>({
    name: 'content-video-upload-cleanup',
    cron: '41 * * * *',
    retryLimit: 2,
    handle: async () => {
      const hours = await deps.settings.getHours(deps.db, 'abandoned_upload_hours');
      const removed = await uploads.cleanUpAbandoned(hours * 3_600_000);
      if (removed > 0) deps.log.info({ removed }, 'abandoned video uploads deleted');
      // A processing runs minutes, not hours: older work folders belong to no running job.
      await processing.cleanUpWork(Math.max(hours, 6) * 3_600_000);
    },
  });
  deps.jobs.register(processing.processJob);
  deps.jobs.register(cleanupJob);

  return {
    routes: createContentVideosRoutes({
      service,
      uploads,
      uploadRateLimitPerMinute: deps.env.UPLOAD_RATE_LIMIT_PER_MINUTE,
    }),
    service,
    /** What content requests' `VideosForDelivery` port asks of this module. */
    listForLine: service.listForLine,
    latestOf: service.latestOf,
    /** The media kit's `VideosForMediaKit` port: a delivered line's poster (issue 25). */
    posterOfLine: service.posterOfLine,
    /**
     * A local file made a line's next version as its creator's upload would be (probe, store,
     * record, processing job): for the demo data only, no route reaches it.
     */
    importVideo: uploads.importFile,
    uploadsDirectory: uploads.directory,
    /** Closes the locks' connections (after the requests that hold them ended). */
    async close() {
      if ('close' in locker) await locker.close();
    },
    jobNames: { process: processing.processJob.name, cleanup: cleanupJob.name },
  };
}
