import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { platforms } from '@clipmarket/contracts/enums';
import type {
  MetricSource,
  MetricSubmissionState,
  MetricWindow,
  SocialAccountStatus,
} from '@clipmarket/contracts/publication-metrics';
import { contentRequestLinks } from '../content-requests/content-requests.schema.js';
import { files } from '../media/media.schema.js';
import { users } from '../users/users.schema.js';

type Platform = (typeof platforms)[number];

/**
 * A creator's Instagram or TikTok account connected by OAuth (issue 24 §2), one per platform.
 * The tokens are stored encrypted (AES-256-GCM, `METRICS_TOKEN_KEY`): a database dump gives no
 * access to anyone's account. Disconnecting deletes the row.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    platform: text('platform').$type<Platform>().notNull(),
    externalAccountId: text('external_account_id').notNull(),
    username: text('username').notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    /** TikTok's refresh token; Instagram refreshes the long-lived access token itself. */
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }).notNull(),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    status: text('status').$type<SocialAccountStatus>().notNull().default('connected'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('social_accounts_user_platform_key').on(t.userId, t.platform),
    // The refresh job: connected tokens expiring soonest.
    index('social_accounts_expiry_idx').on(t.status, t.accessTokenExpiresAt),
  ],
);

/**
 * An approved publication link whose figures are read (one row per link, made when the team
 * approves the line's links): the post found on the platform, or why it cannot be read.
 */
export const metricPublications = pgTable(
  'metric_publications',
  {
    linkId: integer('link_id')
      .primaryKey()
      .references(() => contentRequestLinks.id),
    lineId: integer('line_id').notNull(),
    platform: text('platform').$type<Platform>().notNull(),
    creatorUserId: integer('creator_user_id')
      .notNull()
      .references(() => users.id),
    url: text('url').notNull(),
    /** When the team approved the link: the windows count from here. */
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
    /** The platform's id of the post, once found in the creator's account. */
    externalMediaId: text('external_media_id'),
    /** `deleted`: the platform no longer has the post; it is not read again. */
    postState: text('post_state').$type<'live' | 'deleted'>().notNull().default('live'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('metric_publications_line_idx').on(t.lineId),
    // The daily refresh: live posts approved within the last 30 days.
    index('metric_publications_recent_idx').on(t.postState, t.approvedAt),
  ],
);

/**
 * The figures of a publication at one window (`24h`, `72h`, `7d`, `30d`: written once) or the
 * latest read (`latest`: replaced by each refresh). Null where the source gives no such figure
 * (TikTok: reach, saves, watch time). `post_deleted`: read after the post was deleted.
 */
export const metricSnapshots = pgTable(
  'metric_snapshots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer('link_id')
      .notNull()
      .references(() => contentRequestLinks.id),
    lineId: integer('line_id').notNull(),
    platform: text('platform').$type<Platform>().notNull(),
    window: text('window').$type<MetricWindow>().notNull(),
    source: text('source').$type<MetricSource>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    views: bigint('views', { mode: 'number' }),
    reach: bigint('reach', { mode: 'number' }),
    likes: bigint('likes', { mode: 'number' }),
    comments: bigint('comments', { mode: 'number' }),
    shares: bigint('shares', { mode: 'number' }),
    saves: bigint('saves', { mode: 'number' }),
    watchTimeMs: bigint('watch_time_ms', { mode: 'number' }),
    postDeleted: boolean('post_deleted').notNull().default(false),
    /** The creator's checked submission these figures come from (source `creator`). */
    submissionId: integer('submission_id'),
  },
  (t) => [
    unique('metric_snapshots_link_window_key').on(t.linkId, t.window),
    index('metric_snapshots_line_idx').on(t.lineId),
  ],
);

/**
 * Each publication's figures as the performance pages sum them, one row per link with any read
 * (issue 24 §8: an advertiser's dashboard of 2,000 videos reads 2,000 rows instead of summing
 * 14,000 reads per request). Kept by triggers on `metric_snapshots` and `metric_submissions`
 * (migration 0031, ADR 038), so no write can leave it behind: the current read — the newest of
 * the live post, else the newest; equal times in the order latest, 24h, 72h, 7d, 30d — and
 * each window's views and engagements read while the post was live. A creator's submission
 * still waiting for the team stands, unchecked, where its window has no snapshot.
 */
export const metricLinkFigures = pgTable(
  'metric_link_figures',
  {
    linkId: integer('link_id')
      .primaryKey()
      .references(() => contentRequestLinks.id),
    lineId: integer('line_id').notNull(),
    source: text('source').$type<MetricSource>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    /** Creator's figures: checked by the team (true) or waiting (false); null for the APIs'. */
    checked: boolean('checked'),
    views: bigint('views', { mode: 'number' }),
    reach: bigint('reach', { mode: 'number' }),
    likes: bigint('likes', { mode: 'number' }),
    comments: bigint('comments', { mode: 'number' }),
    shares: bigint('shares', { mode: 'number' }),
    saves: bigint('saves', { mode: 'number' }),
    read24h: boolean('read_24h').notNull(),
    views24h: bigint('views_24h', { mode: 'number' }),
    engagements24h: bigint('engagements_24h', { mode: 'number' }),
    read72h: boolean('read_72h').notNull(),
    views72h: bigint('views_72h', { mode: 'number' }),
    engagements72h: bigint('engagements_72h', { mode: 'number' }),
    read7d: boolean('read_7d').notNull(),
    views7d: bigint('views_7d', { mode: 'number' }),
    engagements7d: bigint('engagements_7d', { mode: 'number' }),
    read30d: boolean('read_30d').notNull(),
    views30d: bigint('views_30d', { mode: 'number' }),
    engagements30d: bigint('engagements_30d', { mode: 'number' }),
  },
  (t) => [index('metric_link_figures_line_idx').on(t.lineId)],
);

/**
 * Figures a creator typed from an insights screenshot, for a platform with no connected
 * account; the team checks them against the screenshot (approved: they become the window's
 * snapshot unless the API gave one; declined with a reason).
 */
export const metricSubmissions = pgTable(
  'metric_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer('link_id')
      .notNull()
      .references(() => contentRequestLinks.id),
    lineId: integer('line_id').notNull(),
    creatorUserId: integer('creator_user_id')
      .notNull()
      .references(() => users.id),
    platform: text('platform').$type<Platform>().notNull(),
    url: text('url').notNull(),
    window: text('window').$type<MetricWindow>().notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
    reach: bigint('reach', { mode: 'number' }),
    likes: bigint('likes', { mode: 'number' }).notNull(),
    comments: bigint('comments', { mode: 'number' }).notNull(),
    shares: bigint('shares', { mode: 'number' }).notNull(),
    saves: bigint('saves', { mode: 'number' }),
    watchTimeMs: bigint('watch_time_ms', { mode: 'number' }),
    screenshotFileId: integer('screenshot_file_id')
      .notNull()
      .references(() => files.id),
    state: text('state').$type<MetricSubmissionState>().notNull().default('submitted'),
    reason: text('reason'),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One submission waiting per link and window: a second one replaces nothing silently.
    uniqueIndex('metric_submissions_waiting_key')
      .on(t.linkId, t.window)
      .where(sql`${t.state} = 'submitted'`),
    index('metric_submissions_state_idx').on(t.state, t.id),
    index('metric_submissions_line_idx').on(t.lineId),
  ],
);
