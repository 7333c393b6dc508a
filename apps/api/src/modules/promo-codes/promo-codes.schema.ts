import type { PromoPurchaseKind } from '@clipmarket/contracts/promo-codes';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/**
 * A promo code (ADR 019): a percentage in basis points off the platform's fees (ADR 015),
 * valid from `starts_at` until `ends_at` (none: no end), for the purchases it applies to,
 * within an optional total limit and an optional limit per advertiser. `code` is stored
 * upper-case, so uniqueness is case-insensitive.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    basisPoints: integer('basis_points').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    maxRedemptionsPerAdvertiser: integer('max_redemptions_per_advertiser'),
    appliesTo: text('applies_to').array().$type<PromoPurchaseKind[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_basis_points_range', sql`${t.basisPoints} between 1 and 10000`),
    check('promo_codes_window', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check(
      'promo_codes_limits_positive',
      sql`coalesce(${t.maxRedemptions}, 1) >= 1 and coalesce(${t.maxRedemptionsPerAdvertiser}, 1) >= 1`,
    ),
    check('promo_codes_applies_to_not_empty', sql`cardinality(${t.appliesTo}) >= 1`),
  ],
);

/**
 * One use of a code by one purchase, made when the order is placed (a reservation). When the
 * purchase's payment fails or expires the redemption is released (`released_at`) and no longer
 * counts against the limits. One redemption per purchase.
 */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    advertiserUserId: integer('advertiser_user_id')
      .notNull()
      .references(() => users.id),
    purchaseKind: text('purchase_kind').$type<PromoPurchaseKind>().notNull(),
    purchaseId: integer('purchase_id').notNull(),
    /** The code's percentage when redeemed: what the order was priced with. */
    basisPoints: integer('basis_points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    unique('promo_code_redemptions_purchase_unique').on(t.purchaseKind, t.purchaseId),
    index('promo_code_redemptions_counted_idx')
      .on(t.promoCodeId, t.advertiserUserId)
      .where(sql`${t.releasedAt} is null`),
  ],
);
