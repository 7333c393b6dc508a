import crypto from 'node:crypto';
import { isbot } from 'isbot';
import type { DbOrTx } from '../../platform/db/client.js';
import { mediaKitRepository } from './media-kit.repository.js';

/**
 * How a public kit's visits are counted (issue 25 §2), as tracked links count clicks (reference
 * §5.2): no address is ever kept, only sha256 of the day's salt, the address and the user
 * agent; bots (and scripts without a user agent) are not counted; the unique index keeps one
 * visit per visitor, kit, kind and clock hour.
 */
export const isCountedVisitor = (userAgent: string | undefined) =>
  !!userAgent && userAgent.trim() !== '' && !isbot(userAgent);

let lastSalt: { key: string; salt: string } | undefined;
/** The day's salt (secret, from the server's secret and the UTC day), made once per day. */
function saltOf(serverSecret: string, day: string): string {
  const key = `${serverSecret}\n${day}`;
  if (lastSalt?.key !== key) {
    const salt = crypto
      .createHmac('sha256', serverSecret)
      .update(`media-kit-visitor:${day}`)
      .digest('hex');
    lastSalt = { key, salt };
  }
  return lastSalt.salt;
}

export function visitorHashOf(
  serverSecret: string,
  at: Date,
  ip: string,
  userAgent: string,
): string {
  const salt = saltOf(serverSecret, at.toISOString().slice(0, 10));
  return crypto.createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('hex');
}

/** The start of the UTC hour of `at`. */
export function visitHourOf(at: Date): Date {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}

/**
 * The views and downloads counted from `from` (included) to `to` (excluded) per creator whose
 * kit was viewed then (none for a kit only downloaded), by user id after `page.after`.
 */
export function visitsOfKitsBetween(
  q: DbOrTx,
  period: { from: Date; to: Date },
  page: { after: number; limit: number },
): Promise<{ userId: number; views: number; downloads: number }[]> {
  return mediaKitRepository.visitsBetween(q, period, page);
}
