import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/**
 * Serves `/metrics` on a port of its own (METRICS_PORT), apart from the API's: scraped from
 * inside the network, never through the public load balancer. Started by `main.ts` and
 * `worker.ts`, not by `buildApp` (tests build many apps).
 */
export async function startMetricsServer(options: {
  registry: Registry;
  port: number;
  host: string;
  onError?: (error: unknown) => void;
}) {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    options.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': options.registry.contentType }).end(text);
      },
      (error: unknown) => {
        options.onError?.(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    /** The port listened on (the one asked, or the system's pick for 0). */
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
