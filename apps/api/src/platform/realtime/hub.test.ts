import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { ClientToServerEvents, ServerToClientEvents } from '@clipmarket/contracts/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { testDatabaseUrl } from '../../test/test-db.js';
import { waitFor } from '../../test/wait-for.js';
import { createRealtimeHub } from './hub.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long a push may take to cross PostgreSQL NOTIFY once both sides listen. */
const CROSS_PROCESS_MS = 5000;

// Several processes share rooms through PostgreSQL's LISTEN/NOTIFY; PGlite is one process.
describe.runIf(testDatabaseUrl())('realtime from a process that serves no socket', () => {
  /** An API process: listens and serves sockets. */
  let api: TestContext;
  /** A worker process: its hub started, never attached to an HTTP server. */
  let worker: TestContext;
  let url: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    api = await createTestContext();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    api.realtime.attach(api.app.server);
    url = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    worker = await createTestContext();
    worker.realtime.start();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  async function signUp() {
    const res = await api.app.inject({
      method: 'POST',
      url: '/v2/auth/register',
      payload: { role: 'TALENT', email: uniqueEmail('hub'), password: 'Secret12' },
    });
    expect(res.statusCode).toBe(201);
    const session = res.json().data as { accessToken: string; refreshToken: string };
    const claims = await api.tokens.verifyAccessSession(session.accessToken);
    return { ...session, userId: claims!.userId, sessionId: claims!.sessionId! };
  }

  /** A socket on the API process, joined with the token, recording what it receives. */
  async function openJoined(accessToken: string) {
    const socket: Client = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    clients.push(socket);
    const received: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(5000).emitWithAck('join', { token: accessToken })).toEqual({
      ok: true,
    });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    return { socket, received, closed };
  }

  /**
   * Until the API process's adapter listens (it connects in the background), a push is lost:
   * the worker pushes to the tab's user until one arrives; every later push must.
   */
  async function heardFromWorker(tab: { received: unknown[] }, userId: number) {
    let attempt = 0;
    await waitFor(
      () => {
        if (tab.received.length > 0) return true;
        attempt += 1;
        worker.realtime.emitToUser(userId, 'new_notification', {
          notification_hash: `warm-up-${attempt}`,
        });
        return false;
      },
      { intervalMs: 200, timeoutMs: CROSS_PROCESS_MS, what: 'a push from the worker' },
    );
  }

  const hasHash = (received: { event: string; payload: unknown }[], hash: string) =>
    received.some(
      (r) =>
        r.event === 'new_notification' &&
        (r.payload as { notification_hash?: string }).notification_hash === hash,
    );

  it("emitToUser from the worker reaches the user's socket on the API process, no one else's", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const aliceTab = await openJoined(alice.accessToken);
    const bobTab = await openJoined(bob.accessToken);
    await heardFromWorker(aliceTab, alice.userId);

    worker.realtime.emitToUser(alice.userId, 'new_notification', { notification_hash: 'ready' });
    await waitFor(() => hasHash(aliceTab.received, 'ready'), {
      timeoutMs: CROSS_PROCESS_MS,
      what: 'the push',
    });
    // Bob hears his own welcome notification only, none of these pushes.
    const pushed = (r: { payload: unknown }) =>
      /^(ready|warm-up-)/.test((r.payload as { notification_hash: string }).notification_hash);
    expect(bobTab.received.filter(pushed)).toEqual([]);
  });

  it('a notification created by the worker reaches the receiver on the API process', async () => {
    const alice = await signUp();
    const tab = await openJoined(alice.accessToken);
    await heardFromWorker(tab, alice.userId);

    const { notification_hash } = await worker.modules.notifications.notify({
      receiverUserId: alice.userId,
      type: 'new_content_request',
      module: 'content_request',
      sender: { userId: alice.userId },
      params: { request_name: 'Across processes' },
    });
    expect(notification_hash).toBeTruthy();
    await waitFor(() => hasHash(tab.received, notification_hash), {
      timeoutMs: CROSS_PROCESS_MS,
      what: 'the notification',
    });
  });

  it("disconnectSessions from the worker closes the session's sockets on the API process", async () => {
    const alice = await signUp();
    const other = await signUp();
    const tab = await openJoined(alice.accessToken);
    const otherTab = await openJoined(other.accessToken);
    await heardFromWorker(tab, alice.userId);

    worker.realtime.disconnectSessions([alice.sessionId]);
    // Closed by the server: a socket.io client does not reconnect on its own after that.
    expect(await tab.closed).toBe('io server disconnect');
    expect(otherTab.socket.connected).toBe(true);
  });

  it('a logout on a process serving no socket closes the sockets of that session', async () => {
    const alice = await signUp();
    const tab = await openJoined(alice.accessToken);
    await heardFromWorker(tab, alice.userId);

    const res = await worker.app.inject({
      method: 'POST',
      url: '/v2/auth/logout',
      payload: { refreshToken: alice.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    expect(await tab.closed).toBe('io server disconnect');
  });
});

describe.runIf(testDatabaseUrl())("the realtime hub's PostgreSQL connections", () => {
  // The hub opens its connections with the app pool's settings: a name of its own tells them.
  const applicationName = `hub-test-${process.pid}-${Date.now()}`;
  let appPool: pg.Pool;
  beforeAll(() => {
    appPool = new pg.Pool({
      connectionString: testDatabaseUrl(),
      application_name: applicationName,
    });
  });
  afterAll(() => appPool.end());

  const connections = async (filter = '') => {
    const { rows } = await appPool.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
        where application_name = $1 and pid <> pg_backend_pid() ${filter}`,
      [applicationName],
    );
    return rows[0]!.count;
  };

  it('listens on a connection of its own, none of the app pool, and ends them all on close', async () => {
    const hub = createRealtimeHub({ verify: async () => null, pool: appPool });
    hub.start();
    await waitFor(async () => (await connections("and query like 'LISTEN%'")) === 1, {
      what: 'the LISTEN connection',
    });
    // The app pool's one connection is this test's own query's.
    expect(appPool.totalCount).toBe(1);
    await hub.close();
    await waitFor(async () => (await connections()) === 0, { what: 'the connections to end' });
  });

  it('ends its LISTEN connection when closed while still opening it', async () => {
    const hub = createRealtimeHub({ verify: async () => null, pool: appPool });
    hub.start();
    await hub.close();
    await waitFor(async () => (await connections()) === 0, { what: 'the connections to end' });
  });
});
