import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-db.js';
import { waitFor } from '../../test/wait-for.js';
import { createAdvisoryLocker, LockTimeoutError } from './advisory-locker.js';

const never = new AbortController().signal;

// Advisory locks and LISTEN/NOTIFY between processes: a PostgreSQL server's (PGlite is one
// process, whose uploads keep @tus/server's in-memory locker).
describe.runIf(testDatabaseUrl())('advisory locks shared by processes (PostgreSQL)', () => {
  let pools: pg.Pool[];
  const errors: unknown[] = [];
  /** One locker per "process", each on a pool of its own, as two API processes would be. */
  const lockers = (acquireTimeoutMs?: number) =>
    pools.map((pool) =>
      createAdvisoryLocker({
        pool,
        namespace: 'locker_test',
        ...(acquireTimeoutMs ? { acquireTimeoutMs } : {}),
        onError: (error) => errors.push(error),
      }),
    );

  beforeAll(() => {
    pools = [0, 1].map(() => new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 }));
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it('asks the holder in the other process to let go, then takes the key', async () => {
    const [a, b] = lockers();
    const key = randomUUID();
    try {
      const held = a!.newLock(key);
      let asked = 0;
      await held.lock(never, async () => {
        asked += 1;
        // The holder stops its work and lets go, as a stalled PATCH does.
        await held.unlock();
      });
      const taken = b!.newLock(key);
      await taken.lock(never, () => {});
      expect(asked).toBe(1);
      await taken.unlock();
      // Another key is free meanwhile, in either process.
      const other = a!.newLock(randomUUID());
      await other.lock(never, () => {});
      await other.unlock();
    } finally {
      await a!.close();
      await b!.close();
    }
  });

  it('gives up after its time when the holder does not let go', async () => {
    const [a, b] = lockers(300);
    const key = randomUUID();
    try {
      const held = a!.newLock(key);
      await held.lock(never, () => {});
      await expect(b!.newLock(key).lock(never, () => {})).rejects.toBeInstanceOf(LockTimeoutError);
      await held.unlock();
      const again = b!.newLock(key);
      await again.lock(never, () => {});
      await again.unlock();
    } finally {
      await a!.close();
      await b!.close();
    }
  });

  it('lets go with a connection that dies, and tells the holder to stop', async () => {
    const [a, b] = lockers();
    const key = randomUUID();
    try {
      let stopped = false;
      const held = a!.newLock(key);
      await held.lock(never, async () => {
        stopped = true;
        await held.unlock();
      });
      // The holder's session ends (a process killed, a network cut): its lock goes with it.
      await pools[1]!.query(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and objsubid = 1
            and classid = ((hashtextextended($1, 0) >> 32) & 4294967295)::oid
            and objid = (hashtextextended($1, 0) & 4294967295)::oid`,
        [`locker_test:${key}`],
      );
      await waitFor(() => stopped, { what: 'the holder told its lock is lost' });
      const taken = b!.newLock(key);
      await taken.lock(never, () => {});
      await taken.unlock();
    } finally {
      await a!.close();
      await b!.close();
    }
  });
});
