import type { Language } from '@clipmarket/contracts/enums';
import type {
  HideableMediaKitSection,
  MediaKitContent,
  MediaKitRenderState,
  MediaKitTheme,
} from '@clipmarket/contracts/media-kit';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { integerList, textList } from '../../platform/db/columns.js';
import { files } from '../media/media.schema.js';
import { influencers, users } from '../users/users.schema.js';

/**
 * A creator's media kit (issue 25, ADR 042): one per creator. The creator's settings, the state
 * of its rendering, and the last rendering's snapshot (`content`, what the public page, the PDF
 * and the link preview show) with its files (`render_key`: the storage folder of the PDF and
 * the page pictures, a fresh random name per rendering, so every file is cacheable for ever).
 * `version` counts saves: a rendering job of an older version does nothing.
 */
export const mediaKits = pgTable(
  'media_kits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    influencerId: integer('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    theme: text('theme').$type<MediaKitTheme>().notNull(),
    language: text('language').$type<Language>().notNull(),
    headline: text('headline'),
    coverFileId: integer('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
    hiddenSections: textList<HideableMediaKitSection>('hidden_sections'),
    featuredLineIds: integerList('featured_line_ids'),
    isPublished: boolean('is_published').notNull().default(false),
    version: integer('version').notNull().default(1),
    renderState: text('render_state').$type<MediaKitRenderState>().notNull().default('none'),
    renderError: text('render_error'),
    /** The last good rendering: its snapshot, files and the settings version it rendered. */
    content: jsonb('content').$type<MediaKitContent>(),
    renderKey: text('render_key'),
    pageCount: integer('page_count').notNull().default(0),
    renderedVersion: integer('rendered_version'),
    renderedAt: timestamp('rendered_at', { withTimezone: true }),
    /** Visits counted (`media_kit_visits`), kept here for the creator's page. */
    views: integer('views').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_kits_influencer_idx').on(t.influencerId),
    uniqueIndex('media_kits_user_idx').on(t.userId),
    uniqueIndex('media_kits_render_key_idx')
      .on(t.renderKey)
      .where(sql`${t.renderKey} is not null`),
    check(
      'media_kits_render_state_check',
      sql`${t.renderState} in ('none', 'rendering', 'ready', 'failed')`,
    ),
  ],
);

/**
 * Every public name a kit was rendered under (lower case) and its creator: a link with a name
 * the creator used before still finds the kit, which answers with the current name. A name
 * taken later by another creator moves to them at their kit's rendering.
 */
export const mediaKitNames = pgTable('media_kit_names', {
  nameKey: text('name_key').primaryKey(),
  influencerId: integer('influencer_id')
    .notNull()
    .references(() => influencers.id, { onDelete: 'cascade' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A counted view or download of a public kit, counted as tracked links count clicks: the visitor
 * is sha256 of the day's salt, the address and the user agent (the address is never kept), bots
 * are not counted, and a visitor counts once per kit, kind and clock hour (the unique index).
 */
export const mediaKitVisits = pgTable(
  'media_kit_visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => mediaKits.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MediaKitVisitKind>().notNull(),
    visitorHash: text('visitor_hash').notNull(),
    visitHour: timestamp('visit_hour', { withTimezone: true }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_kit_visits_visitor_hour_idx').on(
      t.kitId,
      t.kind,
      t.visitorHash,
      t.visitHour,
    ),
    index('media_kit_visits_occurred_idx').on(t.occurredAt),
    check('media_kit_visits_kind_check', sql`${t.kind} in ('view', 'download')`),
    check('media_kit_visits_visitor_hash_check', sql`${t.visitorHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

export type MediaKitVisitKind = 'view' | 'download';
export type MediaKitRow = typeof mediaKits.$inferSelect;
