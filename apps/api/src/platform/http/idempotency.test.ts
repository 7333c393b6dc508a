import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { installErrorHandler } from './error-handler.js';
import { createIdempotency } from './idempotency.js';

/**
 * A key names one request: the same method, the same path (the resource, not the route's
 * pattern) and the same body of the same caller. Anything else with the key is refused with a
 * code, never answered with the first request's stored result.
 */
describe('Idempotency-Key binds the method, the full path and the body', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const paid: string[] = [];
  let users = 900_000_000;

  beforeAll(async () => {
    ctx = await createTestContext();
    const idempotency = createIdempotency({
      db: ctx.database.db,
      jobs: { register: () => {} } as unknown as JobQueue,
    });
    app = Fastify();
    installErrorHandler(app);
    const pay = (
      id: string,
      userId: number,
      request: Parameters<typeof idempotency.once>[0],
      reply: Parameters<typeof idempotency.once>[1],
    ) =>
      idempotency.once(request, reply, userId, 200, async () => {
        paid.push(id);
        return { data: { line: id, state: 'paid' } };
      });
    app.post<{ Params: { id: string }; Headers: { 'x-user': string } }>(
      '/lines/:id/payment',
      async (request, reply) =>
        pay(request.params.id, Number(request.headers['x-user']), request, reply),
    );
    app.put<{ Params: { id: string }; Headers: { 'x-user': string } }>(
      '/lines/:id/payment',
      async (request, reply) =>
        pay(request.params.id, Number(request.headers['x-user']), request, reply),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
  });

  const send = (
    userId: number,
    key: string,
    url: string,
    body: object = { method: 'wallet' },
    method: 'POST' | 'PUT' = 'POST',
  ) =>
    app.inject({
      method,
      url,
      payload: body,
      headers: { 'idempotency-key': key, 'x-user': String(userId) },
    });

  it('replays the first answer for the same request', async () => {
    const userId = (users += 1);
    const first = await send(userId, 'k', '/lines/1/payment');
    const again = await send(userId, 'k', '/lines/1/payment');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(paid.filter((id) => id === '1')).toHaveLength(1);
  });

  it('refuses the key on another line of the same route instead of answering "paid"', async () => {
    const userId = (users += 1);
    expect((await send(userId, 'k', '/lines/10/payment')).statusCode).toBe(200);
    const other = await send(userId, 'k', '/lines/11/payment');
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(paid).not.toContain('11');
  });

  it('refuses the key with another query, body or method', async () => {
    const userId = (users += 1);
    expect((await send(userId, 'k', '/lines/20/payment')).statusCode).toBe(200);
    for (const response of [
      await send(userId, 'k', '/lines/20/payment?force=1'),
      await send(userId, 'k', '/lines/20/payment', { method: 'gateway' }),
      await send(userId, 'k', '/lines/20/payment', { method: 'wallet' }, 'PUT'),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(paid.filter((id) => id === '20')).toHaveLength(1);
  });

  it("keeps one caller's key apart from another's", async () => {
    const alice = (users += 1);
    const bob = (users += 1);
    expect((await send(alice, 'shared', '/lines/30/payment')).statusCode).toBe(200);
    const bobs = await send(bob, 'shared', '/lines/31/payment');
    expect(bobs.statusCode).toBe(200);
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    expect(paid).toContain('31');
  });
});
