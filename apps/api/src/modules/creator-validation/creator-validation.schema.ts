import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/**
 * One row per creator account: where it stands in the creator-validation process
 * (contracts `creatorValidationProcess`). `users.is_validated` mirrors the `validated` state.
 */
export const creatorValidations = pgTable(
  'creator_validations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'validated', 'rejected'] }).notNull(),
    /** Bumped by every transition: a timer armed for an older version does nothing. */
    version: integer('version').notNull().default(0),
    /** The reason given with the last rejection, shown to the creator. */
    rejectionReason: text('rejection_reason'),
    stateEnteredAt: timestamp('state_entered_at', { withTimezone: true }).notNull().defaultNow(),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
  },
  (t) => [
    index('creator_validations_pending_idx')
      .on(t.stateEnteredAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);
