import type { ServerToClientEvents } from '@clipmarket/contracts/realtime';
import { useEffect, useRef } from 'react';
import { refreshSession } from './api-client';
import { afterFirstPaint } from './first-paint';
import type { RealtimeConnection } from './realtime-connection';
import { readTokens } from './session';

export type RealtimeEvent = keyof ServerToClientEvents;

const JOIN_TIMEOUT_MS = 10_000;
/** Grace period before disconnecting once nothing listens (React StrictMode remounts). */
const RELEASE_DELAY_MS = 1_000;

let socket: RealtimeConnection | null = null;
let socketLoading: Promise<RealtimeConnection> | null = null;
let holders = 0;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Joins the room of the current user (ADR 004: the server verifies the token). An expired
 * token is refreshed once, then the join is retried.
 */
async function joinWithCurrentToken(allowRefresh = true): Promise<boolean> {
  const current = socket;
  const token = readTokens()?.accessToken;
  if (!current?.connected || !token) return false;
  const ok = await current
    .emitWithAck('join', { token }, JOIN_TIMEOUT_MS)
    .then((result) => result.ok)
    .catch(() => false);
  if (!ok && allowRefresh && (await refreshSession())) return joinWithCurrentToken(false);
  return ok;
}

/**
 * The one socket of the app, on the page's origin (Vite proxies /socket.io in development).
 * A small chunk of its own (lib/realtime-connection.ts), fetched once the first screen is
 * painted (lib/first-paint.ts).
 */
function loadRealtimeConnection(): Promise<RealtimeConnection> {
  socketLoading ??= import('./realtime-connection').then(({ RealtimeConnection, hubUrl }) => {
    const created = new RealtimeConnection(hubUrl(window.location.origin));
    // Also after every reconnection: a new connection starts outside every room.
    created.on('connect', () => void joinWithCurrentToken());
    socket = created;
    return created;
  });
  return socketLoading;
}

export function disconnectRealtime(): void {
  socket?.disconnect();
}

/** Keeps the socket connected while at least one component listens (and a session exists). */
function retainRealtime(): () => void {
  holders += 1;
  if (releaseTimer) {
    clearTimeout(releaseTimer);
    releaseTimer = null;
  }
  void afterFirstPaint()
    .then(loadRealtimeConnection)
    .then((current) => {
      if (holders > 0 && readTokens() && !current.connected && !current.active) current.connect();
    });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    releaseTimer = setTimeout(() => {
      releaseTimer = null;
      if (holders === 0) disconnectRealtime();
    }, RELEASE_DELAY_MS);
  };
}

// Another tab signed in, refreshed its tokens or signed out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== 'user' || !socket) return;
    if (!readTokens()) disconnectRealtime();
    else if (socket.connected) void joinWithCurrentToken();
    else if (holders > 0) socket.connect();
  });
}

/**
 * Calls `handler` for every `event` pushed to the signed-in user. The latest handler is used
 * without resubscribing, so callers may pass inline functions.
 */
export function useRealtimeEvent<E extends RealtimeEvent>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const release = retainRealtime();
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (handlerRef.current as (...a: typeof args) => void)(...args)) as never;
    let current: RealtimeConnection | null = null;
    let isUnmounted = false;
    void loadRealtimeConnection().then((loaded) => {
      if (isUnmounted) return;
      current = loaded;
      loaded.on(event, listener);
    });
    return () => {
      isUnmounted = true;
      current?.off(event, listener);
      release();
    };
  }, [event]);
}
