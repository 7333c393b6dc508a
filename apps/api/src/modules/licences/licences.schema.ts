import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type {
  LicenceChannel,
  LicenceDuration,
  LicenceRates,
  LicenceTerritory,
} from '@clipmarket/contracts/licences';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';
import { influencers } from '../users/users.schema.js';
import { textList } from '../../platform/db/columns.js';

/**
 * A creator's own prices of the licence add-ons (issue 27 §1), in basis points of their base
 * price; an add-on absent here costs the suggested rate of the business settings.
 */
export const creatorLicenceRates = pgTable('creator_licence_rates', {
  influencerId: integer('influencer_id')
    .primaryKey()
    .references(() => influencers.id, { onDelete: 'cascade' }),
  rates: jsonb('rates').$type<LicenceRates>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The usage licence of a delivery line (issue 27 §1): term 1 is bought with the video, frozen
 * when the line is created (its terms, the creator's rates and the add-on's price); each paid
 * renewal is the next term. A term starts when the content fee (or the renewal) is paid and,
 * unless perpetual, ends at `expires_at`; the expiry job reminds 14 and 3 days before and marks
 * it expired, which stops the HD download.
 */
export const lineLicences = pgTable(
  'line_licences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => contentRequestInfluencers.id),
    /** 1 for the licence bought with the video, then 2, 3… for each renewal. */
    term: integer('term').notNull(),
    channels: textList<LicenceChannel>('channels'),
    duration: text('duration').$type<LicenceDuration>().notNull(),
    territory: text('territory').$type<LicenceTerritory>().notNull(),
    exclusivityDays: integer('exclusivity_days').notNull().default(0),
    /** The advertiser's business sector the exclusivity covers (`business_sectors.id`), when exclusive. */
    exclusivityCategoryId: integer('exclusivity_category_id'),
    /** The creator's base price of the video and the add-ons' price, in millimes. */
    basePrice: bigint('base_price', { mode: 'number' }).notNull(),
    addOnPrice: bigint('add_on_price', { mode: 'number' }).notNull(),
    /** The rates (basis points per add-on) the price was computed with. */
    rates: jsonb('rates').$type<LicenceRates>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** Null while not started, and for a perpetual licence. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The creator's Spark / partnership-ad code and its own expiry (spark_ads channel). */
    sparkCode: text('spark_code'),
    sparkCodeExpiresAt: timestamp('spark_code_expires_at', { withTimezone: true }),
    remindedAt14Days: timestamp('reminded_at_14_days', { withTimezone: true }),
    remindedAt3Days: timestamp('reminded_at_3_days', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The ledger transaction that paid a renewal (term ≥ 2). */
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('line_licences_line_term_unique').on(t.lineId, t.term),
    check('line_licences_prices_not_negative', sql`${t.basePrice} >= 0 and ${t.addOnPrice} >= 0`),
    check('line_licences_exclusivity_days', sql`${t.exclusivityDays} >= 0`),
    // The expiry job: running licences by their end, soonest first.
    index('line_licences_running_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null and ${t.expiredAt} is null`),
  ],
);
