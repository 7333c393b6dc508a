import type http from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@clipmarket/contracts/realtime';
import type { TokenService } from '../auth/tokens.js';

export interface RealtimeHub {
  /** Starts socket.io on the HTTP server (after listen; tests with inject() never attach). */
  attach(server: http.Server): void;
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Closes every socket of the user (sign-out): a socket joined with an access token would
   * otherwise keep receiving the user's events until the page closes. On PostgreSQL this
   * reaches the sockets of every API process.
   */
  disconnectUser(userId: number): void;
  close(): Promise<void>;
}

export const userRoom = (userId: number) => `user:${userId}`;

/** Table the PostgreSQL adapter keeps payloads above 8 kB in (its default name and layout). */
const ATTACHMENTS_TABLE = 'socket_io_attachments';

/**
 * Each socket joins the room of the user its token belongs to, and only after the token is
 * verified: a client can never name someone else's room (ADR 004).
 *
 * On PostgreSQL the rooms are shared by every API process through LISTEN/NOTIFY
 * (`@socket.io/postgres-adapter`), so `emitToUser` from one process reaches a socket connected to
 * another. PGlite is single-process and keeps socket.io's in-memory adapter.
 */
export function createRealtimeHub(options: {
  tokens: TokenService;
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
          const claims = token ? await options.tokens.verifyAccessToken(token) : null;
          if (!claims) {
            reply?.({ ok: false });
            return;
          }
          // A socket belongs to one user: re-joining with another token leaves the old room.
          for (const room of socket.rooms) {
            if (room.startsWith('user:') && room !== userRoom(claims.userId)) {
              await socket.leave(room);
            }
          }
          await socket.join(userRoom(claims.userId));
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
