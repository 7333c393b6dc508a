import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  type ExtraConfigColumn,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SearchFilters } from '@clipmarket/contracts/discovery';
import { sizeBands } from '@clipmarket/contracts/enums';
import { communityBands, engagementBands } from '@clipmarket/contracts/reference-data';
import { advertisers, influencers } from '../users/users.schema.js';
import { integerList } from '../../platform/db/columns.js';

/**
 * The ordinal of a value's band (its index in the contract's list, whose bands follow each
 * other without gaps), null below the first band. Written into a generated column, so a band
 * of one figure can lead an index ordered by another figure (see the band indexes below).
 */
function bandOrdinal(column: string, bands: readonly { min: number }[]): SQL {
  const steps = bands
    .map((band, ordinal) => `when ${column} >= ${band.min} then ${ordinal}`)
    .reverse()
    .join(' ');
  return sql.raw(`case ${steps} end`);
}

/** One band's rows of creator_search in one order: (platform, band, figure DESC, id DESC). */
function bandRun(
  t: { platform: ExtraConfigColumn; influencerId: ExtraConfigColumn },
  name: string,
  band: ExtraConfigColumn,
  figure: ExtraConfigColumn,
) {
  return index(name).on(t.platform, band, figure.desc(), t.influencerId.desc());
}

/**
 * What advertisers search: one row per creator and platform the creator has a username on,
 * copied from influencers, influencer_stats and influencer_categories by triggers
 * (`refresh_creator_search`, drizzle/0002). Never written by application code.
 * The trigram index on `search_text` lives in that migration too (it needs pg_trgm).
 * See docs/decisions/007-creator-search-table.md.
 */
export const creatorSearch = pgTable(
  'creator_search',
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
    personsReached: integer('persons_reached').notNull().default(0),
    /** Null while the creator has no figures for this platform. */
    statsSource: text('stats_source', { enum: ['declared', 'verified'] }),
    statsUpdatedAt: timestamp('stats_updated_at', { withTimezone: true }),
    gender: text('gender', { enum: ['F', 'M'] }),
    /** Always the form's spelling ("45+", never the legacy "45plus"). */
    ageInterval: text('age_intervale'),
    /** Country of residence. */
    country: text('country'),
    countryOfOrigin: text('country_of_origin'),
    city: text('city'),
    categoryIds: integerList('category_ids'),
    /** Names and usernames, lower case, accents and Arabic variants folded. */
    searchText: text('search_text').notNull().default(''),
    /**
     * The creator's account is validated (`users.is_validated`): only those are found by a
     * search. Kept on the row, not as its absence, so favourites and shortlists still show a
     * creator's figures whatever the account's state.
     */
    isValidated: boolean('is_validated').notNull().default(false),
    /** Ordinal of the size band (sizeBands: 0 nano … 4 mega), derived from followers_count. */
    sizeBand: smallint('size_band').generatedAlwaysAs(bandOrdinal('followers_count', sizeBands)),
    /** Ordinal of the engagement band (engagementBands), null under the first band. */
    engagementBand: smallint('engagement_band').generatedAlwaysAs(
      bandOrdinal('engagement_rate', engagementBands),
    ),
    /** Ordinal of the active-community band (communityBands), from persons_reached. */
    reachBand: smallint('reach_band').generatedAlwaysAs(
      bandOrdinal('persons_reached', communityBands),
    ),
  },
  (t) => [
    primaryKey({ columns: [t.influencerId, t.platform] }),
    // One index per order, so every page is a short index walk from the cursor (keyset).
    index('creator_search_followers_idx').on(
      t.platform,
      t.followersCount.desc(),
      t.influencerId.desc(),
    ),
    index('creator_search_views_idx').on(t.platform, t.avgVideoViews.desc(), t.influencerId.desc()),
    index('creator_search_engagement_idx').on(
      t.platform,
      t.engagementRate.desc(),
      t.influencerId.desc(),
    ),
    index('creator_search_place_idx').on(t.platform, t.country, t.city),
    index('creator_search_gender_age_idx').on(t.platform, t.gender, t.ageInterval),
    index('creator_search_origin_idx').on(t.platform, t.countryOfOrigin),
    // A band filter with another order ("nano creators by views"): the bands sit at the end
    // of the order index (views follow followers), so the walk would read most rows before
    // the first match. These indexes give each band its own ordered run; several bands are
    // merged from their runs (see inOrder in the repository).
    bandRun(t, 'creator_search_size_views_idx', t.sizeBand, t.avgVideoViews),
    bandRun(t, 'creator_search_size_engagement_idx', t.sizeBand, t.engagementRate),
    bandRun(t, 'creator_search_engagement_band_followers_idx', t.engagementBand, t.followersCount),
    bandRun(t, 'creator_search_engagement_band_views_idx', t.engagementBand, t.avgVideoViews),
    bandRun(t, 'creator_search_reach_followers_idx', t.reachBand, t.followersCount),
    bandRun(t, 'creator_search_reach_views_idx', t.reachBand, t.avgVideoViews),
    bandRun(t, 'creator_search_reach_engagement_idx', t.reachBand, t.engagementRate),
    index('creator_search_categories_idx').using('gin', t.categoryIds),
  ],
);

/** An advertiser's favourite creators (the heart on a card). */
export const favorites = pgTable(
  'favorites',
  {
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    influencerId: integer('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.advertiserId, t.influencerId] }),
    index('favorites_advertiser_recent_idx').on(t.advertiserId, t.createdAt.desc()),
    index('favorites_influencer_idx').on(t.influencerId),
  ],
);

/** Named lists of creators an advertiser keeps (spec §2 "/short-lists"). */
export const shortLists = pgTable(
  'short_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique per advertiser whatever their case ("Ramadan" and "ramadan" clash).
    uniqueIndex('short_lists_advertiser_name_idx').on(t.advertiserId, sql`lower(${t.name})`),
  ],
);

export const shortListInfluencers = pgTable(
  'short_list_influencers',
  {
    shortListId: integer('short_list_id')
      .notNull()
      .references(() => shortLists.id, { onDelete: 'cascade' }),
    influencerId: integer('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shortListId, t.influencerId] }),
    index('short_list_influencers_recent_idx').on(t.shortListId, t.createdAt.desc()),
    // Deleting a creator cascades here; this keeps that from scanning every list.
    index('short_list_influencers_influencer_idx').on(t.influencerId),
  ],
);

/** Counted searches of an advertiser, the last SEARCH_HISTORY_SIZE kept. */
export const searchHistory = pgTable(
  'search_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    /** Normalised filters (searchFiltersSchema output, without cursor and limit). */
    filters: jsonb('filters').$type<SearchFilters>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_history_advertiser_idx').on(t.advertiserId, t.id.desc())],
);

/**
 * An advertiser's search quota (spec §3 "Quota"): a paid period (`account_validity_from` …
 * `account_validity_to`, a missing start meaning "since always") allows unlimited searches;
 * otherwise a free trial allows `max_search_count` searches until `free_trial_expire_date`
 * included. Discovery owns it with the rule and the history, so a search is counted and
 * recorded in one statement (quota.repository.ts). No row: no trial and no paid period.
 */
export const searchQuotas = pgTable('search_quotas', {
  advertiserId: integer('advertiser_id')
    .primaryKey()
    .references(() => advertisers.id, { onDelete: 'cascade' }),
  searchCount: integer('search_count').notNull().default(0),
  maxSearchCount: integer('max_search_count').notNull().default(0),
  freeTrialExpireDate: date('free_trial_expire_date'),
  accountValidityFrom: date('account_validity_from'),
  accountValidityTo: date('account_validity_to'),
  /**
   * The filters and time of the last search that was counted: the same filters again are not
   * counted (spec §4, issue 8: a repeated Refine cost a search).
   */
  lastCountedFilters: jsonb('last_counted_filters').$type<SearchFilters>(),
  lastCountedAt: timestamp('last_counted_at', { withTimezone: true }),
});
