import { useEffect, useRef } from 'react';

type Handler = (payload: never) => void;
const handlersByEvent = new Map<string, Set<Handler>>();

/**
 * Stands in for lib/realtime in page tests: `vi.mock('…/lib/realtime', () =>
 * import('…/test/realtime-mock'))`. Every mounted handler of an event hears `emitRealtime`, as
 * with the socket (a page and the hooks it uses may listen to the same event).
 */
export function useRealtimeEvent(event: string, handler: Handler): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const listener: Handler = (payload) => handlerRef.current(payload);
    const handlers = handlersByEvent.get(event) ?? new Set<Handler>();
    handlers.add(listener);
    handlersByEvent.set(event, handlers);
    return () => {
      handlers.delete(listener);
    };
  }, [event]);
}

/** What the server would push: every mounted handler of `event` runs with `payload`. */
export function emitRealtime(event: string, payload: unknown): void {
  for (const handler of handlersByEvent.get(event) ?? [])
    (handler as (p: unknown) => void)(payload);
}
