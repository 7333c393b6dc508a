import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { files } from '../media/media.schema.js';
import { categories } from '../reference-data/reference-data.schema.js';
import { textList } from '../../platform/db/columns.js';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['TALENT', 'BRAND', 'AGENCY', 'ADMIN'] }).notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Set by the product team once a creator's account is checked. */
    isValidated: boolean('is_validated').notNull().default(false),
    /** Accounts migrated from the previous platform: no settings entry (spec §6). */
    isLegacy: boolean('is_legacy').notNull().default(false),
    /**
     * An admin's name as shown in the top bar (issue 8 point 4). Creators and advertisers keep
     * theirs in their profile rows; null shows the e-mail address.
     */
    name: text('name'),
    profileFileId: integer('profile_efile_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    language: text('language', { enum: ['en', 'fr', 'tn'] })
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const advertisers = pgTable('advertisers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Brand name: set at sign-up, never editable afterwards. */
  name: text('name').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  phonePrefix: text('phone_prefix'),
  allowNotifications: text('allow_notifications', { enum: ['Y', 'N'] })
    .notNull()
    .default('Y'),
  allowEmails: text('allow_emails', { enum: ['Y', 'N'] })
    .notNull()
    .default('Y'),
  // The search quota (search_count, max_search_count, trial and paid-period dates) is
  // discovery's: search_quotas, one row per advertiser.
  country: text('country'),
  cities: textList('cities'),
  websiteUrl: text('website_url'),
  businessSectorId: integer('business_sector_id'),
  companyName: text('campany_name'),
  taxRegistrationNumber: text('tax_registration_number'),
  domiciliationAddress: text('domiciliation_address'),
  phoneCompany: text('phone_campany'),
  phoneCompanyPrefix: text('phone_campany_prefix'),
  notificationPreference: text('notification_preference', { enum: ['allways', 'daily'] })
    .notNull()
    .default('allways'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const influencers = pgTable(
  'influencers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Public display name, derived from the social usernames. */
    influencerName: text('influencer_name'),
    igUsername: text('ig_username'),
    tiktokUsername: text('tiktok_username'),
    phone: text('phone'),
    phonePrefix: text('phone_prefix'),
    isShowMediaKit: boolean('is_show_media_kit').notNull().default(false),
    allowNotifications: text('allow_notifications', { enum: ['Y', 'N'] })
      .notNull()
      .default('Y'),
    allowEmails: text('allow_emails', { enum: ['Y', 'N'] })
      .notNull()
      .default('Y'),
    ageInterval: text('age_intervale'),
    gender: text('gender', { enum: ['F', 'M'] }),
    country: text('country'),
    countryOfOrigin: text('country_of_origin'),
    city: text('city'),
    domiciliationAddress: text('domiciliation_address'),
    /** Private: owner and admins only. */
    cin: text('cin'),
    cinFileId: integer('cin_efile_id').references(() => files.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method', { enum: ['bank', 'd17'] })
      .notNull()
      .default('bank'),
    /** Private: bank RIB, 20 digits. */
    cardNumber: text('card_number'),
    /** Private: D17 RIP, 20 digits. */
    cardNumberD17: text('card_number_d17'),
    bio: text('influencer_bio'),
    specializations: textList('specializations'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('influencers_country_city_idx').on(t.country, t.city),
    index('influencers_gender_age_idx').on(t.gender, t.ageInterval),
  ],
);

export const influencerCategories = pgTable(
  'influencer_categories',
  {
    influencerId: integer('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.influencerId, t.categoryId] }),
    index('influencer_categories_category_idx').on(t.categoryId),
  ],
);

/** Audience figures per creator and platform (self-declared or verified). */
export const influencerStats = pgTable(
  'influencer_stats',
  {
    influencerId: integer('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['instagram', 'tiktok'] }).notNull(),
    followersCount: integer('followers_count').notNull().default(0),
    postsCount: integer('posts_count').notNull().default(0),
    avgLikes: integer('avg_likes').notNull().default(0),
    avgComments: integer('avg_comments').notNull().default(0),
    avgVideoViews: integer('avg_video_views').notNull().default(0),
    /** Percent with two decimals, e.g. 3.25. */
    engagementRate: numeric('engagement_rate', { precision: 6, scale: 2 }).notNull().default('0'),
    /** Active community: people reached. */
    personsReached: integer('persons_reached').notNull().default(0),
    source: text('source', { enum: ['declared', 'verified'] })
      .notNull()
      .default('declared'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.influencerId, t.platform] }),
    index('influencer_stats_platform_followers_idx').on(t.platform, t.followersCount),
  ],
);

/** "Twinkling" menu highlights (spec §3); one row per user. */
export const twinklingFlags = pgTable('twinkling_flags', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  acceptRequest: boolean('twinkling_accept_request').notNull().default(false),
  trackPayment: boolean('twinkling_trak_payment').notNull().default(false),
  manageContent: boolean('twinkling_manage_content').notNull().default(false),
  contentRequest: boolean('twinkling_content_request').notNull().default(false),
  discoverOpportunities: boolean('twinkling_discover_opportunities').notNull().default(false),
  getPaid: boolean('twinkling_get_paid').notNull().default(false),
  support: boolean('twinkling_support').notNull().default(false),
});

export const userClicks = pgTable(
  'user_clicks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    influencerId: integer('influencer_id'),
    role: text('role').notNull(),
    module: text('module').notNull(),
    moduleId: text('module_id'),
    click: text('click').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_clicks_user_idx').on(t.userId, t.createdAt)],
);
