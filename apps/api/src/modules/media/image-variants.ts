import type { Readable } from 'node:stream';
import {
  imageVariantWidths,
  MAX_IMAGE_MEGAPIXELS,
  type MediaSize,
} from '@clipmarket/contracts/media';
import sharp, { type Sharp } from 'sharp';
import type { Storage } from '../../platform/storage/storage.js';

export type ImageFormat = 'jpg' | 'png' | 'webp' | 'gif';

/**
 * Bigger images are refused before decoding (sharp reads the size from the header): a small
 * file can unpack to gigabytes, and encoding time grows with the pixels. 25 MP is a 6000 × 4000
 * photo, more than any phone camera of today.
 */
export const MAX_INPUT_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/**
 * Images processed at once in this process; more uploads wait their turn (their request stream
 * paused). Decoding and encoding take a core each, and the API must keep answering.
 */
export const MAX_CONCURRENT_IMAGES = 2;

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

const imageSlots = createSemaphore(MAX_CONCURRENT_IMAGES);

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

/**
 * Decodes the upload once and writes each size: `full` keeps the dimensions, thumb and medium
 * fit inside a square of their width; all auto-rotated from EXIF and re-encoded, which drops
 * every metadata block (EXIF GPS included). Animated GIF/WebP keep their frames.
 * Rejects with the input's error (too large, aborted), InvalidImageError for bytes sharp
 * cannot decode, or the storage failure; keys already written are the caller's to delete.
 */
export async function writeImageVariants(
  storage: Storage,
  input: Readable,
  format: ImageFormat,
  keys: Record<MediaSize, string>,
  contentType: string,
): Promise<void> {
  return imageSlots.run(() => processImage(storage, input, format, keys, contentType));
}

async function processImage(
  storage: Storage,
  input: Readable,
  format: ImageFormat,
  keys: Record<MediaSize, string>,
  contentType: string,
): Promise<void> {
  const decoder = sharp({
    animated: format === 'gif' || format === 'webp',
    limitInputPixels: MAX_INPUT_PIXELS,
  });
  const outputs = (Object.keys(keys) as MediaSize[]).map((size) => {
    let pipeline = decoder.clone().autoOrient();
    if (size !== 'full') {
      const width = imageVariantWidths[size];
      pipeline = pipeline.resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
    }
    return { size, stream: encode(pipeline, format, size) };
  });
  // Clones wait for the decoder's input to finish: a failing input must fail them too.
  let inputError: Error | null = null;
  input.once('error', (error) => {
    inputError = error;
    for (const output of outputs) output.stream.destroy(error);
  });
  decoder.once('error', (error) => {
    for (const output of outputs) output.stream.destroy(error);
  });
  input.pipe(decoder);
  const results = await Promise.allSettled(
    outputs.map((output) => storage.put(keys[output.size], output.stream, { contentType })),
  );
  decoder.destroy();
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failure) return;
  if (inputError) throw inputError;
  const reason = failure.reason as Error;
  // Sharp fails with plain Errors; system (errno `code`) and S3 errors are ours, not the file's.
  const isDecodeError =
    reason instanceof Error && reason.constructor === Error && !('code' in reason);
  if (isDecodeError && !isPixelLimitError(reason)) throw new InvalidImageError(reason.message);
  throw reason;
}
