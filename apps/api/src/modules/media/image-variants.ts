import type { Readable } from 'node:stream';
import {
  imageVariantWidths,
  MAX_IMAGE_MEGAPIXELS,
  type MediaSize,
} from '@clipmarket/contracts/media';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Storage } from '../../platform/storage/storage.js';

export type ImageFormat = 'jpg' | 'png' | 'webp' | 'gif';

/**
 * Bigger images are refused before decoding (sharp reads the size from the header): a small
 * file can unpack to gigabytes, and encoding time grows with the pixels. 25 MP is a 6000 × 4000
 * photo, more than any phone camera of today.
 */
export const MAX_INPUT_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/**
 * Animations are expensive to re-encode (GIF quantises every frame: a 1.4 MB GIF of 200 frames
 * took 10 to 40 s of CPU). One whose frames add up to more than 2 megapixels (a 200 × 200
 * avatar of 50 frames), or that has more than 100 frames, keeps its first frame only: decided
 * from the header before any frame is decoded.
 */
export const MAX_ANIMATION_PIXELS = 2_000_000;
export const MAX_ANIMATION_FRAMES = 100;

/**
 * Images processed at once in this process, each on one libvips thread (sharp's work runs on
 * libuv's thread pool, off the event loop): one image, its sizes one after another, so images
 * hold one core and one pool thread at most; requests keep the other core, and file and crypto
 * work the other pool threads (ADR 031).
 */
export const MAX_CONCURRENT_IMAGES = 1;
/** Images of one user processed or waiting at once; one more is refused (429 IMAGE_QUEUE_FULL). */
export const MAX_IMAGES_PER_USER = 2;
/** Images waiting in the whole process; one more is refused the same way. */
export const MAX_WAITING_IMAGES = 16;

sharp.concurrency(1);

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
  return {
    run<T>(userId: number, task: () => Promise<T>): Promise<T> {
      const own = perUser.get(userId) ?? 0;
      if (own >= options.perUser || queued >= options.size + options.maxWaiting) {
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

/** The bytes are not an image sharp can decode (corrupt, truncated, or not what they claim). */
export class InvalidImageError extends Error {}

/** Sharp's message when an image is over MAX_INPUT_PIXELS. */
export const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Encoders tuned for upload time as much as for size: the full size is the costly one (its
 * pixels are all of the input's), so it gets zlib's default level without adaptive filtering
 * (level 9 with filtering took seconds of CPU on a large PNG for a few percent); the small
 * sizes afford the best compression. WebP at effort 2 of 6, well below its default of 4.
 */
function encode(pipeline: Sharp, format: ImageFormat, size: MediaSize): Sharp {
  const isFull = size === 'full';
  switch (format) {
    case 'jpg':
      return pipeline.jpeg({ quality: 82, progressive: true });
    case 'png':
      return isFull
        ? pipeline.png({ compressionLevel: 6, adaptiveFiltering: false })
        : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    case 'webp':
      return pipeline.webp({ quality: 82, effort: isFull ? 2 : 4 });
    case 'gif':
      return pipeline.gif();
  }
}

/** The image is over MAX_INPUT_PIXELS (read from its header, nothing decoded). */
export class ImagePixelLimitError extends Error {}

/**
 * Whether to keep an animation's frames: only a GIF or WebP with several frames within the
 * budget (MAX_ANIMATION_PIXELS, MAX_ANIMATION_FRAMES); any other keeps its first frame.
 */
export function keepsAnimation(
  format: ImageFormat,
  header: { width?: number; height?: number; pageHeight?: number; pages?: number },
): boolean {
  if (format !== 'gif' && format !== 'webp') return false;
  const pages = header.pages ?? 1;
  const framePixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);
  return pages > 1 && pages <= MAX_ANIMATION_FRAMES && framePixels * pages <= MAX_ANIMATION_PIXELS;
}

async function readAll(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Writes each size of the upload: `full` keeps the dimensions, thumb and medium fit inside a
 * square of their width; all auto-rotated from EXIF and re-encoded, which drops every metadata
 * block (EXIF GPS included). Animations within the budget keep their frames, others their first.
 * The header is read before anything is decoded (size, frames). Runs in the image queue of
 * `userId`: rejects with ImageQueueFullError at once when the queue refuses it, else with the
 * input's error (too large, aborted), ImagePixelLimitError, InvalidImageError for bytes sharp
 * cannot decode, or the storage failure; keys already written are the caller's to delete.
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

/** Sharp fails with plain Errors; system (errno `code`) and S3 errors are ours, not the file's. */
const isDecodeError = (error: unknown) =>
  error instanceof Error && error.constructor === Error && !('code' in error);

async function processImage(
  storage: Storage,
  input: Readable,
  format: ImageFormat,
  keys: Record<MediaSize, string>,
  contentType: string,
): Promise<void> {
  // Bounded by the upload's byte limit (the caller's limitBytes), and admitted by the queue.
  const bytes = await readAll(input);
  let header: Metadata;
  try {
    header = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
  } catch (error) {
    if (isDecodeError(error)) throw new InvalidImageError((error as Error).message);
    throw error;
  }
  const framePixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);
  if (framePixels > MAX_INPUT_PIXELS) throw new ImagePixelLimitError('over the pixel limit');
  const animated = keepsAnimation(format, header);
  for (const size of Object.keys(keys) as MediaSize[]) {
    let pipeline = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
    if (size !== 'full') {
      const width = imageVariantWidths[size];
      pipeline = pipeline.resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
    }
    const output = encode(pipeline, format, size);
    try {
      await storage.put(keys[size], output, { contentType });
    } catch (error) {
      output.destroy();
      if (isDecodeError(error) && !isPixelLimitError(error)) {
        throw new InvalidImageError((error as Error).message);
      }
      throw error;
    }
  }
}
