import type { Readable } from 'node:stream';
import { imageVariantWidths, type MediaSize } from '@clipmarket/contracts/media';
import sharp, { type Sharp } from 'sharp';
import type { Storage } from '../../platform/storage/storage.js';

export type ImageFormat = 'jpg' | 'png' | 'webp' | 'gif';

/** Bigger images are refused before decoding: a small file can unpack to gigabytes. */
export const MAX_INPUT_PIXELS = 64_000_000;

/** The bytes are not an image sharp can decode (corrupt, truncated, or not what they claim). */
export class InvalidImageError extends Error {}

/** Sharp's message when an image is over MAX_INPUT_PIXELS. */
export const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpg':
      return pipeline.jpeg({ quality: 82, progressive: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    case 'webp':
      return pipeline.webp({ quality: 82 });
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
    return { size, stream: encode(pipeline, format) };
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
