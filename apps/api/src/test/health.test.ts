import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.js';

describe('platform', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('reports health and the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: ctx.database.kind });
  });

  it('answers malformed JSON with a 400 and a stable code', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MALFORMED_JSON');
  });

  it('serves an OpenAPI 3.1 document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers a missing web asset with a 404, not with the app page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/chunk-of-an-old-build.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
