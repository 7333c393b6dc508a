// The image worker: a child process of the API that renders uploaded images (image-variants.ts
// starts it). It lowers its own CPU priority before loading sharp, so every thread it starts
// afterwards (libuv's pool, libvips' workers) inherits nice 19: on a busy machine the API's
// event loop, in the same process group, always gets the CPU before image work (ADR 031).
import fs from 'node:fs';
import os from 'node:os';
import type { RenderJob, RenderResult } from './image-render.js';

/**
 * Linux keeps a nice value per thread: each thread already running (V8's, a loader's) is
 * lowered by its id; elsewhere the process's priority is the one to lower.
 */
function lowerPriority() {
  let threadIds = [0];
  try {
    threadIds = fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    // No /proc: the whole process at once.
  }
  for (const threadId of threadIds) {
    try {
      os.setPriority(threadId, 19);
    } catch {
      // Not allowed here (some containers), or the thread ended: it runs at normal priority.
    }
  }
}

lowerPriority();

const { renderImage } = await import('./image-render.js');
const sharp = (await import('sharp')).default;
// One image at a time on one libvips thread; no operation cache (each image is seen once).
sharp.concurrency(1);
sharp.cache(false);

process.on('message', (message: { id: number; job: RenderJob }) => {
  void renderImage(message.job).then((result: RenderResult) =>
    process.send?.({ id: message.id, result }),
  );
});
// The API went away: nothing left to render for.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
