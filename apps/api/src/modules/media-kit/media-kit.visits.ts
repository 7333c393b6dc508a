import { isbot } from 'isbot';
import { createVisitorHasher, visitHourOf } from '../../platform/privacy/visitor-identity.js';
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

/** The visitor's identity for the one-per-hour rule (no address kept). */
export const visitorHashOf = createVisitorHasher('media-kit-visitor');
export { visitHourOf };

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
