import type { NotificationData } from '@mantine/notifications';

/**
 * Toasts for screens of the first download (shell, bell events, session expiry). Mantine's
 * notifications package arrives in the same chunk as the toast container (app/providers.tsx),
 * after the first screen; calls made before keep their order.
 */
const loadToasts = () => import('@mantine/notifications').then((module) => module.notifications);

export const toasts = {
  show: (data: NotificationData) => void loadToasts().then((t) => t.show(data)),
  hide: (id: string) => void loadToasts().then((t) => t.hide(id)),
  clean: () => void loadToasts().then((t) => t.clean()),
};
