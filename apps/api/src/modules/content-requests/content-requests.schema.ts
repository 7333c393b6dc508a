import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { ContentRequestStatus, VideoFormat } from '@clipmarket/contracts/content-requests';
import type { LinkState } from '@clipmarket/contracts/content-delivery';
import type { LicenceTerms } from '@clipmarket/contracts/licences';
import type { platforms } from '@clipmarket/contracts/enums';

type Platform = (typeof platforms)[number];
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import { users } from '../users/users.schema.js';
import { integerList, textList } from '../../platform/db/columns.js';

/**
 * A content request (issue 10 §2): an advertiser's draft, then a sent request once its platform
 * fee is paid (from the wallet or through the gateway). Every draft field may be empty until
 * the checkout; the delivery deadline is also kept as an instant (date + slot, Africa/Tunis).
 */
export const contentRequests = pgTable(
  'content_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    advertiserUserId: integer('advertiser_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<ContentRequestStatus>().notNull().default('draft'),
    title: text('title').notNull().default(''),
    contentType: text('content_type'),
    videoDuration: integer('video_duration'),
    format: text('format').$type<VideoFormat>(),
    productName: text('product_name').notNull().default(''),
    description: text('description').notNull().default(''),
    platforms: textList<Platform>('platforms'),
    /** Media files (`files.id`) of the advertiser, checked at each save. */
    productImageFileIds: integerList('product_image_file_ids'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    deliverySlot: text('delivery_slot'),
    /** `delivery_date` + `delivery_slot` in Tunisia's time, as an instant. */
    deliveryDeadline: timestamp('delivery_deadline', { withTimezone: true }),
    publishingDeadline: date('publishing_deadline', { mode: 'string' }),
    script: text('script').notNull().default(''),
    /** The usage licence the request buys (issue 27 §1); null on drafts saved before licences. */
    licence: jsonb('licence').$type<LicenceTerms>(),
    /** The chosen creators (influencer ids) while a draft; the lines take over once sent. */
    influencerIds: integerList('influencer_ids'),
    /** The payment of the platform fee (gateway or wallet). */
    paymentId: integer('payment_id'),
    promoCode: text('promo_code'),
    /** The fee's priced order (checkout's `PricedOrder`) the payment asks for and the invoice prints. */
    pricedOrder: jsonb('priced_order'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The advertiser's list: newest first, keyset on id, by status.
    index('content_requests_advertiser_idx').on(t.advertiserUserId, t.status, t.id),
  ],
);

/**
 * One creator in one sent request (`content_request_influencer_id`): the subject of the
 * `content-request-line` process. The price is frozen at sending; `hold_id` is the ledger hold
 * that reserves it when the wallet covered it (released when the line ends unpaid).
 */
export const contentRequestInfluencers = pgTable(
  'content_request_influencers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The line's source (ADR 035): a content request's line, or an opportunity's accepted application. */
    contentRequestId: integer('content_request_id').references(() => contentRequests.id),
    /** The opportunity (`content_opportunities.id`, owned by the opportunities module). */
    contentOpportunityId: integer('content_opportunity_id'),
    influencerId: integer('influencer_id').notNull(),
    influencerUserId: integer('influencer_user_id')
      .notNull()
      .references(() => users.id),
    /** Copied from the request or opportunity: who may act as the advertiser. */
    advertiserUserId: integer('advertiser_user_id')
      .notNull()
      .references(() => users.id),
    /**
     * The line's place in its request, from 1 (creators in the order chosen): its public
     * reference is the request's and this number, `CR-000010-1`.
     */
    lineNumber: integer('line_number').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    state: text('state').$type<ContentRequestLineState>().notNull().default('sent'),
    version: integer('version').notNull().default(0),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
    holdId: bigint('hold_id', { mode: 'number' }),
    /** The gateway payment of the content fee, when it was not reserved (issue 11 §4). */
    paymentId: integer('payment_id'),
    /** When the content fee was paid (captured or taken): the HD original opens then. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The advertiser allowed the creator to show the published video in their media kit and in
     * Get inspired (issue 25); off until the advertiser turns it on.
     */
    showcaseAllowed: boolean('showcase_allowed').notNull().default(false),
    /**
     * The line's creator allowed showing the published video in Get inspired (issue 25 §3); it
     * shows there only while both this and the advertiser's `showcase_allowed` are on.
     */
    creatorShowcaseAllowed: boolean('creator_showcase_allowed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('content_request_influencers_request_influencer_unique').on(
      t.contentRequestId,
      t.influencerId,
    ),
    unique('content_request_influencers_request_line_number_unique').on(
      t.contentRequestId,
      t.lineNumber,
    ),
    unique('content_request_influencers_opportunity_influencer_unique').on(
      t.contentOpportunityId,
      t.influencerId,
    ),
    unique('content_request_influencers_opportunity_line_number_unique').on(
      t.contentOpportunityId,
      t.lineNumber,
    ),
    check(
      'content_request_influencers_one_source',
      sql`(${t.contentRequestId} is null) <> (${t.contentOpportunityId} is null)`,
    ),
    check('content_request_influencers_price_not_negative', sql`${t.price} >= 0`),
    // The creator's list (keyset on id), with or without a state.
    index('content_request_influencers_creator_idx').on(t.influencerUserId, t.id),
    index('content_request_influencers_creator_state_idx').on(t.influencerUserId, t.state, t.id),
    // The advertiser's filters: requests having a line in some states.
    index('content_request_influencers_advertiser_idx').on(
      t.advertiserUserId,
      t.state,
      t.contentRequestId,
    ),
    // Get inspired's gallery, newest first (keyset on id): only the lines both parties consented to.
    index('content_request_influencers_inspiration_idx')
      .on(t.id)
      .where(sql`${t.showcaseAllowed} and ${t.creatorShowcaseAllowed}`),
  ],
);

/**
 * The advertiser's reviews of a line's videos (issue 11 §3, spec §3 feedback reasons): one row
 * per approve, debrief, reject or automatic approval. Debriefs counted here enforce the
 * `revision_cap` setting.
 */
export const contentRequestFeedback = pgTable(
  'content_request_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => contentRequestInfluencers.id),
    decision: text('decision').$type<'approve' | 'debrief' | 'reject' | 'auto_approve'>().notNull(),
    reasons: textList('reasons'),
    rating: integer('rating'),
    comment: text('comment'),
    /** The video version reviewed (`content_videos.version`). */
    videoVersion: integer('video_version'),
    /** Null for the system's automatic approval. */
    authorUserId: integer('author_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'content_request_feedback_rating_range',
      sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`,
    ),
    index('content_request_feedback_line_idx').on(t.lineId, t.id),
  ],
);

/**
 * Publication links (issue 11 §5, spec §4): the creator's public posts of the paid video, one per
 * platform of the request, each approved or declined by the team; a declined one is resubmitted
 * as a new row (the old one stays for the record).
 */
export const contentRequestLinks = pgTable(
  'content_request_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => contentRequestInfluencers.id),
    platform: text('platform').$type<Platform>().notNull(),
    url: text('url').notNull(),
    state: text('state').$type<LinkState>().notNull().default('submitted'),
    reason: text('reason'),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_request_links_line_idx').on(t.lineId, t.id),
    // The team's queue: links waiting for a decision, oldest first.
    index('content_request_links_state_idx').on(t.state, t.id),
  ],
);

/** Where a revision note points in the frame: fractions of the width and height, 0 to 1. */
export interface RevisionNoteRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Frame-accurate revision notes (issue 27 §3): the points the advertiser marked on the preview's
 * timeline when debriefing a version — a time code, a note, optionally a region of the frame —
 * which the creator ticks as addressed by a later version.
 */
export const contentRevisionNotes = pgTable(
  'content_revision_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => contentRequestInfluencers.id),
    /** The debrief that placed it. */
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => contentRequestFeedback.id),
    /** The version it is about (`content_videos.version`). */
    videoVersion: integer('video_version').notNull(),
    timeMs: integer('time_ms').notNull(),
    note: text('note').notNull(),
    region: jsonb('region').$type<RevisionNoteRegion>(),
    addressedAt: timestamp('addressed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('content_revision_notes_time_not_negative', sql`${t.timeMs} >= 0`),
    index('content_revision_notes_line_idx').on(t.lineId, t.id),
  ],
);
