// The multi-process test's load balancer: round-robin over the API processes, no sticky
// routing, as a deployment's would be. Run as a process of its own:
//   node apps/api/cluster/proxy.mjs <port> <backend port>…
// (port 0: any free port). Prints `listening on <port>` once it listens.
//   - Each request goes to the next process; its answer carries `x-cluster-backend: <index>`
//     (which process answered, for the tests).
//   - A process whose connection is refused is skipped and the request sent to the next one:
//     the request's bytes go out only once connected, so none of it reached the dead one.
//     A request a process dies holding is answered 502.
//   - WebSocket upgrades are routed the same way and piped both ways.
//   - The client's address is appended to X-Forwarded-For (the API trusts loopback proxies).
// Plain JavaScript, no dependency: the tests and the scale bench start it the same way.
import http from 'node:http';
import net from 'node:net';

const [portArgument, ...backendArguments] = process.argv.slice(2);
const backends = backendArguments.map(Number);
if (portArgument === undefined || backends.length === 0 || backends.some((p) => !(p > 0))) {
  console.error('usage: node proxy.mjs <port> <backend port>…');
  process.exit(2);
}

let next = 0;
/** The backends' indexes in the order to try for one request: round-robin from the next one. */
function order() {
  const first = next;
  next = (next + 1) % backends.length;
  return backends.map((_, i) => (first + i) % backends.length);
}

/** Headers of one hop only: each side keeps its own connection's. */
const withoutHopHeaders = (headers) => {
  const { connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

const forwardedFor = (request) => {
  const previous = request.headers['x-forwarded-for'];
  const address = request.socket.remoteAddress ?? '';
  return previous ? `${previous}, ${address}` : address;
};

const server = http.createServer((request, response) => {
  const candidates = order();
  const attempt = () => {
    const index = candidates.shift();
    if (index === undefined) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end('no API process answers');
      return;
    }
    let connected = false;
    // A connection of its own per request (no pool): a dead process shows as a refused
    // connection before any byte is sent, never as a reset of a reused one.
    const upstream = http.request({
      host: '127.0.0.1',
      port: backends[index],
      method: request.method,
      path: request.url,
      headers: {
        ...withoutHopHeaders(request.headers),
        connection: 'close',
        'x-forwarded-for': forwardedFor(request),
      },
      agent: false,
    });
    upstream.once('socket', (socket) =>
      socket.once('connect', () => {
        connected = true;
        request.pipe(upstream);
      }),
    );
    upstream.once('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, {
        ...withoutHopHeaders(answer.headers),
        'x-cluster-backend': String(index),
      });
      answer.pipe(response);
      answer.once('error', () => response.destroy());
    });
    upstream.once('error', () => {
      if (!connected) {
        attempt();
        return;
      }
      // The process died holding the request: that one is lost, and told so.
      if (response.headersSent) response.destroy();
      else {
        response
          .writeHead(502, { 'content-type': 'text/plain', 'x-cluster-backend': String(index) })
          .end('the API process died during the request');
      }
    });
  };
  attempt();
});

server.on('upgrade', (request, client, head) => {
  const candidates = order();
  const attempt = () => {
    const index = candidates.shift();
    if (index === undefined) {
      client.destroy();
      return;
    }
    const upstream = net.connect(backends[index], '127.0.0.1');
    upstream.once('error', () => attempt());
    upstream.once('connect', () => {
      upstream.removeAllListeners('error');
      const headers = { ...request.headers, 'x-forwarded-for': forwardedFor(request) };
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (const [name, value] of Object.entries(headers)) {
        for (const one of [value].flat()) lines.push(`${name}: ${one}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
      upstream.once('error', () => client.destroy());
      client.once('error', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
    });
  };
  attempt();
});

// Keep-alive clients (autocannon) keep their connections to the proxy; the API's own
// keep-alive is not used (a connection per request, above).
server.keepAliveTimeout = 60_000;
server.listen(Number(portArgument), '127.0.0.1', () => {
  console.log(`listening on ${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
