import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that answers requests to the app's own origins in-process (`app.inject`: the whole
 * HTTP pipeline, no socket) and sends the others to the network. The built-in payment sandbox
 * is reached this way, so it works whatever PUBLIC_URL points at (a proxy, a tunnel), and in
 * tests where the app does not listen.
 */
export function createInProcessFetch(app: FastifyInstance, ownOrigins: string[]): typeof fetch {
  const origins = new Set(ownOrigins.map((origin) => new URL(origin).origin));
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!origins.has(url.origin)) return fetch(request);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const hasNoBody = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(hasNoBody ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers,
    });
  };
}
