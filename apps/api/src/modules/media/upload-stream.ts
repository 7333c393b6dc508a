import { once } from 'node:events';
import type { Socket } from 'node:net';
import { Readable, Transform } from 'node:stream';

/** The upload went over the byte limit; whatever was written must be removed. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File larger than ${maxBytes} bytes`);
  }
}

/** The client's stream broke off or was not valid multipart: their request, not our fault. */
export class UploadInterruptedError extends Error {}

/**
 * Passes `source` through, erroring with FileTooLargeError as soon as more than `maxBytes`
 * went by (so nothing downstream keeps processing an oversize file). Errors and premature
 * closes of the source are forwarded. `source.pipe` rather than `pipeline`: a failure here
 * must not destroy the request stream, which the caller drains so the client reads the answer.
 */
export function limitBytes(
  source: Readable,
  maxBytes: number,
): { stream: Readable; bytes: () => number } {
  let total = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  source.once('error', (error) => limiter.destroy(new UploadInterruptedError(error.message)));
  source.once('close', () => {
    if (!source.readableEnded) limiter.destroy(new UploadInterruptedError('Upload aborted'));
  });
  source.pipe(limiter);
  return { stream: limiter, bytes: () => total };
}

/**
 * Reads at least `size` bytes (fewer only if the stream ends) for content sniffing and hands
 * back a stream replaying them followed by the rest, without ever holding more than that.
 */
export async function peekHead(
  stream: Readable,
  size: number,
): Promise<{ head: Buffer; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    if (head.length > 0) yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, body: Readable.from(replay(), { objectMode: false }) };
}

/**
 * Reads and discards what is left of a rejected upload so the client, still sending, gets the
 * error answer instead of a reset connection. Gives up (destroying the stream) after `timeoutMs`.
 */
export async function drain(source: Readable, timeoutMs = 15_000): Promise<void> {
  if (source.destroyed || source.readableEnded) return;
  source.unpipe();
  const timer = setTimeout(() => source.destroy(), timeoutMs);
  try {
    const ended = Promise.race([once(source, 'end'), once(source, 'close')]);
    source.resume();
    await ended;
  } catch {
    // An erroring or destroyed stream is drained as far as it will ever be.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Closes the connection once the answer to a request refused before its body was read has
 * gone out, without resetting a client that is still sending: Node destroys a `Connection:
 * close` socket as soon as the answer is written, and the client, writing into a closed socket,
 * then gets EPIPE instead of the answer (2 of 17 early refusals in the image bench). Here the
 * server ends its side, Node's parser drops what still arrives (no multipart parsing, nothing
 * kept) until the client closes, for `lingerMs` at most; then the socket is destroyed.
 */
export function closeWithoutReset(socket: Socket, lingerMs = 2000): void {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
