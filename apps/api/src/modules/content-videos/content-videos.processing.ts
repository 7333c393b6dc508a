import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { VideoFailureReason } from '@clipmarket/contracts/content-delivery';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { defineJob, type Logger } from '../../platform/jobs/job-queue.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { ContentVideosEvents } from './content-videos.events.js';
import { isBrokenInput, type Binaries } from './content-videos.ffmpeg.js';
import {
  makePoster,
  makePreview,
  previewSize,
  renderWatermark,
  watermarkText,
} from './content-videos.preview.js';
import {
  contentVideosRepository as repository,
  type VideoRow,
} from './content-videos.repository.js';
import type { LinesForVideos } from './content-videos.service.js';

/** Retries of a processing that failed for a reason that may heal (disk, storage, a kill). */
const PROCESS_RETRY_LIMIT = 3;

/** A processing job still running after this long is taken as lost by the queue and retried. */
const PROCESS_EXPIRE_SECONDS = 60 * 60;

/**
 * How long a preview's ffmpeg may run: `baseSeconds` + `factor` × the video's length, killed
 * past it (a video of unknown length gets the most, just under the job's own expiry).
 */
export function previewTimeoutMs(
  durationSeconds: number | null,
  limits: { baseSeconds: number; factor: number },
): number {
  const most = (PROCESS_EXPIRE_SECONDS - 5 * 60) * 1000;
  if (durationSeconds === null) return most;
  return Math.min(most, Math.round((limits.baseSeconds + limits.factor * durationSeconds) * 1000));
}

/** Why a version failed (issue 11 §2), as the codes the screens translate. */
export const failureReasons = {
  broken: 'unreadable',
  gaveUp: 'not_processed',
} as const satisfies Record<string, VideoFailureReason>;

/**
 * The processing job of one uploaded version (issue 11 §2): the original is copied from
 * storage to a work folder, ffmpeg makes the watermarked 720p preview and a poster from it,
 * both are stored, and the version becomes ready in the transaction that submits the line.
 * A broken input fails the version at once (no retry loop); other errors retry, and the last
 * retry fails the version so nothing stays "processing" for ever (the job lands in its dead
 * letter for the admins).
 */
export function createVideoProcessing(deps: {
  db: Db;
  dataDir: string;
  binaries: Binaries;
  storage: Storage;
  lines: LinesForVideos;
  events: EventBus<ContentVideosEvents>;
  log: Logger;
  /** Previews made at once by this process (VIDEO_PROCESSING_CONCURRENCY). */
  concurrency: number;
  /** ffmpeg's time limit per preview (VIDEO_PREVIEW_TIMEOUT_BASE_SECONDS and _FACTOR). */
  previewTimeout: { baseSeconds: number; factor: number };
}) {
  const { db, storage, lines, events } = deps;
  const workRoot = path.join(deps.dataDir, 'tmp', 'video-processing');

  async function fail(row: VideoRow, reason: VideoFailureReason) {
    await inTransaction(db, async (tx) => {
      const locked = await repository.lock(tx, row.id);
      if (!locked || locked.status !== 'processing') return;
      await repository.update(tx, row.id, { status: 'failed', failureReason: reason });
      await events.emit(tx, 'content-video.failed', {
        videoId: row.id,
        lineId: row.lineId,
        version: row.version,
        creatorUserId: row.creatorUserId,
        reason,
      });
    });
  }

  async function process(row: VideoRow) {
    const line = await lines.lineForUpload(db, row.lineId, row.creatorUserId);
    if (!line) throw new Error(`line ${row.lineId} of video ${row.id} not found`);
    await fs.promises.mkdir(workRoot, { recursive: true });
    const work = await fs.promises.mkdtemp(path.join(workRoot, `video-${row.id}-`));
    try {
      const input = path.join(work, 'original');
      await pipeline(storage.get(row.originalKey), fs.createWriteStream(input));
      const size = previewSize(row.width ?? 1280, row.height ?? 720);
      const watermark = path.join(work, 'watermark.png');
      await renderWatermark(
        size.width,
        size.height,
        watermarkText(line.advertiserName, row.lineId),
        watermark,
      );
      const preview = path.join(work, 'preview.mp4');
      const hasAudio = (row.probe as { has_audio?: boolean } | null)?.has_audio ?? false;
      await makePreview(
        deps.binaries.ffmpeg,
        { file: input, hasAudio },
        watermark,
        size,
        preview,
        previewTimeoutMs(row.durationSeconds, deps.previewTimeout),
      );
      const poster = path.join(work, 'poster.jpg');
      await makePoster(deps.binaries.ffmpeg, preview, row.durationSeconds, poster);
      const folder = row.originalKey.slice(0, row.originalKey.lastIndexOf('/'));
      const previewKey = `${folder}/preview.mp4`;
      const posterKey = `${folder}/poster.jpg`;
      await storage.put(previewKey, fs.createReadStream(preview), { contentType: 'video/mp4' });
      await storage.put(posterKey, fs.createReadStream(poster), { contentType: 'image/jpeg' });
      await inTransaction(db, async (tx) => {
        const locked = await repository.lock(tx, row.id);
        if (!locked || locked.status !== 'processing') return;
        await repository.update(tx, row.id, {
          status: 'ready',
          previewKey,
          posterKey,
          processedAt: new Date(),
        });
        // The line moves to `submitted` with its ready video (a later version of a line
        // already under review leaves the line as it is).
        await lines.submitVideo(row.lineId, row.creatorUserId, tx);
        await events.emit(tx, 'content-video.ready', {
          videoId: row.id,
          lineId: row.lineId,
          version: row.version,
          creatorUserId: row.creatorUserId,
        });
      });
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  const processJob = defineJob<{ videoId: number }>({
    name: 'content-video-process',
    retryLimit: PROCESS_RETRY_LIMIT,
    retryDelaySeconds: 30,
    // Several at once: one long video no longer holds every other creator's preview.
    workers: deps.concurrency,
    expireInSeconds: PROCESS_EXPIRE_SECONDS,
    handle: async ({ videoId }, context) => {
      const row = await repository.find(db, videoId);
      if (!row || row.status !== 'processing') return;
      try {
        await process(row);
      } catch (error) {
        if (isBrokenInput(error)) {
          deps.log.warn({ err: error, videoId }, 'video cannot be processed: input broken');
          await fail(row, failureReasons.broken);
          return;
        }
        if (context.retryCount >= PROCESS_RETRY_LIMIT) await fail(row, failureReasons.gaveUp);
        throw error;
      }
    },
  });

  return {
    processJob,
    /** Work folders a killed process left behind (the job removes its own when it ends). */
    async cleanUpWork(olderThanMs: number): Promise<void> {
      const names = await fs.promises.readdir(workRoot).catch(() => [] as string[]);
      for (const name of names) {
        const folder = path.join(workRoot, name);
        const stat = await fs.promises.stat(folder).catch(() => null);
        if (stat && stat.mtimeMs < Date.now() - olderThanMs) {
          await fs.promises.rm(folder, { recursive: true, force: true });
        }
      }
    },
  };
}
