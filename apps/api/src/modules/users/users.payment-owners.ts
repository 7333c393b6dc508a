import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { advertisers, users } from './users.schema.js';

/** Who paid, as the admin payments pages show it. */
export interface PaymentOwner {
  userId: number;
  email: string;
  /** The advertiser's brand name; null without an advertiser profile. */
  brandName: string | null;
}

/** The payers among `userIds`, by user id (unknown ids are left out). */
export async function describePaymentOwners(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, PaymentOwner>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.id, email: users.email, brandName: advertisers.name })
    .from(users)
    .leftJoin(advertisers, eq(advertisers.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.userId, { ...row, brandName: row.brandName ?? null }]));
}
