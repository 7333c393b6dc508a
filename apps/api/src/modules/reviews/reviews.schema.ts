import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';
import { users } from '../users/users.schema.js';
import { textList } from '../../platform/db/columns.js';

export type ReviewAuthorRole = 'advertiser' | 'creator';
export type ReviewContestState = 'open' | 'upheld' | 'removed';

/**
 * A written review of a completed delivery line (issue 27 §2), one per side. Blind: the other
 * side and the public see it from `visible_from` — 7 days after it was written, or at once when
 * the other side writes theirs (both rows then get the same instant). A rating of 2 or below
 * carries reasons (the spec's feedback reasons); the reviewed party may reply once and contest
 * it within 7 days, which an admin upholds or removes.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => contentRequestInfluencers.id),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    authorRole: text('author_role').$type<ReviewAuthorRole>().notNull(),
    subjectUserId: integer('subject_user_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    /** A rating 1–5 per criterion of the author's side. */
    criteria: jsonb('criteria').$type<Record<string, number>>().notNull().default({}),
    reasons: textList('reasons'),
    comment: text('comment').notNull().default(''),
    visibleFrom: timestamp('visible_from', { withTimezone: true }).notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    contestReason: text('contest_reason'),
    contestedAt: timestamp('contested_at', { withTimezone: true }),
    contestState: text('contest_state').$type<ReviewContestState>(),
    contestDecidedByUserId: integer('contest_decided_by_user_id').references(() => users.id),
    contestDecidedAt: timestamp('contest_decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_line_author_role_unique').on(t.lineId, t.authorRole),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // A profile's reviews, newest first (keyset on id).
    index('reviews_subject_idx').on(t.subjectUserId, t.id),
    // The team's queue of contested reviews.
    index('reviews_contested_idx')
      .on(t.contestedAt)
      .where(sql`${t.contestState} = 'open'`),
  ],
);
