// The uploader of the image bench (bench-images.mjs), in a thread of its own at nice 10. It stands
// for a user on another machine: on the bench's two CPUs its own work (multipart bodies of ~9 MB,
// sent as fast as the limits allow) would otherwise compete with the API it measures, and count
// as the product's latency. The paced load that measures the other user runs in another thread,
// at the normal priority (bench-support.mjs `pacedLoad`).
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { resultOfThread, seconds, sleep } from './bench-support.mjs';

/** Nice value of the uploader's thread (Linux keeps one per thread; the process's others keep theirs). */
const UPLOADER_NICE = 10;

/**
 * Sends `images` for `options.seconds` from a thread of its own; `onDone` when the last upload
 * has answered. Resolves with every upload's result.
 */
export async function uploadInThread(server, token, images, options, onDone) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: {
      uploader: {
        base: server.base,
        token,
        images: images.map(({ key, file, mime, body }) => ({ key, file, mime, body })),
        window: options.seconds,
        connections: options.connections,
        retryMs: options.retryMs,
      },
    },
  });
  try {
    return await resultOfThread(worker, 'the uploader');
  } finally {
    onDone();
  }
}

if (!isMainThread && workerData?.uploader) {
  const { base, token, images, ...options } = workerData.uploader;
  // This thread only (setpriority on the calling thread's id).
  os.setPriority(UPLOADER_NICE);
  parentPort.postMessage(await uploadFor({ base }, token, images, options));
}

async function uploadImage(server, token, image) {
  const form = new FormData();
  form.append('file', new Blob([image.body], { type: image.mime }), image.file);
  const started = performance.now();
  try {
    const response = await fetch(`${server.base}/v2/media/upload?purpose=profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await response.text();
    let code = '';
    try {
      const body = JSON.parse(text);
      code = body?.error?.code ?? body?.code ?? '';
    } catch {
      code = text.slice(0, 40);
    }
    return {
      status: response.status,
      code,
      retryAfter: Number(response.headers.get('retry-after')) || undefined,
      seconds: seconds(started),
    };
  } catch (error) {
    return {
      status: 0,
      code: String(error.cause?.code ?? error.message),
      seconds: seconds(started),
    };
  }
}

/**
 * The uploader: `connections` connections, each sending the next image of the sequence as soon
 * as its previous one answered, for `window` seconds. A refused image is sent again once the
 * limit allows: `retryMs` after IMAGE_QUEUE_FULL (no Retry-After: "wait a moment"), after
 * Retry-After when RATE_LIMITED; a connection whose Retry-After ends after the window stops there.
 */
async function uploadFor(server, token, images, { window, connections, retryMs }) {
  const started = performance.now();
  const results = [];
  let next = 0;
  const worker = async () => {
    let retry;
    while (seconds(started) < window) {
      const image = retry ?? images[next++ % images.length];
      const at = seconds(started);
      const result = await uploadImage(server, token, image);
      results.push({ image: image.key, at, ...result });
      retry = undefined;
      if (result.status === 429) {
        retry = image;
        const waitMs =
          result.code === 'RATE_LIMITED' ? (result.retryAfter ?? window) * 1000 : retryMs;
        if (seconds(started) + waitMs / 1000 >= window) break;
        await sleep(waitMs);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { results, seconds: seconds(started) };
}
