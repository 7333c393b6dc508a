import type http from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@clipmarket/contracts/realtime';
import type { AccessSession } from '../auth/tokens.js';

export interface RealtimeHub {
  /**
   * Starts the hub without serving sockets: on PostgreSQL, what it emits (and the sockets it
   * disconnects) reaches the sockets of every API process through the adapter. `npm run worker`
   * calls it, and the API process before it listens (its jobs emit from the start).
   */
  start(): void;
  /**
   * Serves sockets on the HTTP server (after listen; tests with inject() never attach), starting
   * the hub if `start` has not.
   */
  attach(server: http.Server): void;
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Closes every socket of the user: a socket joined with an access token would otherwise
   * keep receiving the user's events until the page closes. On PostgreSQL this reaches the
   * sockets of every API process.
   */
  disconnectUser(userId: number): void;
  /**
   * Closes the sockets joined with a token of these sessions (logout, password change,
   * revocation), in every API process; the user's other sessions keep theirs.
   */
  disconnectSessions(sessionIds: readonly string[]): void;
  close(): Promise<void>;
}

export const userRoom = (userId: number) => `user:${userId}`;
/** Every socket joined with a token of this session (refresh-token family). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Table the PostgreSQL adapter keeps payloads above 8 kB in (its default name and layout). */
const ATTACHMENTS_TABLE = 'socket_io_attachments';
/**
 * The connections the PostgreSQL adapter uses, as the pool it expects (it calls `connect` for
 * its LISTEN connection, `query` for the rest): NOTIFY through a small pool of its own, LISTEN
 * on a connection of its own, none taken from the app's pool. `close` ends both whatever the
 * adapter is doing: the adapter only hands its LISTEN connection back (still listening), and a
 * hub closed while it is opening that connection would otherwise leave it open for ever.
 */
function adapterConnections(settings: pg.PoolConfig, onError: (error: unknown) => void) {
  const pool = new pg.Pool({ ...settings, max: 2 });
  pool.on('error', onError);
  let listener: pg.Client | null = null;
  let closed = false;
  return {
    pool,
    forAdapter: {
      query: (text: string, values?: unknown[]) => pool.query(text, values),
      async connect() {
        // Once closed, the adapter's reconnection waits for ever instead of retrying.
        if (closed) return new Promise<never>(() => {});
        const client = new pg.Client(settings);
        // A lost connection is logged, not thrown: its 'end' makes the adapter connect again.
        client.on('error', onError);
        listener = client;
        await client.connect();
        return Object.assign(client, { release: () => void client.end() });
      },
    } as unknown as pg.Pool,
    async close() {
      closed = true;
      await Promise.all([listener?.end(), pool.end()]);
    },
  };
}

/**
 * Each socket joins the room of the user its token belongs to (and of its session), and only
 * after the token and its session are verified: a client can never name someone else's room
 * (ADR 004), and a socket of an ended session is closed and cannot join again (ADR 034).
 *
 * On PostgreSQL the rooms are shared by every API process through LISTEN/NOTIFY
 * (`@socket.io/postgres-adapter`), so `emitToUser` from one process reaches a socket connected to
 * another. PGlite is single-process and keeps socket.io's in-memory adapter.
 */
export function createRealtimeHub(options: {
  /**
   * Verifies a join's access token and that its session is still open (the same check as
   * every HTTP request): a socket of an ended session cannot join again.
   */
  verify: (token: string) => Promise<AccessSession | null>;
  /** Origins allowed to use the polling transport cross-site; false: same origin only. */
  corsOrigin?: string | string[] | boolean;
  /**
   * The app's PostgreSQL pool (absent on PGlite): enables the scale-out adapter, on connections
   * of its own opened with the same settings.
   */
  pool?: pg.Pool | undefined;
  onError?: (error: unknown) => void;
}): RealtimeHub {
  type Io = Server<ClientToServerEvents, ServerToClientEvents>;
  let running: {
    io: Io;
    connections: ReturnType<typeof adapterConnections> | null;
    attached: boolean;
  } | null = null;
  const onError = options.onError ?? (() => {});

  function start() {
    if (running) return running;
    const io: Io = new Server({ path: '/socket.io', cors: { origin: options.corsOrigin ?? true } });
    const connections = options.pool ? adapterConnections(options.pool.options, onError) : null;
    if (connections) {
      // Only payloads above 8 kB use the table, so creating it in the background is safe; a
      // concurrent creation by another process may fail harmlessly.
      connections.pool
        .query(
          `CREATE TABLE IF NOT EXISTS ${ATTACHMENTS_TABLE} (
            id bigserial UNIQUE,
            created_at timestamptz DEFAULT now(),
            payload bytea
          )`,
        )
        .catch(onError);
      io.adapter(
        createAdapter(connections.forAdapter, {
          tableName: ATTACHMENTS_TABLE,
          errorHandler: onError,
        }),
      );
    }
    io.on('connection', (socket) => {
      socket.on('join', async (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (r: { ok: boolean }) => void) : null;
        const token =
          typeof payload === 'object' && payload !== null && 'token' in payload
            ? String((payload as { token: unknown }).token)
            : '';
        const claims = token ? await options.verify(token).catch(() => null) : null;
        // A socket belongs to one user and one session: re-joining leaves the old rooms, and
        // a refused (re)join leaves them all, so an ended session hears nothing more.
        const rooms = claims
          ? [userRoom(claims.userId), ...(claims.sessionId ? [sessionRoom(claims.sessionId)] : [])]
          : [];
        for (const room of socket.rooms) {
          if ((room.startsWith('user:') || room.startsWith('session:')) && !rooms.includes(room)) {
            await socket.leave(room);
          }
        }
        if (!claims) {
          reply?.({ ok: false });
          return;
        }
        await socket.join(rooms);
        reply?.({ ok: true });
      });
    });
    running = { io, connections, attached: false };
    return running;
  }

  return {
    start() {
      start();
    },
    attach(server) {
      const hub = start();
      if (hub.attached) return;
      hub.io.attach(server);
      hub.attached = true;
    },
    emitToUser(userId, event, ...args) {
      running?.io.to(userRoom(userId)).emit(event, ...args);
    },
    disconnectUser(userId) {
      running?.io.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      running?.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    async close() {
      const hub = running;
      running = null;
      if (!hub) return;
      if (hub.attached) {
        // Disconnects every socket and closes the adapter; the HTTP server it also closes may
        // already be closed by Fastify, which is fine.
        await hub.io.close();
      } else {
        // No socket to close; socket.io's own close() expects an HTTP engine.
        await hub.io.sockets.adapter.close();
      }
      await hub.connections?.close();
    },
  };
}
