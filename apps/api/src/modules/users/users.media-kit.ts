import { asc, eq, sql } from 'drizzle-orm';
import {
  adminMediaKitFlagBodySchema,
  adminMediaKitFlagResponseSchema,
} from '@clipmarket/contracts/media-kit';
import { idParamSchema } from '@clipmarket/contracts/primitives';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import { toLanguageTag, type Language } from '../../platform/i18n.js';
import { findCategories } from '../reference-data/index.js';
import { influencerCategories, influencers, influencerStats, users } from './users.schema.js';

/**
 * What the media kit (issue 25) reads of a creator: the public profile's facts, the figures per
 * platform, the contact (shown only when the creator shows the contact section) and whether the
 * kit is turned on. Never the CIN, payout numbers, ID scans or the address.
 */
export interface MediaKitCreator {
  influencerId: number;
  userId: number;
  /** The creator's public name (`/media_kit/{influencer_name}`); null before they chose one. */
  influencerName: string | null;
  /** As the public profile shows it: the social username, else first and last name. */
  displayName: string;
  bio: string | null;
  city: string | null;
  country: string | null;
  /** Category labels in the language asked for. */
  categories: string[];
  profileFileId: number | null;
  email: string;
  /** `+216 12345678`, or null. */
  phone: string | null;
  igUsername: string | null;
  tiktokUsername: string | null;
  isShowMediaKit: boolean;
  isValidated: boolean;
  language: Language;
  stats: {
    platform: 'instagram' | 'tiktok';
    followers: number;
    /** Percent with two decimals as stored (3.25). */
    engagementRate: string;
    avgVideoViews: number;
    source: 'declared' | 'verified';
    updatedAt: Date;
  }[];
}

const creatorColumns = {
  influencerId: influencers.id,
  userId: influencers.userId,
  influencerName: influencers.influencerName,
  firstName: influencers.firstName,
  lastName: influencers.lastName,
  bio: influencers.bio,
  city: influencers.city,
  country: influencers.country,
  profileFileId: users.profileFileId,
  email: users.email,
  phone: influencers.phone,
  phonePrefix: influencers.phonePrefix,
  igUsername: influencers.igUsername,
  tiktokUsername: influencers.tiktokUsername,
  isShowMediaKit: influencers.isShowMediaKit,
  isValidated: users.isValidated,
  language: users.language,
};

/** The creator whose user id this is, with categories labelled in `language`; undefined if none. */
export async function describeMediaKitCreator(
  db: DbOrTx,
  userId: number,
  language: Language,
): Promise<MediaKitCreator | undefined> {
  const [row] = await db
    .select(creatorColumns)
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(eq(influencers.userId, userId));
  if (!row) return undefined;
  const categoryRows = await db
    .select({ id: influencerCategories.categoryId })
    .from(influencerCategories)
    .where(eq(influencerCategories.influencerId, row.influencerId))
    .orderBy(asc(influencerCategories.categoryId));
  const categories = await findCategories(
    db,
    categoryRows.map((category) => category.id),
    toLanguageTag(language),
  );
  const stats = await db
    .select()
    .from(influencerStats)
    .where(eq(influencerStats.influencerId, row.influencerId))
    .orderBy(asc(influencerStats.platform));
  const phone = row.phone?.trim()
    ? [row.phonePrefix?.trim(), row.phone.trim()].filter(Boolean).join(' ')
    : null;
  return {
    influencerId: row.influencerId,
    userId: row.userId,
    influencerName: row.influencerName?.trim() || null,
    displayName:
      row.influencerName?.trim() || [row.firstName, row.lastName].filter(Boolean).join(' ').trim(),
    bio: row.bio?.trim() || null,
    city: row.city?.trim() || null,
    country: row.country?.trim() || null,
    categories: categories.map((category) => category.label),
    profileFileId: row.profileFileId,
    email: row.email,
    phone,
    igUsername: row.igUsername?.trim() || null,
    tiktokUsername: row.tiktokUsername?.trim() || null,
    isShowMediaKit: row.isShowMediaKit,
    isValidated: row.isValidated,
    language: row.language,
    stats: stats.map((stat) => ({
      platform: stat.platform,
      followers: stat.followersCount,
      engagementRate: stat.engagementRate,
      avgVideoViews: stat.avgVideoViews,
      source: stat.source,
      updatedAt: stat.updatedAt,
    })),
  };
}

/** The creator whose current public name this is (any case); undefined if none. */
export async function findCreatorByInfluencerName(
  db: DbOrTx,
  name: string,
): Promise<{ influencerId: number; userId: number } | undefined> {
  const [row] = await db
    .select({ influencerId: influencers.id, userId: influencers.userId })
    .from(influencers)
    .where(sql`lower(${influencers.influencerName}) = lower(${name.trim()})`)
    .orderBy(asc(influencers.id))
    .limit(1);
  return row;
}

/** The user id of a creator by influencer id; undefined if none. */
export async function userIdOfInfluencer(
  db: DbOrTx,
  influencerId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: influencers.userId })
    .from(influencers)
    .where(eq(influencers.id, influencerId));
  return row?.userId;
}

/** Turns the creator's media kit on or off; false when the user is no creator. */
export async function setMediaKitFlag(db: DbOrTx, userId: number, on: boolean): Promise<boolean> {
  const rows = await db
    .update(influencers)
    .set({ isShowMediaKit: on, updatedAt: new Date() })
    .where(eq(influencers.userId, userId))
    .returning({ id: influencers.id });
  return rows.length > 0;
}

/** `PUT /v2/admin/creators/{user_id}/media-kit`: an admin turns a creator's media kit on or off. */
export function createMediaKitFlagRoutes(db: Db): ModuleRoutes {
  return async (app) => {
    app.put(
      '/admin/creators/:user_id/media-kit',
      {
        preHandler: app.requireRole('ADMIN'),
        schema: {
          tags: ['admin'],
          summary: "Turns a creator's media kit (is_show_media_kit) on or off",
          security: bearerSecurity,
          params: idParamSchema('user_id'),
          body: adminMediaKitFlagBodySchema,
          response: { 200: adminMediaKitFlagResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const userId = request.params.user_id;
        const on = request.body.is_show_media_kit;
        if (!(await setMediaKitFlag(db, userId, on))) throw notFound('Creator');
        return { data: { user_id: userId, is_show_media_kit: on } };
      },
    );
  };
}
