import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SearchInfluencersBody } from '@clipmarket/contracts/discovery';
import type { TestContext } from '../../test/harness.js';
import { createAdvertiser, createTalent } from '../users/test-users.js';
import { influencerCategories, influencerStats, users } from '../users/users.schema.js';
import { searchQuotas } from './discovery.schema.js';

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Today (UTC) plus `days`, as quota dates are written. */
export function isoDay(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

let countryCounter = 0;
/**
 * A country code no one else uses, so a test's search sees only the creators it made even on
 * the PostgreSQL test database that every test file shares. `letter` is the file's own first
 * letter; user-assigned ISO codes (X*, Q*) name no real country.
 */
export function privateCountry(letter: 'X' | 'Q'): string {
  countryCounter += 1;
  if (countryCounter > 26) throw new Error('out of private country codes for this file');
  return `${letter}${String.fromCharCode(64 + countryCounter)}`;
}

export interface StatsInput {
  followersCount?: number;
  postsCount?: number;
  avgLikes?: number;
  avgComments?: number;
  avgVideoViews?: number;
  engagementRate?: string;
  personsReached?: number;
  source?: 'declared' | 'verified';
}

export interface CreatorInput {
  firstName?: string;
  lastName?: string;
  igUsername?: string | null;
  tiktokUsername?: string | null;
  gender?: 'F' | 'M' | null;
  ageInterval?: string | null;
  country?: string | null;
  city?: string | null;
  countryOfOrigin?: string | null;
  categories?: number[];
  instagram?: StatsInput;
  tiktok?: StatsInput;
  /** Private fields, to prove they never leak into cards. */
  private?: boolean;
  /** Whether the account is validated (searches find validated creators only); true unless told. */
  isValidated?: boolean;
}

let usernameCounter = 0;

/** A creator with a profile, categories and figures, straight in the database. */
export async function createCreator(ctx: TestContext, input: CreatorInput = {}) {
  usernameCounter += 1;
  const igUsername =
    input.igUsername === undefined ? `creator.${process.pid}.${usernameCounter}` : input.igUsername;
  const talent = await createTalent(ctx, {
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? 'Creator',
    igUsername,
    tiktokUsername: input.tiktokUsername ?? null,
    influencerName: igUsername ?? input.tiktokUsername ?? null,
    gender: input.gender ?? null,
    ageInterval: input.ageInterval ?? null,
    country: input.country ?? null,
    city: input.city ?? null,
    countryOfOrigin: input.countryOfOrigin ?? input.country ?? null,
    ...(input.private
      ? {
          cin: '01234567',
          cardNumber: '08123456789012345678',
          cardNumberD17: '12345678901234567890',
          domiciliationAddress: '12 rue de Marseille, Tunis',
          phone: '22123456',
          phonePrefix: '+216',
        }
      : {}),
  });
  const { db } = ctx.database;
  if (input.isValidated ?? true) await setValidated(ctx, talent.userId, true);
  if (input.categories?.length) {
    await db
      .insert(influencerCategories)
      .values(
        input.categories.map((categoryId) => ({ influencerId: talent.influencerId, categoryId })),
      );
  }
  for (const platform of ['instagram', 'tiktok'] as const) {
    const stats = input[platform];
    if (stats) await setStats(ctx, talent.influencerId, platform, stats);
  }
  return talent;
}

export async function setStats(
  ctx: TestContext,
  influencerId: number,
  platform: 'instagram' | 'tiktok',
  stats: StatsInput,
): Promise<void> {
  const values = {
    followersCount: stats.followersCount ?? 0,
    postsCount: stats.postsCount ?? 0,
    avgLikes: stats.avgLikes ?? 0,
    avgComments: stats.avgComments ?? 0,
    avgVideoViews: stats.avgVideoViews ?? 0,
    engagementRate: stats.engagementRate ?? '0',
    personsReached: stats.personsReached ?? 0,
    source: stats.source ?? 'verified',
    updatedAt: new Date(),
  };
  await ctx.database.db
    .insert(influencerStats)
    .values({ influencerId, platform, ...values })
    .onConflictDoUpdate({
      target: [influencerStats.influencerId, influencerStats.platform],
      set: values,
    });
}

export interface QuotaInput {
  searchCount?: number;
  maxSearchCount?: number;
  freeTrialExpireDate?: string | null;
  accountValidityFrom?: string | null;
  accountValidityTo?: string | null;
}

/** An advertiser on a running free trial (100 searches, 30 days) unless told otherwise. */
export async function createSearcher(
  ctx: TestContext,
  quota: QuotaInput = {},
  role: 'BRAND' | 'AGENCY' = 'BRAND',
) {
  const advertiser = await createAdvertiser(ctx, { role });
  await setQuota(ctx, advertiser.advertiserId, {
    searchCount: 0,
    maxSearchCount: 100,
    freeTrialExpireDate: isoDay(30),
    accountValidityFrom: null,
    accountValidityTo: null,
    ...quota,
  });
  return advertiser;
}

/** Sets these fields of the advertiser's quota (discovery's search_quotas), creating it if need be. */
export async function setQuota(ctx: TestContext, advertiserId: number, quota: QuotaInput) {
  await ctx.database.db
    .insert(searchQuotas)
    .values({ advertiserId, ...quota })
    .onConflictDoUpdate({ target: searchQuotas.advertiserId, set: quota });
}

export async function readSearchCount(ctx: TestContext, advertiserId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ count: searchQuotas.searchCount })
    .from(searchQuotas)
    .where(eq(searchQuotas.advertiserId, advertiserId));
  return row?.count ?? -1;
}

/** Validates or unvalidates a creator's account, as the users module keeps the flag. */
export async function setValidated(ctx: TestContext, userId: number, isValidated: boolean) {
  await ctx.database.db.update(users).set({ isValidated }).where(eq(users.id, userId));
}

/** POST /v2/search/influencers; the body may be anything, to test how bad input is answered. */
export function search(
  ctx: TestContext,
  token: string,
  body: SearchInfluencersBody | Record<string, unknown> | unknown[],
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v2/search/influencers',
    headers: { ...auth(token), ...headers },
    payload: body as Record<string, unknown>,
  });
}

/** Ids of a successful search, in answer order. */
export async function searchIds(
  ctx: TestContext,
  token: string,
  body: SearchInfluencersBody | Record<string, unknown>,
): Promise<number[]> {
  const res = await search(ctx, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { influencer_id: number }[]).map((item) => item.influencer_id);
}

/** Every key anywhere in a JSON value. */
export function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

export const privateKeys = [
  'cin',
  'cin_efile_id',
  'cin_efile',
  'card_number',
  'card_number_d17',
  'domiciliation_address',
  'phone',
  'phone_prefix',
  'email',
  'user_email',
  'payment_method',
];

/** The search row of a creator on a platform, as the triggers left it. */
export async function readSearchRow(
  ctx: TestContext,
  influencerId: number,
  platform: 'instagram' | 'tiktok',
) {
  const result = await ctx.database.query<Record<string, unknown>>(
    `select * from creator_search where influencer_id = $1 and platform = $2`,
    [influencerId, platform],
  );
  return result.rows[0];
}
