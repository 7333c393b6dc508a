import type http from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@clipmarket/contracts/realtime';
import type { AccessSession } from '../auth/tokens.js';

export interface RealtimeHub {
  /** Starts socket.io on the HTTP server (after listen; tests with inject() never attach). */
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
  /** The PostgreSQL pool (absent on PGlite): enables the scale-out adapter. */
  pool?: pg.Pool | undefined;
  onError?: (error: unknown) => void;
}): RealtimeHub {
  let io: Server<ClientToServerEvents, ServerToClientEvents> | null = null;
  const onError = options.onError ?? (() => {});
  return {
    attach(server) {
      if (io) return;
      io = new Server(server, { path: '/socket.io', cors: { origin: options.corsOrigin ?? true } });
      if (options.pool) {
        const pool = options.pool;
        // Only payloads above 8 kB use the table, so creating it in the background is safe; a
        // concurrent creation by another process may fail harmlessly.
        pool
          .query(
            `CREATE TABLE IF NOT EXISTS ${ATTACHMENTS_TABLE} (
              id bigserial UNIQUE,
              created_at timestamptz DEFAULT now(),
              payload bytea
            )`,
          )
          .catch(onError);
        io.adapter(createAdapter(pool, { tableName: ATTACHMENTS_TABLE, errorHandler: onError }));
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
            ? [
                userRoom(claims.userId),
                ...(claims.sessionId ? [sessionRoom(claims.sessionId)] : []),
              ]
            : [];
          for (const room of socket.rooms) {
            if (
              (room.startsWith('user:') || room.startsWith('session:')) &&
              !rooms.includes(room)
            ) {
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
    },
    emitToUser(userId, event, ...args) {
      io?.to(userRoom(userId)).emit(event, ...args);
    },
    disconnectUser(userId) {
      io?.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      io?.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    async close() {
      const current = io;
      io = null;
      if (!current) return;
      // Disconnects every socket and closes the adapter (releasing its LISTEN connection);
      // the HTTP server it also closes may already be closed by Fastify, which is fine.
      await current.close();
    },
  };
}
