import type { platforms } from '@clipmarket/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';

type Platform = (typeof platforms)[number];
export type ClickKind = 'person' | 'preview';

/**
 * A delivery's short link on one platform (issue 24 §5): `/l/{code}` leads to `target_url` with
 * the UTM parameters. The code is readable (`{brand}-{creator}`, a counter only when taken); the
 * target is read again from the campaign or the advertiser each time the toolbox opens.
 */
export const trackedLinks = pgTable(
  'tracked_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => contentRequestInfluencers.id),
    platform: text('platform').$type<Platform>().notNull(),
    code: text('code').notNull(),
    /** The advertiser's page, without the UTM parameters. */
    targetUrl: text('target_url').notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    utmContent: text('utm_content').notNull(),
    utmTerm: text('utm_term').notNull(),
    /**
     * Its clicks counted, people and link previews: kept by a trigger on `tracked_link_clicks`
     * (migration 0031) so that the performance pages add up links, not clicks.
     */
    personClicks: integer('person_clicks').notNull().default(0),
    previewClicks: integer('preview_clicks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tracked_links_code_unique').on(t.code),
    unique('tracked_links_line_platform_unique').on(t.lineId, t.platform),
    check('tracked_links_code_format', sql`${t.code} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('tracked_links_platform', sql`${t.platform} in ('instagram', 'tiktok')`),
  ],
);

/**
 * One visit of a short link counted by the redirect: a person, or a link-preview fetcher
 * (counted apart). `visitor_hash` is sha256 of the day's salt, the address and the user agent:
 * the address itself is never stored. A person counts once per link per clock hour
 * (`visit_hour`), enforced by the partial unique index.
 */
export const trackedLinkClicks = pgTable(
  'tracked_link_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer('link_id')
      .notNull()
      .references(() => trackedLinks.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** `occurred_at` truncated to its hour (UTC): the window of the one-per-visitor rule. */
    visitHour: timestamp('visit_hour', { withTimezone: true }).notNull(),
    kind: text('kind').$type<ClickKind>().notNull(),
    visitorHash: text('visitor_hash').notNull(),
    /** ISO 3166-1 alpha-2, when a trusted proxy said it. */
    country: text('country'),
    referrerDomain: text('referrer_domain'),
    deviceClass: text('device_class').notNull(),
  },
  (t) => [
    uniqueIndex('tracked_link_clicks_person_hour_unique')
      .on(t.linkId, t.visitorHash, t.visitHour)
      .where(sql`${t.kind} = 'person'`),
    index('tracked_link_clicks_link_idx').on(t.linkId, t.kind, t.occurredAt),
    check('tracked_link_clicks_kind', sql`${t.kind} in ('person', 'preview')`),
    check('tracked_link_clicks_visitor_hash', sql`${t.visitorHash} ~ '^[0-9a-f]{64}$'`),
    check(
      'tracked_link_clicks_device_class',
      sql`${t.deviceClass} in ('mobile', 'tablet', 'desktop', 'other')`,
    ),
  ],
);
