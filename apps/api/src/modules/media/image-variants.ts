import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { imageVariantWidths, type MediaSize } from '@clipmarket/contracts/media';
import sharp from 'sharp';
import type { Storage } from '../../platform/storage/storage.js';
import {
  framePixelsOf,
  MAX_INPUT_PIXELS,
  type ImageFormat,
  type RenderJob,
  type RenderResult,
} from './image-render.js';

export {
  isPixelLimitError,
  keepsAnimation,
  MAX_ANIMATION_FRAMES,
  MAX_ANIMATION_PIXELS,
  MAX_INPUT_PIXELS,
  type ImageFormat,
} from './image-render.js';

/**
 * Images processed at once: one, in a child process at the lowest CPU priority (image-worker.ts)
 * on one libvips thread, its sizes one after another. Measured on 2 CPUs shared with other work,
 * in-process sharp neither blocked the event loop (delay p99 24 ms rendering, 18 ms idle) nor
 * starved libuv's pool (fs, zlib, crypto p50 unchanged): it took the CPU the event loop needed,
 * at the same priority in the same process group (ADR 031).
 */
export const MAX_CONCURRENT_IMAGES = 1;
/** Images of one user processed or waiting at once; one more is refused (429 IMAGE_QUEUE_FULL). */
export const MAX_IMAGES_PER_USER = 2;
/** Images waiting in the whole process; one more is refused the same way. */
export const MAX_WAITING_IMAGES = 16;
/** Retry-After of IMAGE_QUEUE_FULL: about one costly image's processing time. */
export const IMAGE_QUEUE_RETRY_AFTER_SECONDS = 5;

/** A counting semaphore: `run` starts `task` when fewer than `size` tasks are running. */
export function createSemaphore(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiter (running stays counted), or is freed.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    /** Tasks running and waiting now (tests, metrics). */
    load: () => ({ running, waiting: waiting.length }),
  };
}

/** The user (or the whole process) has as many images in the queue as allowed. */
export class ImageQueueFullError extends Error {}

/**
 * A bounded queue of image tasks: `size` run at once, at most `perUser` of one user and
 * `maxWaiting` in all are running or waiting. Admission is decided at once, before the task's
 * input is read: a user who floods is refused without holding memory or a slot.
 */
export function createImageQueue(options: { size: number; perUser: number; maxWaiting: number }) {
  const slots = createSemaphore(options.size);
  const perUser = new Map<number, number>();
  let queued = 0;
  const isFull = (userId: number) =>
    (perUser.get(userId) ?? 0) >= options.perUser || queued >= options.size + options.maxWaiting;
  return {
    /** Whether the next task of `userId` would be refused (checked before reading a body). */
    isFull,
    run<T>(userId: number, task: () => Promise<T>): Promise<T> {
      const own = perUser.get(userId) ?? 0;
      if (isFull(userId)) {
        return Promise.reject(new ImageQueueFullError(`user ${userId}: ${own} images queued`));
      }
      perUser.set(userId, own + 1);
      queued += 1;
      return slots.run(task).finally(() => {
        queued -= 1;
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
      });
    },
    load: () => ({ ...slots.load(), users: perUser.size }),
  };
}

const imageQueue = createImageQueue({
  size: MAX_CONCURRENT_IMAGES,
  perUser: MAX_IMAGES_PER_USER,
  maxWaiting: MAX_WAITING_IMAGES,
});

/** Whether an image of `userId` would be refused now by the queue (IMAGE_QUEUE_FULL). */
export const isImageQueueFull = (userId: number) => imageQueue.isFull(userId);

/** The bytes are not an image sharp can decode (corrupt, truncated, or not what they claim). */
export class InvalidImageError extends Error {}

/** The image is over MAX_INPUT_PIXELS (read from its header, nothing decoded). */
export class ImagePixelLimitError extends Error {}

/**
 * Refuses an image over MAX_INPUT_PIXELS from its first bytes (`head`), before it waits in the
 * queue: a PNG, GIF or WebP states its size in its first bytes, a JPEG after its metadata
 * blocks. A header not within `head` is checked again from the whole file when rendered.
 */
export async function checkImageHeader(head: Buffer): Promise<void> {
  const header = await sharp(head, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (header && framePixelsOf(header) > MAX_INPUT_PIXELS) {
    throw new ImagePixelLimitError('over the pixel limit');
  }
}

/**
 * The image worker (image-worker.ts), one child process started on first use and again after
 * it died; jobs are sent one at a time by the queue. Its channel holds the API process open only
 * while a job runs. From the sources (tests, `tsx`) the worker runs through tsx as well; the
 * build has it as an entry point of its own beside this code (build.mjs).
 */
function createImageWorker() {
  let child: ChildProcess | undefined;
  let nextId = 0;
  const pending = new Map<number, (result: RenderResult) => void>();

  function start(): ChildProcess {
    const isSource = import.meta.url.endsWith('.ts');
    const entry = fileURLToPath(
      new URL(isSource ? './image-worker.ts' : './image-worker.js', import.meta.url),
    );
    const started = fork(entry, [], {
      execArgv: isSource ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (message: { id?: number; result?: RenderResult }) => {
      if (message.id === undefined || !message.result) return;
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
      if (pending.size === 0) started.channel?.unref();
    });
    started.once('exit', (code, signal) => {
      if (child === started) child = undefined;
      const message = `image worker exited (${signal ?? code})`;
      for (const settle of pending.values()) settle({ ok: false, reason: 'failed', message });
      pending.clear();
    });
    started.once('error', () => started.kill('SIGKILL'));
    started.unref();
    return started;
  }

  return {
    /** The worker's process id while it runs (tests). */
    pid: () => child?.pid,
    render(job: RenderJob): Promise<RenderResult> {
      child ??= start();
      const id = (nextId += 1);
      const worker = child;
      return new Promise<RenderResult>((resolve) => {
        pending.set(id, resolve);
        worker.channel?.ref();
        worker.send({ id, job }, (error) => {
          if (!error) return;
          pending.delete(id);
          resolve({ ok: false, reason: 'failed', message: error.message });
        });
      });
    },
  };
}

const imageWorker = createImageWorker();

/** The image worker's process id, once started (tests). */
export const imageWorkerPid = () => imageWorker.pid();

/**
 * Writes each size of the upload (image-render.ts: resized, auto-rotated, re-encoded without
 * metadata). Runs in the image queue of `userId`: rejects with ImageQueueFullError at once when
 * the queue refuses it, else with the input's error (too large, aborted), ImagePixelLimitError,
 * InvalidImageError for bytes sharp cannot decode, or the storage failure; keys already written
 * are the caller's to delete. The caller checked the header (checkImageHeader) before.
 */
export async function writeImageVariants(
  storage: Storage,
  input: Readable,
  format: ImageFormat,
  keys: Record<MediaSize, string>,
  contentType: string,
  userId: number,
): Promise<void> {
  return imageQueue.run(userId, () => processImage(storage, input, format, keys, contentType));
}

async function processImage(
  storage: Storage,
  input: Readable,
  format: ImageFormat,
  keys: Record<MediaSize, string>,
  contentType: string,
): Promise<void> {
  // The upload and its sizes go through files, so no image is copied through the event loop.
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'clipmarket-image-'));
  try {
    const source = path.join(dir, 'input');
    // Bounded by the upload's byte limit (the caller's limitBytes), and admitted by the queue.
    await pipeline(input, fs.createWriteStream(source));
    const sizes = Object.keys(keys) as MediaSize[];
    const outputs = sizes.map((size) => ({
      size,
      width: size === 'full' ? null : imageVariantWidths[size],
      file: path.join(dir, `${size}.${format}`),
    }));
    const result = await imageWorker.render({ source, format, outputs });
    if (!result.ok) {
      if (result.reason === 'pixel-limit') throw new ImagePixelLimitError(result.message);
      if (result.reason === 'invalid') throw new InvalidImageError(result.message);
      throw new Error(`Image processing failed: ${result.message}`);
    }
    for (const output of outputs) {
      await storage.put(keys[output.size], fs.createReadStream(output.file), { contentType });
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
