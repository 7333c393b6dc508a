import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { influencers, users } from './users.schema.js';

/**
 * Where a creator is paid (issue 11 §6): the payout module's read of the financial info.
 * Private data (the bank RIB or D17 number): only for the creator themselves and admins; the
 * caller (payouts service) answers `accountNumber` to no one else.
 */
export interface PayoutAccount {
  userId: number;
  email: string;
  /** The beneficiary's name as a bank transfer needs it (first and last name, else the public name). */
  name: string;
  /** The chosen method, or null when its 20-digit number is missing (nothing to pay to). */
  method: 'bank' | 'd17' | null;
  /** The 20-digit RIB (bank) or D17 number; null when missing. */
  accountNumber: string | null;
}

/** The payout accounts of these creators, by user id (unknown ids and non-creators are absent). */
export async function describePayoutAccounts(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, PayoutAccount>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: influencers.firstName,
      lastName: influencers.lastName,
      influencerName: influencers.influencerName,
      paymentMethod: influencers.paymentMethod,
      cardNumber: influencers.cardNumber,
      cardNumberD17: influencers.cardNumberD17,
    })
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((row) => {
      const number =
        (row.paymentMethod === 'd17' ? row.cardNumberD17 : row.cardNumber)?.trim() || null;
      const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
      return [
        row.userId,
        {
          userId: row.userId,
          email: row.email,
          name: fullName || row.influencerName?.trim() || row.email,
          method: number ? row.paymentMethod : null,
          accountNumber: number,
        },
      ];
    }),
  );
}
