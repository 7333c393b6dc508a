/** Spec §9: the bell loads 8 notifications per page. */
export const NOTIFICATIONS_PAGE_SIZE = 8;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

/** Spec §2 "Notification bell and items": text longer than 110 characters is cut to 90 + "…". */
export const NOTIFICATION_TRUNCATE_ABOVE = 110;
export const NOTIFICATION_TRUNCATE_TO = 90;

/** Spec §2: a toast for a new notification stays 80 s. */
export const NOTIFICATION_TOAST_MS = 80_000;
