import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * ffprobe and ffmpeg as child processes (issue 11 §2): the binaries of PATH unless FFMPEG_PATH /
 * FFPROBE_PATH say otherwise. Files are passed by path and never read into this process; only
 * ffprobe's small JSON and the tail of stderr are kept.
 */

export interface Binaries {
  ffmpeg: string;
  ffprobe: string;
}

/** A run that ended with a non-zero code (or was killed); `stderr` is its last lines. */
export class FfmpegError extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${tool} failed (${exitCode ?? 'killed'}): ${stderr.slice(-500)}`);
  }
}

const STDERR_KEEP = 16 * 1024;
const STDOUT_MAX = 4 * 1024 * 1024;

/**
 * Threads a transcode may use: all cores but one, so the API in the same process group still
 * answers while a video is processed (issue 11 §10: p99 under a transcode).
 */
export const TRANSCODE_THREADS = Math.max(1, os.availableParallelism() - 1);

/**
 * Runs a tool to its end; resolves with stdout and the tail of stderr, rejects with FfmpegError.
 * `background` runs it at the lowest CPU priority (a transcode yields to requests).
 */
export function run(
  tool: string,
  args: string[],
  options: { timeoutMs?: number; background?: boolean } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (options.background && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // Not allowed here (some containers): it runs at normal priority.
      }
    }
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < STDOUT_MAX) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    const timer = options.timeoutMs
      ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
      : undefined;
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new FfmpegError(tool, code, stderr));
    });
  });
}

/** What ffmpeg prints when the input itself is broken: retrying will not help. */
const BROKEN_INPUT =
  /Invalid data found when processing input|moov atom not found|partial file|could not find codec parameters|does not contain any stream|Invalid NAL unit|corrupt|decoding for stream .* failed|Output file .* does not contain any stream|no frame!/i;

export function isBrokenInput(error: unknown): boolean {
  return error instanceof FfmpegError && error.exitCode !== null && BROKEN_INPUT.test(error.stderr);
}
