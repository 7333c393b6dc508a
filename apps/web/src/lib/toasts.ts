import type { NotificationData } from '@mantine/notifications';

/**
 * Toasts for screens of the first download (shell, bell events, session expiry). Mantine's
 * notifications package arrives in the same chunk as the toast container (app/toaster.tsx),
 * which the first toast asked for here mounts; calls made before keep their order.
 */
const loadToasts = () => {
  requested = true;
  for (const listener of [...requestListeners]) listener();
  return import('@mantine/notifications').then((module) => module.notifications);
};

let requested = false;
const requestListeners = new Set<() => void>();
/**
 * Tells the toast container (app/toaster.tsx) to mount: a toast is on its way (also one asked
 * for before the container listened).
 */
export function onToastRequested(listener: () => void): () => void {
  if (requested) listener();
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export const toasts = {
  show: (data: NotificationData) => void loadToasts().then((t) => t.show(data)),
  hide: (id: string) => void loadToasts().then((t) => t.hide(id)),
  clean: () => void loadToasts().then((t) => t.clean()),
};
