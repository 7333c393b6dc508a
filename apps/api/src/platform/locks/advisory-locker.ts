import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** Asks a lock's holder to let go (@tus/server's `RequestRelease`). */
export type RequestRelease = () => Promise<void> | void;

/** One lock on one key, in the shape of @tus/server's `Lock`. */
export interface Lock {
  /** Waits for the key, asking its holder to let go; throws `LockTimeoutError` when not given. */
  lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void>;
  unlock(): Promise<void>;
}

/** Makes locks, in the shape of @tus/server's `Locker`. */
export interface Locker {
  newLock(key: string): Lock;
}

export class LockTimeoutError extends Error {
  constructor(readonly key: string) {
    super(`The lock on ${key} was not given in time`);
    this.name = 'LockTimeoutError';
  }
}

/** How often a waiting lock tries again, and asks the holder again (a holder may miss one ask). */
const RETRY_MS = 100;
const ASK_EVERY_TRIES = 10;
/** Connections of the locks in one process: each lock held or waited for keeps one. */
const MAX_LOCK_CONNECTIONS = 20;

/**
 * Locks every process on one PostgreSQL database shares (issue 26, ADR 043): a session advisory
 * lock (`pg_try_advisory_lock` on a hash of `namespace:key`) taken on a connection of the
 * locker's own small pool and kept while the lock is held, so a process that dies lets go with
 * its connection. The locks have their own pool: a lock can be held for minutes (a video's
 * PATCH), and holders that each took one of the queries' connections could starve the very
 * queries they wait for.
 *
 * A request waiting for a key asks its holder to let go, wherever it runs, with
 * `NOTIFY <namespace>_release, '<key>'`; every process LISTENs on one connection and calls its
 * local holder's `requestRelease`. It retries until `acquireTimeoutMs`, then throws.
 */
export function createAdvisoryLocker(options: {
  /** The database's pool: the locks connect with its settings, on connections of their own. */
  pool: pg.Pool;
  /** Keeps these locks' keys apart from other lockers'; names the release channel too. */
  namespace: string;
  acquireTimeoutMs?: number;
  onError: (error: unknown) => void;
}): Locker & { close(): Promise<void> } {
  const { namespace, onError } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(namespace)) throw new Error(`Invalid lock namespace ${namespace}`);
  const channel = `${namespace}_release`;
  const timeoutMs = options.acquireTimeoutMs ?? 30_000;
  const connections = new pg.Pool({
    ...options.pool.options,
    max: MAX_LOCK_CONNECTIONS,
    connectionTimeoutMillis: timeoutMs,
  });
  // An idle connection that drops is the pool's to replace: nothing to do but say so.
  connections.on('error', onError);
  /** The release callback of each key held in this process. */
  const holders = new Map<string, RequestRelease>();
  let listening: Promise<void> | undefined;
  let closed = false;
  let listener: pg.PoolClient | undefined;

  async function startListening() {
    const client = await connections.connect();
    client.on('notification', (message) => {
      const release = message.payload === undefined ? undefined : holders.get(message.payload);
      if (release) Promise.resolve(release()).catch(onError);
    });
    let dropped = false;
    const drop = (error: Error) => {
      if (dropped) return;
      dropped = true;
      client.release(error);
      if (listener === client) listener = undefined;
    };
    client.on('error', (error) => {
      onError(error);
      const wasListening = listener === client;
      drop(error);
      // Before LISTEN answered, `listen` sees the failure itself.
      if (!wasListening) return;
      // The holders must hear the asks again: listen anew now, not at this process's next lock.
      listening = undefined;
      if (holders.size > 0) void listen();
    });
    try {
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      drop(error as Error);
      throw error;
    }
    listener = client;
  }

  /** Listens for the asks to let go; a failure is tried again in a second while keys are held. */
  function listen(): Promise<void> {
    if (closed) return Promise.resolve();
    if (!listening) {
      const attempt: Promise<void> = startListening().catch((error: unknown) => {
        onError(error);
        if (listening === attempt) listening = undefined;
        setTimeout(() => {
          if (holders.size > 0) void listen();
        }, 1000).unref();
      });
      listening = attempt;
    }
    return listening;
  }

  return {
    newLock(key) {
      const lockKey = `${namespace}:${key}`;
      let held:
        | { client: pg.PoolClient; onLost: (error: Error) => void; release: RequestRelease }
        | undefined;
      return {
        async lock(signal, requestRelease) {
          if (closed) throw new LockTimeoutError(key);
          // Before the lock is held, so that its holder hears the asks to let go.
          await listen();
          const deadline = Date.now() + timeoutMs;
          const client = await connections.connect().catch(() => {
            throw new LockTimeoutError(key);
          });
          // The connection drops while held: the lock is gone with it, so the holder must stop.
          const onLost = (error: Error) => {
            onError(error);
            if (holders.get(key) === requestRelease)
              Promise.resolve(requestRelease()).catch(onError);
          };
          client.on('error', onLost);
          try {
            for (let tries = 0; ; tries += 1) {
              const { rows } = await client.query<{ locked: boolean }>(
                'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
                [lockKey],
              );
              if (rows[0]?.locked) break;
              if (tries % ASK_EVERY_TRIES === 0) {
                await connections.query('select pg_notify($1, $2)', [channel, key]);
              }
              if (signal.aborted || Date.now() + RETRY_MS > deadline) {
                throw new LockTimeoutError(key);
              }
              await sleep(RETRY_MS, undefined, { signal }).catch(() => {});
            }
          } catch (error) {
            client.off('error', onLost);
            if (error instanceof LockTimeoutError) {
              client.release();
              throw error;
            }
            // A failed query: that connection is not handed out again.
            client.release(error as Error);
            throw new LockTimeoutError(key);
          }
          holders.set(key, requestRelease);
          held = { client, onLost, release: requestRelease };
        },

        async unlock() {
          if (!held) throw new Error(`Unlocking ${key}, which is not locked`);
          const { client, onLost, release } = held;
          held = undefined;
          if (holders.get(key) === release) holders.delete(key);
          try {
            await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]);
            client.off('error', onLost);
            client.release();
          } catch (error) {
            // The session is thrown away, and its locks with it.
            client.off('error', onLost);
            client.release(error as Error);
          }
        },
      };
    },

    /**
     * Asks this process's holders to let go (their clients resume on another process) and
     * closes the connections once they did.
     */
    async close() {
      closed = true;
      await Promise.all([...holders.values()].map((release) => release())).catch(onError);
      listener?.release();
      listener = undefined;
      await connections.end();
    },
  };
}
