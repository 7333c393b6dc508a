import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has painted the first screen. What that screen does not show at once
 * (the socket, the bell's list, the menu's highlights, the search quota and history) waits for
 * it: asked for before the paint, its requests share a slow phone network with the page's own
 * and its answers the main thread, and the page shows later. An effect alone is not "after the
 * paint": React runs the effects of a synchronous render (a navigation, a query's answer)
 * before the browser paints.
 */
export function createFirstPaintSignal() {
  let painted = false;
  let scheduled = false;
  const listeners = new Set<() => void>();

  const markPainted = () => {
    painted = true;
    for (const listener of listeners) listener();
    listeners.clear();
  };
  // The next frame paints what is committed now; a task queued from that frame runs after it.
  const schedulePaintCheck = () => {
    if (scheduled) return;
    scheduled = true;
    const afterFrame = () => setTimeout(markPainted);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(afterFrame);
    else afterFrame();
  };
  const subscribe = (listener: () => void) => {
    if (painted) return () => {};
    listeners.add(listener);
    schedulePaintCheck();
    return () => {
      listeners.delete(listener);
    };
  };
  const isPainted = () => painted;

  return {
    /**
     * False until the first screen has been painted (the first frame after the first
     * component asking was committed), then true for the rest of the visit.
     */
    useFirstPaintDone: (): boolean => useSyncExternalStore(subscribe, isPainted, isPainted),
    /** Resolves once the first screen has been painted. */
    afterFirstPaint: (): Promise<void> =>
      painted ? Promise.resolve() : new Promise((resolve) => void subscribe(resolve)),
  };
}

/** The app's one signal. */
export const { useFirstPaintDone, afterFirstPaint } = createFirstPaintSignal();
