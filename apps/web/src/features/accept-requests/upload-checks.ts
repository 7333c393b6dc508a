/**
 * What the upload form tells the creator about the chosen file before sending it (QA walk
 * item 15): its size in a unit that reads (6 bytes, 740 KB, 12.5 MB), and whether its length
 * is far from the length ordered (a warning only: the server refuses only a video far longer).
 */

const KILOBYTE = 1024;
const MEGABYTE = 1024 * 1024;

export type SizeLabel =
  | { key: 'upload.sizeBytes'; count: number }
  | { key: 'upload.sizeKb' | 'upload.size'; size: number };

/** Bytes under 1 KB, kilobytes (whole) under 1 MB, megabytes with one decimal above. */
export function sizeLabel(bytes: number): SizeLabel {
  if (bytes < KILOBYTE) return { key: 'upload.sizeBytes', count: bytes };
  if (bytes < MEGABYTE) return { key: 'upload.sizeKb', size: Math.round(bytes / KILOBYTE) };
  return { key: 'upload.size', size: Math.round((bytes / MEGABYTE) * 10) / 10 };
}

/**
 * `shorter` under 80 % of the length ordered, `longer` over 120 %; null when close enough, or
 * when either length is unknown.
 */
export function lengthWarning(
  durationSeconds: number | null,
  orderedSeconds: number | null | undefined,
): 'shorter' | 'longer' | null {
  if (!durationSeconds || !Number.isFinite(durationSeconds) || !orderedSeconds) return null;
  if (durationSeconds < orderedSeconds * 0.8) return 'shorter';
  if (durationSeconds > orderedSeconds * 1.2) return 'longer';
  return null;
}

/** The video's length read by the browser from the file's header; null when it cannot. */
export function readVideoDuration(file: File, timeoutMs = 5000): Promise<number | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
