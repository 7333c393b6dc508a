import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@clipmarket/contracts/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import type { AuthRepository } from './auth.repository.js';
import { createSessionCheck } from './auth.sessions.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Session {
  accessToken: string;
  refreshToken: string;
}

/**
 * Ending a session ends it at once (ADR 034): its access tokens answer 401 on the next request
 * (not 15 minutes later), its sockets are closed and cannot join again; the sessions that were
 * kept go on.
 */
describe('ended sessions end at once', () => {
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

  async function signUp(): Promise<Session & { email: string }> {
    const email = uniqueEmail('session');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/register',
      payload: { role: 'TALENT', email, password: 'Secret12' },
    });
    expect(res.statusCode).toBe(201);
    return { ...(res.json().data as Session), email };
  }
  async function login(email: string, password = 'Secret12'): Promise<Session> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Session;
  }
  const getMe = async (accessToken: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/v2/user/getMe',
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).statusCode;

  async function openSocket(): Promise<Client> {
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
    return socket;
  }
  const join = (socket: Client, accessToken: string) =>
    socket.timeout(5000).emitWithAck('join', { token: accessToken });
  async function openJoined(accessToken: string): Promise<Client> {
    const socket = await openSocket();
    expect(await join(socket, accessToken)).toEqual({ ok: true });
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
  /** Whether a notification pushed to the user reaches this socket (within a short wait). */
  const hears = (socket: Client, userId: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 500);
      socket.once('new_notification', () => {
        clearTimeout(timer);
        resolve(true);
      });
      ctx.realtime.emitToUser(userId, 'new_notification', {} as never);
    });
  const userIdOf = async (accessToken: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/v2/user/getMe',
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).json().data.user_id as number;

  it('refuses the access token of a logged-out session on the next request', async () => {
    const alice = await signUp();
    expect(await getMe(alice.accessToken)).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/logout',
      payload: { refreshToken: alice.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    expect(await getMe(alice.accessToken)).toBe(401);
  });

  it("logout closes that session's sockets only; the same user's other device goes on", async () => {
    const alice = await signUp();
    const phone = await login(alice.email);
    const userId = await userIdOf(alice.accessToken);
    const laptopTab = await openJoined(alice.accessToken);
    const phoneTab = await openJoined(phone.accessToken);
    const closed = disconnected(laptopTab);
    await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/logout',
      payload: { refreshToken: alice.refreshToken },
    });
    expect(await closed).toBe('io server disconnect');
    expect(phoneTab.connected).toBe(true);
    expect(await hears(phoneTab, userId)).toBe(true);
    expect(await getMe(phone.accessToken)).toBe(200);
  });

  it('a password change ends the other sessions at once (tokens and sockets), not its own', async () => {
    const alice = await signUp();
    const other = await login(alice.email);
    const userId = await userIdOf(alice.accessToken);
    const ownTab = await openJoined(alice.accessToken);
    const otherTab = await openJoined(other.accessToken);
    const closed = disconnected(otherTab);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/user/updateMe',
      headers: { authorization: `Bearer ${alice.accessToken}` },
      payload: { old_password: 'Secret12', new_password: 'NewSecret9', only_password: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(await getMe(other.accessToken)).toBe(401);
    expect(await getMe(alice.accessToken)).toBe(200);
    expect(ownTab.connected).toBe(true);
    expect(await hears(ownTab, userId)).toBe(true);
  });

  it('a socket of an ended session cannot join again, and a refused re-join leaves the room', async () => {
    const alice = await signUp();
    const userId = await userIdOf(alice.accessToken);
    // A socket that joined before: its re-join after the logout (e.g. a reconnection) fails.
    const stale = await openJoined(alice.accessToken);
    const closed = disconnected(stale);
    await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/logout',
      payload: { refreshToken: alice.refreshToken },
    });
    await closed;
    const again = await openSocket();
    expect(await join(again, alice.accessToken)).toEqual({ ok: false });
    expect(await hears(again, userId)).toBe(false);

    // A socket in the room whose re-join is refused hears nothing more.
    const bob = await signUp();
    const bobId = await userIdOf(bob.accessToken);
    const tab = await openJoined(bob.accessToken);
    expect(await join(tab, 'not-a-token')).toEqual({ ok: false });
    expect(await hears(tab, bobId)).toBe(false);
  });

  it('a refresh token presented twice (theft) ends its session at once', async () => {
    const alice = await signUp();
    const refresh = (refreshToken: string) =>
      ctx.app.inject({ method: 'POST', url: '/v2/auth/refresh', payload: { refreshToken } });
    const rotated = (await refresh(alice.refreshToken)).json().data as Session;
    expect(await getMe(rotated.accessToken)).toBe(200);
    expect((await refresh(alice.refreshToken)).statusCode).toBe(401);
    expect(await getMe(rotated.accessToken)).toBe(401);
    expect(await getMe(alice.accessToken)).toBe(401);
  });

  it('ending every session of the user (as a reset does) closes them all', async () => {
    const alice = await signUp();
    const other = await login(alice.email);
    const tab = await openJoined(other.accessToken);
    const closed = disconnected(tab);
    const userId = await userIdOf(alice.accessToken);
    await ctx.modules.auth.service.revokeOtherSessions(ctx.database.db as never, userId, null);
    expect(await closed).toBe('io server disconnect');
    expect(await getMe(alice.accessToken)).toBe(401);
    expect(await getMe(other.accessToken)).toBe(401);
  });
});

describe('the session check keeps its answer briefly', () => {
  const familyId = '6f1c3c1e-4c7b-4d3a-9a53-1b0e6c1f9a01';
  function setup() {
    let now = 1_000_000;
    let active = true;
    let reads = 0;
    const repository = {
      isFamilyActive: async () => {
        reads += 1;
        return active;
      },
    } as unknown as AuthRepository;
    const check = createSessionCheck({
      db: {} as never,
      repository,
      now: () => now,
      cacheMs: 10_000,
    });
    return {
      check,
      reads: () => reads,
      revokeElsewhere: () => (active = false),
      advance: (ms: number) => (now += ms),
    };
  }

  it('asks the database once per few seconds, and again after', async () => {
    const s = setup();
    expect(await s.check.isActive(familyId)).toBe(true);
    expect(await s.check.isActive(familyId)).toBe(true);
    expect(s.reads()).toBe(1);
    // Ended by another process: seen once the cached answer is old.
    s.revokeElsewhere();
    s.advance(9_000);
    expect(await s.check.isActive(familyId)).toBe(true);
    s.advance(2_000);
    expect(await s.check.isActive(familyId)).toBe(false);
    expect(s.reads()).toBe(2);
  });

  it('forgets a session ended in this process at once', async () => {
    const s = setup();
    expect(await s.check.isActive(familyId)).toBe(true);
    s.check.ended([familyId]);
    expect(await s.check.isActive(familyId)).toBe(false);
  });

  it('refuses a session id that is not one', async () => {
    const s = setup();
    expect(await s.check.isActive('not-a-uuid')).toBe(false);
    expect(s.reads()).toBe(0);
  });
});
