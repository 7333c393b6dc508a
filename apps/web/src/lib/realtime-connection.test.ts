import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { hubUrl, RealtimeConnection } from './realtime-connection';

/*
 * Against a real socket.io server (the library the hub runs on), over a real WebSocket: the
 * handshake, the join with its acknowledgement, pushed events, the heartbeat, the server's
 * sign-out and reconnection.
 */

const openNodeWebSocket = (url: string) => new NodeWebSocket(url) as unknown as WebSocket;

interface Hub {
  io: Server;
  http: http.Server;
  port: number;
}
const hubs: Hub[] = [];
const connections: RealtimeConnection[] = [];

async function startHub(
  port = 0,
  options: { pingInterval?: number; pingTimeout?: number } = {},
): Promise<Hub> {
  const server = http.createServer();
  const io = new Server(server, { path: '/socket.io', ...options });
  io.on('connection', (socket) => {
    socket.on('join', (payload: { token: string }, ack: (result: { ok: boolean }) => void) => {
      if (payload.token !== 'good') return ack({ ok: false });
      void socket.join('user:1');
      ack({ ok: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const hub = { io, http: server, port: (server.address() as AddressInfo).port };
  hubs.push(hub);
  return hub;
}

async function stopHub(hub: Hub) {
  hubs.splice(hubs.indexOf(hub), 1);
  await new Promise<void>((resolve) => {
    void hub.io.close(() => resolve());
  });
}

function connect(hub: Hub) {
  const connection = new RealtimeConnection(
    hubUrl(`http://127.0.0.1:${hub.port}`),
    openNodeWebSocket,
  );
  connections.push(connection);
  const connected = new Promise<void>((resolve) => connection.on('connect', resolve));
  connection.connect();
  return { connection, connected };
}

/** How long a step over the network may take on a busy machine. */
const WAIT = { timeout: 5_000 };

afterEach(async () => {
  for (const connection of connections.splice(0)) connection.disconnect();
  await Promise.all([...hubs].map(stopHub));
});

describe('RealtimeConnection', () => {
  it('addresses the hub on the page origin, over wss on https', () => {
    expect(hubUrl('https://clipmarket.tn/discover-content')).toBe(
      'wss://clipmarket.tn/socket.io/?EIO=4&transport=websocket',
    );
    expect(hubUrl('http://localhost:5173')).toBe(
      'ws://localhost:5173/socket.io/?EIO=4&transport=websocket',
    );
  });

  it('joins with an acknowledgement and hears the events pushed to its room', async () => {
    const hub = await startHub();
    const { connection, connected } = connect(hub);
    await connected;
    expect(connection.connected).toBe(true);
    await expect(connection.emitWithAck('join', { token: 'bad' }, 2_000)).resolves.toEqual({
      ok: false,
    });
    await expect(connection.emitWithAck('join', { token: 'good' }, 2_000)).resolves.toEqual({
      ok: true,
    });
    const heard: unknown[] = [];
    connection.on('new_notification', (payload) => heard.push(payload));
    hub.io.to('user:1').emit('new_notification', { notification_hash: 'abc' });
    await vi.waitFor(() => expect(heard).toEqual([{ notification_hash: 'abc' }]), WAIT);
  });

  it('answers the server heartbeat, so an idle connection stays open', async () => {
    // A client that did not answer would be dropped after 200 ms.
    const hub = await startHub(0, { pingInterval: 100, pingTimeout: 100 });
    let answers = 0;
    hub.io.engine.on(
      'connection',
      (socket: { on(event: 'heartbeat', listener: () => void): void }) =>
        socket.on('heartbeat', () => (answers += 1)),
    );
    const { connection, connected } = connect(hub);
    await connected;
    // Five answered pings: longer than the 200 ms a silent client would last.
    await vi.waitFor(() => expect(answers).toBeGreaterThanOrEqual(5), WAIT);
    expect(connection.connected).toBe(true);
    expect(hub.io.engine.clientsCount).toBe(1);
  });

  it('stays disconnected after the server signs it out', async () => {
    const hub = await startHub();
    const { connection, connected } = connect(hub);
    await connected;
    hub.io.disconnectSockets(true);
    await vi.waitFor(() => expect(connection.connected).toBe(false), WAIT);
    expect(connection.active).toBe(false);
  });

  it('reconnects after the server goes away and comes back', async () => {
    const hub = await startHub();
    const { connection, connected } = connect(hub);
    await connected;
    let connects = 0;
    connection.on('connect', () => (connects += 1));
    const port = hub.port;
    await stopHub(hub);
    await vi.waitFor(() => expect(connection.connected).toBe(false), WAIT);
    expect(connection.active).toBe(true);
    await startHub(port);
    await vi.waitFor(() => expect(connects).toBe(1), { timeout: 8_000 });
    expect(connection.connected).toBe(true);
  });

  it('refuses an acknowledged send while disconnected', async () => {
    const connection = new RealtimeConnection('ws://127.0.0.1:9/socket.io/', openNodeWebSocket);
    await expect(connection.emitWithAck('join', { token: 'good' }, 100)).rejects.toThrow(
      'not connected',
    );
  });
});
