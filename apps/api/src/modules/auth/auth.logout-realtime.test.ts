import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@clipmarket/contracts/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('auth: logout closes the realtime sockets of the user', () => {
  let ctx: TestContext;
  let url: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.realtime.attach(ctx.app.server);
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await ctx.close();
  });

  async function signUp() {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/register',
      payload: { role: 'TALENT', email: uniqueEmail('logout'), password: 'Secret12' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { accessToken: string; refreshToken: string };
  }

  /** A socket joined to the room of the token's user. */
  async function openJoined(accessToken: string): Promise<Client> {
    const socket: Client = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    clients.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(5000).emitWithAck('join', { token: accessToken })).toEqual({
      ok: true,
    });
    return socket;
  }

  const disconnected = (socket: Client) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('still connected')), 5000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  it("disconnects every tab of the user on logout, and nobody else's", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const tab1 = await openJoined(alice.accessToken);
    const tab2 = await openJoined(alice.accessToken);
    const bobTab = await openJoined(bob.accessToken);

    const closed = Promise.all([disconnected(tab1), disconnected(tab2)]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/logout',
      payload: { refreshToken: alice.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    // Closed by the server: socket.io clients do not reconnect on their own after that.
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bobTab.connected).toBe(true);
  });

  it('closes nothing for an unknown refresh token', async () => {
    const carol = await signUp();
    const tab = await openJoined(carol.accessToken);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/logout',
      payload: { refreshToken: 'not-a-real-refresh-token' },
    });
    expect(res.statusCode).toBe(204);
    // A round trip after the logout (a join without a token, refused): a disconnection sent
    // before it would have arrived first.
    expect(await tab.timeout(5000).emitWithAck('join', { token: '' })).toEqual({ ok: false });
    expect(tab.connected).toBe(true);
  });
});
