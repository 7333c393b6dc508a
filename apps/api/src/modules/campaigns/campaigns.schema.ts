import type { CampaignGoal, CampaignVisibility } from '@clipmarket/contracts/campaigns';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contentRequests } from '../content-requests/content-requests.schema.js';
import { contentOpportunities } from '../opportunities/opportunities.schema.js';
import { users } from '../users/users.schema.js';

/**
 * An advertiser's campaign (issue 24 §1): a name, a goal, Tunisia's calendar days it runs, a
 * budget in millimes, how creators join (private: chosen; public: they apply) and the page its
 * tracked links lead to.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    advertiserUserId: integer('advertiser_user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    goal: text('goal').$type<CampaignGoal>().notNull(),
    visibility: text('visibility').$type<CampaignVisibility>().notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    budget: bigint('budget', { mode: 'number' }).notNull(),
    targetUrl: text('target_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_advertiser_idx').on(t.advertiserUserId, t.id),
    check('campaigns_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check('campaigns_budget_check', sql`${t.budget} > 0`),
  ],
);

/**
 * What a campaign holds: each of the advertiser's content requests and opportunities is in at
 * most one campaign (attaching it to another moves it). Exactly one of the two ids is set.
 */
export const campaignItems = pgTable(
  'campaign_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contentRequestId: integer('content_request_id').references(() => contentRequests.id, {
      onDelete: 'cascade',
    }),
    contentOpportunityId: integer('content_opportunity_id').references(
      () => contentOpportunities.id,
      { onDelete: 'cascade' },
    ),
    attachedAt: timestamp('attached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_items_campaign_idx').on(t.campaignId),
    uniqueIndex('campaign_items_request_idx')
      .on(t.contentRequestId)
      .where(sql`${t.contentRequestId} is not null`),
    uniqueIndex('campaign_items_opportunity_idx')
      .on(t.contentOpportunityId)
      .where(sql`${t.contentOpportunityId} is not null`),
    check(
      'campaign_items_one_item_check',
      sql`num_nonnulls(${t.contentRequestId}, ${t.contentOpportunityId}) = 1`,
    ),
  ],
);

/**
 * A campaign's public report link (issue 24 §4): an unguessable token (32 random bytes,
 * base64url) kept as is, so that its owner can copy the link again. One active link per
 * campaign; revoking keeps the row (the old address then answers 404) and a new link gets a
 * new token.
 */
export const campaignShareLinks = pgTable(
  'campaign_share_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Times the report was opened, and when last. */
    visits: integer('visits').notNull().default(0),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_share_links_token_idx').on(t.token),
    uniqueIndex('campaign_share_links_active_idx')
      .on(t.campaignId)
      .where(sql`${t.revokedAt} is null`),
    index('campaign_share_links_campaign_idx').on(t.campaignId),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type CampaignItemRow = typeof campaignItems.$inferSelect;
export type CampaignShareLinkRow = typeof campaignShareLinks.$inferSelect;
