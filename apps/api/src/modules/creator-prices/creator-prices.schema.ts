import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { influencers } from '../users/users.schema.js';

/**
 * A creator's custom price for one video length (issue 10 §1), in millimes. A length without
 * a row costs the suggested price of the creator's size band (business settings
 * `suggested_price_<band>_<length>s_millimes`); resetting a length to the suggested price
 * deletes its row.
 */
export const creatorPrices = pgTable(
  'creator_prices',
  {
    influencerId: integer('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    /** Seconds: 15, 30 or 60 (contracts `videoDurations`). */
    videoDuration: smallint('video_duration').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.influencerId, t.videoDuration] }),
    check('creator_prices_duration', sql`${t.videoDuration} in (15, 30, 60)`),
    check('creator_prices_price_positive', sql`${t.price} > 0`),
  ],
);
