import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('health probes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers liveness without touching the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready with the database, the storage and the job queue up', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', failing: [] });
  });

  it('answers the request id it was given, or a new one', async () => {
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/v2/health/live',
      headers: { 'x-request-id': 'lb-7f3a:42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a:42');
    // Not an id (spaces, quotes, too long): replaced, never written to the logs as is.
    for (const bad of ['"quoted id"', 'x'.repeat(129)]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/v2/health/live',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('readiness while a part fails', () => {
  it('answers 503 naming the storage when it does not answer', async () => {
    // An S3 endpoint nobody listens on: the storage cannot be reached.
    const ctx = await createTestContext({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'unreachable',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/v2/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', failing: ['storage'] });
      // Liveness does not depend on it: restarting the process would not fix the storage.
      expect((await ctx.app.inject({ method: 'GET', url: '/v2/health/live' })).statusCode).toBe(
        200,
      );
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 while the process drains for shutdown, liveness still 200', async () => {
    const ctx = await createTestContext();
    try {
      ctx.lifecycle.beginDrain(5_000);
      const res = await ctx.app.inject({ method: 'GET', url: '/v2/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', failing: ['draining'] });
      expect((await ctx.app.inject({ method: 'GET', url: '/v2/health/live' })).statusCode).toBe(
        200,
      );
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 naming the job queue once it has stopped', async () => {
    const ctx = await createTestContext();
    try {
      await ctx.jobs.stop();
      const res = await ctx.app.inject({ method: 'GET', url: '/v2/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().failing).toEqual(['jobs']);
    } finally {
      await ctx.close();
    }
  });
});
