import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Portrait, like the demo requests' format; small, so seeding stays fast. */
export const DEMO_VIDEO = { width: 360, height: 640, seconds: 3 } as const;

/**
 * A short real video made by ffmpeg (its test pattern and a tone) in `dir`: what the demo
 * creator "uploads". Answers its path, or the error when ffmpeg is missing or fails (the
 * caller skips the video steps and says so).
 */
export async function makeDemoVideo(
  ffmpeg: string,
  dir: string,
): Promise<{ file: string } | { error: unknown }> {
  const file = path.join(dir, 'yasmine-demo.mp4');
  const { width, height, seconds } = DEMO_VIDEO;
  try {
    await run(
      ffmpeg,
      [
        ...['-v', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=25`],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
        ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart'],
        file,
      ],
      { timeout: 30_000 },
    );
    return { file };
  } catch (error) {
    return { error };
  }
}
