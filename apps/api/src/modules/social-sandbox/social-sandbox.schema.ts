import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * The posts of the built-in Instagram and TikTok sandboxes (issue 24 §2): which sandbox account
 * published a post (its shortcode, or its video id) and when; its figures grow with its age.
 * Development, demo and tests only (a deployment does not mount the sandboxes).
 */
export const socialSandboxPosts = pgTable(
  'social_sandbox_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').$type<'instagram' | 'tiktok'>().notNull(),
    accountId: text('account_id').notNull(),
    /** Instagram's shortcode or TikTok's video id, as in the post's link. */
    postKey: text('post_key').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('social_sandbox_posts_post_key').on(t.platform, t.postKey)],
);
