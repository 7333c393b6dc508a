import type { VideoFormat } from '@clipmarket/contracts/content-requests';
import type { LicenceTerms } from '@clipmarket/contracts/licences';
import type { platforms, SizeBand } from '@clipmarket/contracts/enums';
import type { OpportunityVisibility } from '@clipmarket/contracts/opportunities';
import type { OpportunityState } from '@clipmarket/contracts/workflows/opportunity';
import type { OpportunityApplicationState } from '@clipmarket/contracts/workflows/opportunity-application';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';
import { integerList, textList } from '../../platform/db/columns.js';

type Platform = (typeof platforms)[number];

/**
 * An opportunity (issue 23, ADR 033): the advertiser's draft (step 1 info, step 2 brief), then,
 * once its platform fee is paid, a brief creators apply to; the subject of the `opportunity`
 * process (state, version, entered_at, reason, as every process's subject). Every draft field may
 * be empty until the checkout. `spots_taken` counts the accepted applications whose line has not
 * ended without a delivery, changed only under the opportunity's row lock: never more than
 * `spots`.
 */
export const contentOpportunities = pgTable(
  'content_opportunities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    advertiserUserId: integer('advertiser_user_id')
      .notNull()
      .references(() => users.id),
    state: text('state').$type<OpportunityState>().notNull().default('draft'),
    version: integer('version').notNull().default(0),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
    title: text('title').notNull().default(''),
    contentType: text('content_type'),
    videoDuration: integer('video_duration'),
    format: text('format').$type<VideoFormat>(),
    platforms: textList<Platform>('platforms'),
    /** The accounts a creator must have to apply. */
    creatorPlatforms: textList<Platform>('creator_platforms'),
    categoryIds: integerList('category_ids'),
    country: text('country'),
    cities: textList('cities'),
    sizeBands: textList<SizeBand>('size_bands'),
    spots: integer('spots'),
    spotsTaken: integer('spots_taken').notNull().default(0),
    /** The price band per video, in millimes. */
    priceMin: bigint('price_min', { mode: 'number' }),
    priceMax: bigint('price_max', { mode: 'number' }),
    applicationDeadline: date('application_deadline', { mode: 'string' }),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    deliverySlot: text('delivery_slot'),
    /** `delivery_date` + `delivery_slot` in Tunisia's time, as an instant. */
    deliveryDeadline: timestamp('delivery_deadline', { withTimezone: true }),
    publishingDeadline: date('publishing_deadline', { mode: 'string' }),
    /** Media files (`files.id`) of the advertiser, checked at each save. */
    productImageFileIds: integerList('product_image_file_ids'),
    attachmentFileId: integer('attachment_file_id'),
    screeningQuestions: textList('screening_questions'),
    visibility: text('visibility').$type<OpportunityVisibility>().notNull().default('public'),
    brief: text('brief').notNull().default(''),
    checklist: textList('checklist'),
    /** The usage licence the opportunity buys (issue 27 §1); null on drafts saved before licences. */
    licence: jsonb('licence').$type<LicenceTerms>(),
    /** The payment of the platform fee (gateway or wallet), its code and priced order. */
    paymentId: integer('payment_id'),
    promoCode: text('promo_code'),
    pricedOrder: jsonb('priced_order'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'content_opportunities_price_band',
      sql`${t.priceMin} is null or ${t.priceMax} is null or ${t.priceMin} <= ${t.priceMax}`,
    ),
    check('content_opportunities_spots_positive', sql`${t.spots} is null or ${t.spots} >= 1`),
    check(
      'content_opportunities_spots_taken',
      sql`${t.spotsTaken} >= 0 and (${t.spots} is null or ${t.spotsTaken} <= ${t.spots})`,
    ),
    // The advertiser's list: newest first, keyset on id, by state.
    index('content_opportunities_advertiser_idx').on(t.advertiserUserId, t.state, t.id),
    // Creators' discovery of live opportunities: newest first, or best paid first.
    index('content_opportunities_live_newest_idx')
      .on(t.id)
      .where(sql`${t.state} = 'live'`),
    index('content_opportunities_live_price_idx')
      .on(t.priceMax, t.id)
      .where(sql`${t.state} = 'live'`),
    // The campaign filter's categories and cities, when they narrow the live ones down.
    index('content_opportunities_live_categories_idx')
      .using('gin', t.categoryIds)
      .where(sql`${t.state} = 'live'`),
    index('content_opportunities_live_cities_idx')
      .using('gin', t.cities)
      .where(sql`${t.state} = 'live'`),
  ],
);

/** The creators invited to a private opportunity. */
export const contentOpportunityInvitations = pgTable(
  'content_opportunity_invitations',
  {
    contentOpportunityId: integer('content_opportunity_id')
      .notNull()
      .references(() => contentOpportunities.id),
    influencerId: integer('influencer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentOpportunityId, t.influencerId] }),
    index('content_opportunity_invitations_influencer_idx').on(t.influencerId),
  ],
);

/** A creator who read the brief ("learn more"): listed to the advertiser, reminded before the deadline. */
export const contentOpportunityInterests = pgTable(
  'content_opportunity_interests',
  {
    contentOpportunityId: integer('content_opportunity_id')
      .notNull()
      .references(() => contentOpportunities.id),
    influencerId: integer('influencer_id').notNull(),
    influencerUserId: integer('influencer_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentOpportunityId, t.influencerId] }),
    index('content_opportunity_interests_creator_idx').on(t.influencerUserId),
  ],
);

/**
 * A creator's application (`content_opportunity_influencer_id` in the spec's routes): the subject
 * of the `opportunity-application` process. Once accepted, `line_id` names the delivery line it
 * became (ADR 032, 033). One application per creator and opportunity.
 */
export const contentOpportunityApplications = pgTable(
  'content_opportunity_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contentOpportunityId: integer('content_opportunity_id')
      .notNull()
      .references(() => contentOpportunities.id),
    influencerId: integer('influencer_id').notNull(),
    influencerUserId: integer('influencer_user_id')
      .notNull()
      .references(() => users.id),
    /** Copied from the opportunity: who may answer it. */
    advertiserUserId: integer('advertiser_user_id')
      .notNull()
      .references(() => users.id),
    state: text('state').$type<OpportunityApplicationState>().notNull().default('submitted'),
    version: integer('version').notNull().default(0),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
    /** The price the creator asks, inside the band, in millimes. */
    price: bigint('price', { mode: 'number' }).notNull(),
    pitch: text('pitch').notNull(),
    /** One of the creator's lines whose video was approved, shown as a sample. */
    sampleLineId: integer('sample_line_id'),
    answers: textList('answers'),
    /** The advertiser's first answer (accepted, debriefed, declined): their median time to answer. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Debriefs used (one allowed). */
    debriefCount: integer('debrief_count').notNull().default(0),
    lineId: integer('line_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('content_opportunity_applications_creator_unique').on(
      t.contentOpportunityId,
      t.influencerId,
    ),
    check('content_opportunity_applications_price_not_negative', sql`${t.price} >= 0`),
    // The advertiser's list of one opportunity's applications, by state, keyset on id.
    index('content_opportunity_applications_opportunity_idx').on(
      t.contentOpportunityId,
      t.state,
      t.id,
    ),
    // The creator's applications, newest first.
    index('content_opportunity_applications_creator_idx').on(t.influencerUserId, t.id),
    // An advertiser's answered applications: their median time to answer, on creators' cards.
    index('content_opportunity_applications_answered_idx')
      .on(t.advertiserUserId, t.answeredAt)
      .where(sql`${t.answeredAt} is not null`),
  ],
);
