import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { settleJobs } from '../../test/run-job-now.js';
import { testDatabaseUrl } from '../../test/test-db.js';
import { waitFor } from '../../test/wait-for.js';
import { createRateLimitStore, sharedRateLimitOptions } from './rate-limit-store.js';

const silentLog = { info() {}, warn() {}, error() {} };

/**
 * The store the app registers, the counters of one limit of it (a route's, or with no route
 * the extra limits'), its hits as promises.
 */
function counter(database: Database, namespace: string, url?: string) {
  const Store = createRateLimitStore({ database, namespace, log: silentLog });
  const store = new Store({}).child({ routeInfo: url ? { method: 'POST', url } : {} });
  return (key: string, timeWindowMs = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), timeWindowMs);
    });
}

describe('rate limits counted in the database, shared by every API process', () => {
  // Two apps on one database, as two API processes: they count in one namespace.
  const namespace = `shared_${process.pid}_${Date.now()}`;
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    const env = { RATE_LIMIT_NAMESPACE: namespace, LOGIN_RATE_LIMIT_PER_MINUTE: '4' };
    a = await createTestContext(env);
    b = await createTestContext(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('refuses logins at the limit counted on both apps together, not at twice it', async () => {
    const email = uniqueEmail('shared-limit');
    const register = await a.app.inject({
      method: 'POST',
      url: '/v2/auth/register',
      payload: { role: 'TALENT', email, password: 'Secret12' },
    });
    expect(register.statusCode).toBe(201);

    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/v2/auth/login',
        payload: { email, password: `Wrong${i}abc` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  });

  it('counts concurrent hits of both apps exactly: 1 to N, no gap, no repeat', async () => {
    const hitOnA = counter(a.database, namespace, '/concurrent');
    const hitOnB = counter(b.database, namespace, '/concurrent');
    const hits = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? hitOnA : hitOnB)('client')),
    );
    const counts = hits.map((hit) => hit.current).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const hit of hits) expect(hit.ttl).toBeGreaterThan(0);
  });

  it('starts a new window once the time has passed', async () => {
    const hit = counter(a.database, namespace, '/window');
    expect((await hit('client', 300)).current).toBe(1);
    expect((await hit('client', 300)).current).toBe(2);
    // Each probe is a hit: counted on while the window lasts, back to 1 once it has passed.
    const fresh = await waitFor(
      async () => {
        const next = await hit('client', 300);
        return next.current === 1 && next;
      },
      { what: 'a hit in a new window' },
    );
    expect(fresh.ttl).toBeGreaterThan(0);
    expect(fresh.ttl).toBeLessThanOrEqual(300);
  });

  it('never shares a counter between two routes, extra limits or namespaces', async () => {
    const login = counter(a.database, namespace, '/apart-login');
    const upload = counter(a.database, namespace, '/apart-upload');
    const elsewhere = counter(a.database, `${namespace}_other`, '/apart-login');
    const extra = counter(a.database, namespace);

    expect((await login('client')).current).toBe(1);
    expect((await login('client')).current).toBe(2);
    expect((await upload('client')).current).toBe(1);
    expect((await elsewhere('client')).current).toBe(1);
    expect((await extra('client')).current).toBe(1);
    expect((await login('another client')).current).toBe(1);
  });

  it('keeps neither addresses nor e-mails in the table: the client part is hashed', async () => {
    const email = uniqueEmail('hashed');
    await counter(a.database, namespace, '/hashed')(`127.0.0.1|${email}`);
    const { rows } = await a.database.query<{ key: string }>(
      `select key from rate_limit_counters where key like $1`,
      [`${namespace}:route:POST /hashed|%`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).not.toContain(email);
  });

  it('deletes the counters whose window has passed, hourly', async () => {
    const expired = `${namespace}:cleanup-expired`;
    const live = `${namespace}:cleanup-live`;
    await a.database.query(
      `insert into rate_limit_counters (key, hits, resets_at)
       values ($1, 3, now() - interval '1 second'), ($2, 3, now() + interval '1 hour')`,
      [expired, live],
    );
    await a.jobs.send('rate-limit-counters-cleanup', {});
    await settleJobs(a);
    const { rows } = await a.database.query<{ key: string }>(
      `select key from rate_limit_counters where key = any($1::text[])`,
      [[expired, live]],
    );
    expect(rows.map((row) => row.key)).toEqual([live]);
  });
});

describe('rate limits when the database fails', () => {
  let broken: Database;
  beforeAll(async () => {
    const url = testDatabaseUrl();
    broken = url ? await openDatabase({ databaseUrl: url }) : await openDatabase({});
    await broken.close();
  });

  it('lets the request through and logs the error, rather than failing every request', async () => {
    const errors: object[] = [];
    const log = { ...silentLog, error: (object: object) => void errors.push(object) };
    const app = Fastify();
    await app.register(rateLimit, {
      global: false,
      ...sharedRateLimitOptions({ database: broken, namespace: '', log }),
    });
    app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({
      ok: true,
    }));
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await app.inject({ method: 'GET', url: '/limited' })).statusCode).toBe(200);
      }
      expect(errors).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
