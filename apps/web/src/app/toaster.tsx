import type { NotificationsProps } from '@mantine/notifications';
import { Suspense, lazy, useEffect, useState } from 'react';
import { onToastRequested } from '../lib/toasts';

// The toast container (Mantine's notifications, transitions, portal) is a chunk of its own.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** What starts the download of the container (besides a toast asked for through lib/toasts). */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'click'] as const;

/**
 * Mounts the toast container once it can be needed, not with the first screen (ADR 016):
 * - a toast asked for through lib/toasts (bell events, session expiry, shell screens);
 * - the person's first interaction: every other toast answers something they did (saving
 *   settings, sending a message), and the container is there by the time the answer comes.
 * Toasts shown before the container is mounted wait in Mantine's notifications store.
 */
export function Toaster({
  immediate = false,
  ...props
}: NotificationsProps & { immediate?: boolean }) {
  const [wanted, setWanted] = useState(immediate);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const stopListening = onToastRequested(want);
    for (const type of INTERACTIONS) document.addEventListener(type, want, true);
    return () => {
      stopListening();
      for (const type of INTERACTIONS) document.removeEventListener(type, want, true);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
