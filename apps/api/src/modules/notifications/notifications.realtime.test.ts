import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@clipmarket/contracts/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../platform/auth/tokens.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { createPerson, type TestPerson } from './notifications.test-support.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected client that records every event it receives. */
interface Recorder {
  socket: Client;
  events: { event: string; payload: unknown }[];
  next(event: keyof ServerToClientEvents, timeoutMs?: number): Promise<unknown>;
}

/** How long a push from the other process may take to cross PostgreSQL NOTIFY. */
const CROSS_PROCESS_MS = 5000;

const isPushOf = (payload: unknown, hash: string) =>
  (payload as { notification_hash?: string }).notification_hash === hash;

/** Resolves once the app's HTTP server has no connection left (the sockets closed). */
function closedConnections(context: TestContext) {
  return waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        context.app.server.getConnections((error, count) => resolve(!error && count === 0));
      }),
    { what: 'the sockets to close' },
  );
}

describe('realtime notifications', () => {
  let ctx: TestContext;
  let url: string;
  let brand: TestPerson;
  let alice: TestPerson;
  let bob: TestPerson;
  const clients: Client[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.realtime.attach(ctx.app.server);
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    brand = await createPerson(ctx, { role: 'BRAND' });
    alice = await createPerson(ctx, { role: 'TALENT', name: 'alice' });
    bob = await createPerson(ctx, { role: 'TALENT', name: 'bob' });
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await closedConnections(ctx);
  });
  afterAll(() => ctx.close());

  async function open(): Promise<Recorder> {
    const socket: Client = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    clients.push(socket);
    const events: Recorder['events'] = [];
    const waiters: { event: string; resolve: (payload: unknown) => void }[] = [];
    socket.onAny((event: string, payload: unknown) => {
      events.push({ event, payload });
      const index = waiters.findIndex((w) => w.event === event);
      if (index >= 0) waiters.splice(index, 1)[0]!.resolve(payload);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return {
      socket,
      events,
      next: (event, timeoutMs = 5000) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${event} received`)), timeoutMs);
          waiters.push({
            event,
            resolve: (payload) => {
              clearTimeout(timer);
              resolve(payload);
            },
          });
        }),
    };
  }

  const join = (client: Recorder, payload: unknown) =>
    client.socket.timeout(5000).emitWithAck('join', payload as { token: string });

  /**
   * A round trip on the client's socket (a join without a token, refused, rooms unchanged):
   * once answered, whatever the server pushed to that socket before has arrived, so what has
   * not arrived was never pushed. No waiting for a guessed time.
   */
  const flushed = async (...clients: Recorder[]) => {
    for (const client of clients) expect(await join(client, {})).toEqual({ ok: false });
  };

  const notifyTalent = (receiver: TestPerson) =>
    ctx.modules.notifications.notify({
      receiverUserId: receiver.userId,
      type: 'new_content_request',
      module: 'content_request',
      sender: { userId: brand.userId },
      params: { request_name: 'Live test' },
    });

  it('refuses a join without a token or with a forged one, and pushes nothing to it', async () => {
    const anonymous = await open();
    const forger = await open();
    expect(await join(anonymous, {})).toEqual({ ok: false });
    expect(await join(anonymous, { token: '' })).toEqual({ ok: false });
    const forged = `${alice.token.slice(0, -6)}abcdef`;
    expect(await join(forger, { token: forged })).toEqual({ ok: false });
    const otherSecret = createTokenService('another-secret-another-secret-0123456789', 900);
    const signedElsewhere = await otherSecret.signAccessToken({
      userId: alice.userId,
      role: 'TALENT',
    });
    expect(await join(forger, { token: signedElsewhere })).toEqual({ ok: false });

    await notifyTalent(alice);
    await flushed(anonymous, forger);
    expect(anonymous.events).toEqual([]);
    expect(forger.events).toEqual([]);
  });

  it('pushes a notification to its receiver only', async () => {
    const a = await open();
    const b = await open();
    expect(await join(a, { token: alice.token })).toEqual({ ok: true });
    expect(await join(b, { token: bob.token })).toEqual({ ok: true });

    const received = a.next('new_notification');
    const { notification_hash } = await notifyTalent(alice);
    expect(await received).toEqual({ notification_hash });
    await flushed(a, b);
    expect(b.events).toEqual([]);
    expect(a.events).toHaveLength(1);
  });

  it('reaches every tab of the receiver, and leaves the old room when a socket re-joins as someone else', async () => {
    const tab1 = await open();
    const tab2 = await open();
    expect(await join(tab1, { token: alice.token })).toEqual({ ok: true });
    expect(await join(tab2, { token: alice.token })).toEqual({ ok: true });
    const both = Promise.all([tab1.next('new_notification'), tab2.next('new_notification')]);
    await notifyTalent(alice);
    await both;

    expect(await join(tab2, { token: bob.token })).toEqual({ ok: true });
    const toAlice = tab1.next('new_notification');
    await notifyTalent(alice);
    await toAlice;
    await flushed(tab2);
    expect(tab2.events).toHaveLength(1);
  });

  it('does not push when allow_notifications is N', async () => {
    const quiet = await createPerson(ctx, { role: 'TALENT', allowNotifications: 'N' });
    const client = await open();
    expect(await join(client, { token: quiet.token })).toEqual({ ok: true });
    const result = await notifyTalent(quiet);
    expect(result.pushed).toBe(false);
    await flushed(client);
    expect(client.events).toEqual([]);
  });

  it('shares rooms between API processes on PostgreSQL only (postgres adapter)', async () => {
    const second = await createTestContext();
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      second.realtime.attach(second.app.server);
      const port = (second.app.server.address() as AddressInfo).port;
      const socket: Client = connect(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      clients.push(socket);
      const received: unknown[] = [];
      socket.on('new_notification', (payload) => received.push(payload));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      expect(await socket.timeout(5000).emitWithAck('join', { token: alice.token })).toEqual({
        ok: true,
      });
      if (ctx.database.kind === 'postgres') {
        // Once both processes' adapters listen, a push crosses: until then, push again.
        await waitFor(
          async () => {
            if (received.length > 0) return true;
            await notifyTalent(alice);
            return false;
          },
          { intervalMs: 200, timeoutMs: CROSS_PROCESS_MS, what: 'a push from the other process' },
        );
        const { notification_hash } = await notifyTalent(alice);
        await waitFor(() => received.some((payload) => isPushOf(payload, notification_hash)), {
          timeoutMs: CROSS_PROCESS_MS,
          what: 'the push from the other process',
        });
        expect(received.filter((payload) => isPushOf(payload, notification_hash))).toHaveLength(1);
      } else {
        // PGlite runs in one process: socket.io's in-memory adapter, nothing crosses. A round
        // trip on the socket shows nothing was on its way.
        await notifyTalent(alice);
        expect(await socket.timeout(5000).emitWithAck('join', { token: '' })).toEqual({
          ok: false,
        });
        expect(received).toEqual([]);
      }
      socket.disconnect();
      await closedConnections(second);
    } finally {
      await second.close();
    }
  });

  it('tells the receiver when a notification is deleted', async () => {
    const client = await open();
    expect(await join(client, { token: alice.token })).toEqual({ ok: true });
    const created = client.next('new_notification');
    const { notification_hash } = await notifyTalent(alice);
    await created;

    const deleted = client.next('notification_deleted');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/v2/notification/${notification_hash}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await deleted).toEqual({ notification_hash });

    const again = client.next('new_notification');
    const second = await notifyTalent(alice);
    await again;
    const deletedBySystem = client.next('notification_deleted');
    await ctx.modules.notifications.deleteNotification(second.notification_hash);
    expect(await deletedBySystem).toEqual({ notification_hash: second.notification_hash });
  });
});
