import {
  NOTIFICATION_TRUNCATE_ABOVE,
  NOTIFICATION_TRUNCATE_TO,
} from '@clipmarket/contracts/notification-limits';

/**
 * Spec §2: text longer than 110 characters is cut to 90 plus an ellipsis. Counts code points,
 * so an emoji or an Arabic letter with its mark is never split in half.
 */
export function truncateNotificationText(
  text: string,
  above = NOTIFICATION_TRUNCATE_ABOVE,
  to = NOTIFICATION_TRUNCATE_TO,
): string {
  const characters = Array.from(text);
  if (characters.length <= above) return text;
  return `${characters.slice(0, to).join('').trimEnd()}…`;
}
