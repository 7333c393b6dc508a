import type { ClientToServerEvents, ServerToClientEvents } from '@clipmarket/contracts/realtime';

/*
 * The browser's side of the realtime hub (apps/api/src/platform/realtime/hub.ts), speaking
 * Socket.IO 5 over Engine.IO 4 on a WebSocket: about 1 KB instead of socket.io-client's 12 KB
 * on every signed-in first load (ADR 025). What the app needs and no more: the default
 * namespace, JSON events, acknowledgements, the server's heartbeat, reconnection with backoff.
 * No long-polling fallback and no binary packets.
 *
 * Engine.IO packets: `0{handshake}` open, `1` close, `2` ping (the server's), `3` pong, `4…` a
 * Socket.IO packet: `40` connect, `41` disconnect, `42[name,…args]` event (`42<id>[…]` asks
 * for an ack), `43<id>[…]` ack, `44{…}` connect error.
 */

type EventName = keyof ServerToClientEvents;
type Listener = (...args: never[]) => void;

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 5_000;

/** Opens the WebSocket (the browser's; tests pass the `ws` package's, which has its API). */
export type WebSocketFactory = (url: string) => WebSocket;

const browserWebSocket: WebSocketFactory = (url) => new WebSocket(url);

/** The hub's WebSocket address on the page's origin (`/socket.io/`, Vite proxies it in dev). */
export function hubUrl(origin: string): string {
  const url = new URL('/socket.io/', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '?EIO=4&transport=websocket';
  return url.toString();
}

export class RealtimeConnection {
  /** Open, and joined to the default namespace. */
  connected = false;
  /** Wants to be connected: connecting, connected or waiting to reconnect. */
  active = false;
  private ws: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly acks = new Map<number, (args: unknown[]) => void>();
  private nextAckId = 0;
  private failedAttempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatMs = 0;

  constructor(
    private readonly url: string,
    private readonly openWebSocket: WebSocketFactory = browserWebSocket,
  ) {}

  on(event: EventName | 'connect', listener: Listener) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
  }

  off(event: EventName | 'connect', listener: Listener) {
    this.listeners.get(event)?.delete(listener);
  }

  connect() {
    if (this.active) return;
    this.active = true;
    this.open();
  }

  disconnect() {
    this.active = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (this.connected) this.ws?.send('41');
    this.closeSocket();
  }

  /** Sends `event` and resolves with the server's acknowledgement (rejects after `timeoutMs`). */
  emitWithAck<E extends keyof ClientToServerEvents>(
    event: E,
    payload: Parameters<ClientToServerEvents[E]>[0],
    timeoutMs: number,
  ): Promise<Parameters<Parameters<ClientToServerEvents[E]>[1]>[0]> {
    return new Promise((resolve, reject) => {
      if (!this.connected || !this.ws) {
        reject(new Error('realtime: not connected'));
        return;
      }
      const id = this.nextAckId++;
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error('realtime: no acknowledgement'));
      }, timeoutMs);
      this.acks.set(id, (args) => {
        clearTimeout(timer);
        resolve(args[0] as never);
      });
      this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  }

  private open() {
    const ws = this.openWebSocket(this.url);
    this.ws = ws;
    ws.onmessage = (message) => {
      if (this.ws === ws && typeof message.data === 'string') this.receive(message.data);
    };
    ws.onclose = () => {
      if (this.ws === ws) this.lost();
    };
  }

  private receive(packet: string) {
    switch (packet[0]) {
      case '0': {
        const handshake = JSON.parse(packet.slice(1)) as {
          pingInterval: number;
          pingTimeout: number;
        };
        this.heartbeatMs = handshake.pingInterval + handshake.pingTimeout;
        this.expectHeartbeat();
        this.ws?.send('40');
        return;
      }
      case '2':
        this.expectHeartbeat();
        this.ws?.send('3');
        return;
      case '1':
        this.lost();
        return;
      case '4':
        this.receiveSocketIo(packet.slice(1));
        return;
    }
  }

  private receiveSocketIo(packet: string) {
    const type = packet[0];
    const body = /^(\d*)(.*)$/s.exec(packet.slice(1));
    const id = body?.[1] ? Number(body[1]) : null;
    const data = body?.[2] ? (JSON.parse(body[2]) as unknown) : null;
    if (type === '0') {
      this.connected = true;
      this.failedAttempts = 0;
      this.dispatch('connect', []);
    } else if (type === '1') {
      // The server ended the session (sign-out): stay disconnected, as socket.io-client does.
      this.disconnect();
    } else if (type === '2' && Array.isArray(data) && typeof data[0] === 'string') {
      this.dispatch(data[0], data.slice(1));
    } else if (type === '3' && id !== null && Array.isArray(data)) {
      const resolve = this.acks.get(id);
      this.acks.delete(id);
      resolve?.(data);
    } else if (type === '4') {
      this.lost();
    }
  }

  private dispatch(event: string, args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      (listener as (...a: unknown[]) => void)(...args);
    }
  }

  /** The server pings every `pingInterval`; silence past `pingTimeout` means a dead link. */
  private expectHeartbeat() {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => this.lost(), this.heartbeatMs);
  }

  private closeSocket() {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    const ws = this.ws;
    this.ws = null;
    this.connected = false;
    ws?.close();
  }

  /** The link dropped: try again after a growing, jittered delay while still wanted. */
  private lost() {
    this.closeSocket();
    if (!this.active || this.reconnectTimer) return;
    const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.failedAttempts);
    this.failedAttempts += 1;
    const delay = base * (0.5 + Math.random());
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.active) this.open();
    }, delay);
  }
}
