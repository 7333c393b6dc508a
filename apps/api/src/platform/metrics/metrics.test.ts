import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { startMetricsServer } from './metrics-server.js';

describe('metrics', () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof startMetricsServer>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    server = await startMetricsServer({
      registry: ctx.metrics.registry,
      port: 0,
      host: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  /** The value of one series, 0 when it is not there yet. */
  const valueOf = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };

  it('serves /metrics only, with the process metrics', async () => {
    const text = await scrape();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    const other = await fetch(`http://127.0.0.1:${server.port}/v2/health`);
    expect(other.status).toBe(404);
  });

  it('times requests by route template and status class, never by raw URL', async () => {
    const series =
      'http_request_duration_seconds_count{method="GET",route="/l/:code",status_code="4xx"}';
    const before = valueOf(await scrape(), series);
    for (const code of ['zz9secret1', 'zz9secret2']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/l/${code}` });
      expect(res.statusCode).toBe(404);
    }
    await ctx.app.inject({ method: 'GET', url: '/v2/health/live' });
    const text = await scrape();
    expect(valueOf(text, series)).toBe(before + 2);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/v2/health/live",status_code="2xx"}',
    );
    expect(text).not.toContain('zz9secret');
  });

  it('counts jobs run and failed per queue, and the queue depth at scrape', async () => {
    const completed = 'jobs_completed_total{queue="event-delivery"}';
    const before = valueOf(await scrape(), completed);
    // A delivery whose handler no longer exists: run and completed (dropped with a warning).
    const delivery = { eventId: 0, type: 'none', handler: 'none', payload: {}, occurredAt: '' };
    await ctx.jobs.send('event-delivery', delivery);
    await ctx.jobs.send('event-delivery', delivery, {
      startAfter: new Date(Date.now() + 3_600_000),
    });
    await waitFor(async () => valueOf(await scrape(), completed) === before + 1, {
      what: 'the job counted',
    });
    const text = await scrape();
    expect(valueOf(text, 'job_queue_depth{queue="event-delivery",state="created"}')).toBe(1);
  });
});
