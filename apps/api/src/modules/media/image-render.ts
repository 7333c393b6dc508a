import { MAX_IMAGE_MEGAPIXELS, type MediaSize } from '@clipmarket/contracts/media';
import sharp, { type Sharp } from 'sharp';

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

/** Sharp's message when an image is over MAX_INPUT_PIXELS. */
export const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

/** Sharp fails with plain Errors; system (errno `code`) errors are ours, not the file's. */
export const isDecodeError = (error: unknown) =>
  error instanceof Error && error.constructor === Error && !('code' in error);

/** Pixels of one frame, as the header tells them (an animation's frames are stacked). */
export const framePixelsOf = (header: { width?: number; height?: number; pageHeight?: number }) =>
  (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);

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
  return (
    pages > 1 &&
    pages <= MAX_ANIMATION_FRAMES &&
    framePixelsOf(header) * pages <= MAX_ANIMATION_PIXELS
  );
}

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

/** One image to render: its file, and a file to write for each size (`width` null: full). */
export interface RenderJob {
  source: string;
  format: ImageFormat;
  outputs: { size: MediaSize; width: number | null; file: string }[];
}

/** How a render ended; errors as data, since they cross a process boundary. */
export type RenderResult =
  { ok: true } | { ok: false; reason: 'pixel-limit' | 'invalid' | 'failed'; message: string };

/**
 * Writes each size of the image: `full` keeps the dimensions, the others fit inside a square of
 * their width; all auto-rotated from EXIF and re-encoded, which drops every metadata block (EXIF
 * GPS included). The header is read before anything is decoded (size, frames): animations within
 * the budget keep their frames, others their first.
 */
export async function renderImage(job: RenderJob): Promise<RenderResult> {
  try {
    const header = await sharp(job.source, { animated: true, limitInputPixels: false }).metadata();
    if (framePixelsOf(header) > MAX_INPUT_PIXELS) {
      return { ok: false, reason: 'pixel-limit', message: 'over the pixel limit' };
    }
    const animated = keepsAnimation(job.format, header);
    for (const output of job.outputs) {
      let pipeline = sharp(job.source, {
        animated,
        limitInputPixels: MAX_INPUT_PIXELS,
      }).autoOrient();
      if (output.width !== null) {
        pipeline = pipeline.resize({
          width: output.width,
          height: output.width,
          fit: 'inside',
          withoutEnlargement: true,
        });
      }
      await encode(pipeline, job.format, output.size).toFile(output.file);
    }
    return { ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isPixelLimitError(error)) return { ok: false, reason: 'pixel-limit', message };
    if (isDecodeError(error)) return { ok: false, reason: 'invalid', message };
    return { ok: false, reason: 'failed', message };
  }
}
