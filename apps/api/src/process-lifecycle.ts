import type { App } from './app.js';
import type { Database } from './platform/db/client.js';
import type { Env } from './platform/env.js';
import { exitGracefullyOnSignals, shutDownGracefully } from './platform/http/shutdown.js';
import { startMetricsServer } from './platform/metrics/metrics-server.js';

/**
 * What an API process (`main.ts`) and a worker (`worker.ts`) both do once running: serve their
 * own Prometheus series on `METRICS_PORT` when it is set, and on SIGTERM/SIGINT drain within
 * `SHUTDOWN_GRACE_SECONDS` (platform/http/shutdown.ts), then exit 0.
 */
export async function serveMetricsAndStopOnSignals(built: App, database: Database, env: Env) {
  const { app } = built;
  const metricsServer = env.METRICS_PORT
    ? await startMetricsServer({
        registry: built.metrics.registry,
        port: env.METRICS_PORT,
        host: env.HOST,
        onError: (error) => app.log.error({ err: error }, 'metrics scrape failed'),
      })
    : null;
  if (metricsServer) app.log.info(`Metrics on port ${metricsServer.port} (/metrics)`);
  exitGracefullyOnSignals(async (signal) => {
    await shutDownGracefully({
      app,
      lifecycle: built.lifecycle,
      realtime: built.realtime,
      jobs: built.jobs,
      closeDatabase: () => database.close(),
      graceSeconds: env.SHUTDOWN_GRACE_SECONDS,
      signal,
    });
    await metricsServer?.close();
  }, app.log);
}
