import sharp from 'sharp';
import { run, TRANSCODE_THREADS } from './content-videos.ffmpeg.js';

/**
 * The watermarked preview (issue 11 §2): H.264 with its short side at 720 (never upscaled),
 * AAC audio, fast start, and a visible text naming the advertiser and the line repeated across
 * the whole frame, so a leaked preview tells to whom it was shown and no crop removes it.
 */

/** Largest short side of a preview: 720p. */
export const PREVIEW_SHORT_SIDE = 720;

const even = (value: number) => Math.max(2, 2 * Math.floor(value / 2));

/** The preview's size: the short side brought down to 720 keeping the aspect, never up. */
export function previewSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PREVIEW_SHORT_SIDE / Math.min(width, height));
  return { width: even(width * scale), height: even(height * scale) };
}

export function watermarkText(advertiserName: string, lineId: number): string {
  return `Clipmarket preview · ${advertiserName} · #${lineId}`;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * A transparent PNG of the frame's size with `text` tiled on a slant, light with a dark edge
 * so it reads on bright and dark pictures alike. The SVG is rendered by sharp (librsvg and
 * Pango: Arabic names are shaped and ordered right to left with the Noto fonts).
 */
export async function renderWatermark(
  width: number,
  height: number,
  text: string,
  file: string,
): Promise<void> {
  const fontSize = Math.max(14, Math.round(Math.min(width, height) / 24));
  // A generous width per repetition: no overlap whatever the script, gaps are small anyway.
  const tileWidth = Math.round(text.length * fontSize * 0.62 + fontSize * 3);
  const tileHeight = fontSize * 5;
  const label = escapeXml(text);
  const textStyle =
    `font-family="Noto Sans, Noto Sans Arabic, DejaVu Sans, sans-serif" font-size="${fontSize}" ` +
    `font-weight="700" fill="#ffffff" fill-opacity="0.38" stroke="#000000" stroke-opacity="0.28" ` +
    `stroke-width="${Math.max(1, Math.round(fontSize / 16))}"`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <pattern id="w" patternUnits="userSpaceOnUse" width="${tileWidth}" height="${tileHeight}"
      patternTransform="rotate(-28)">
      <text x="0" y="${Math.round(fontSize * 1.5)}" ${textStyle}>${label}</text>
      <text x="${-Math.round(tileWidth / 2)}" y="${Math.round(fontSize * 4)}" ${textStyle}>${label}</text>
      <text x="${Math.round(tileWidth / 2)}" y="${Math.round(fontSize * 4)}" ${textStyle}>${label}</text>
    </pattern>
  </defs>
  <rect width="100%" height="100%" fill="url(#w)"/>
</svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

/** Transcodes `input` to the watermarked preview at `output` (an .mp4 path). */
export async function makePreview(
  ffmpeg: string,
  input: { file: string; hasAudio: boolean },
  watermarkPng: string,
  size: { width: number; height: number },
  output: string,
  /** ffmpeg is killed past it; the job fails and is retried, then dead-lettered. */
  timeoutMs: number,
): Promise<void> {
  await run(
    ffmpeg,
    [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-i',
      input.file,
      '-i',
      watermarkPng,
      '-filter_threads',
      String(TRANSCODE_THREADS),
      '-filter_complex',
      `[0:v]scale=${size.width}:${size.height},setsar=1[v];[v][1:v]overlay=0:0:format=auto,format=yuv420p[out]`,
      '-map',
      '[out]',
      ...(input.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
      '-c:v',
      'libx264',
      '-threads',
      String(TRANSCODE_THREADS),
      '-preset',
      'veryfast',
      '-crf',
      '24',
      '-profile:v',
      'high',
      '-movflags',
      '+faststart',
      '-map_metadata',
      '-1',
      '-f',
      'mp4',
      output,
    ],
    { timeoutMs, background: true },
  );
}

/** A JPEG frame of the (watermarked) preview, a second in or at its middle if shorter. */
export async function makePoster(
  ffmpeg: string,
  preview: string,
  durationSeconds: number | null,
  output: string,
): Promise<void> {
  const at = durationSeconds ? Math.min(1, durationSeconds / 2) : 0;
  await run(
    ffmpeg,
    [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-ss',
      at.toFixed(3),
      '-i',
      preview,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-f',
      'image2',
      output,
    ],
    { timeoutMs: 120_000 },
  );
}
