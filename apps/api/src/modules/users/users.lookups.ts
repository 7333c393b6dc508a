import { eq, inArray, sql } from 'drizzle-orm';
import {
  advertiserCompletionFields,
  findMissingCompletionFields,
} from '@clipmarket/contracts/profile';
import type { FieldName } from '@clipmarket/contracts/validation-messages';
import type { DbOrTx } from '../../platform/db/client.js';
import { advertisers, influencerCategories, influencers, users } from './users.schema.js';

/**
 * Reads other modules make of the users module's tables (discovery: whose searches, whose
 * cards), on the caller's database or transaction.
 */

/** The advertiser profile of a user (brand or agency); undefined for anyone else. */
export async function advertiserIdOf(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(eq(advertisers.userId, userId))
    .limit(1);
  return row?.id;
}

export async function creatorExists(db: DbOrTx, influencerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: influencers.id })
    .from(influencers)
    .where(eq(influencers.id, influencerId))
    .limit(1);
  return rows.length > 0;
}

/** The public part of a creator's profile a card shows: no CIN, payout, address, phone. */
export interface CreatorSummary {
  influencerId: number;
  influencerName: string | null;
  firstName: string | null;
  lastName: string | null;
  igUsername: string | null;
  tiktokUsername: string | null;
  gender: 'F' | 'M' | null;
  /** As stored: may be the legacy "45plus". */
  ageInterval: string | null;
  country: string | null;
  city: string | null;
  countryOfOrigin: string | null;
  /** The profile picture (media's `describeFiles` describes it). */
  profileFileId: number | null;
  /** Category ids (reference-data's `findCategories` labels them). */
  categoryIds: number[];
}

/** Public summaries of these creators, keyed by influencer id; unknown ids are absent. */
export async function describeCreators(
  db: DbOrTx,
  influencerIds: number[],
): Promise<Map<number, CreatorSummary>> {
  if (influencerIds.length === 0) return new Map();
  const rows = await db
    .select({
      influencerId: influencers.id,
      influencerName: influencers.influencerName,
      firstName: influencers.firstName,
      lastName: influencers.lastName,
      igUsername: influencers.igUsername,
      tiktokUsername: influencers.tiktokUsername,
      gender: influencers.gender,
      ageInterval: influencers.ageInterval,
      country: influencers.country,
      city: influencers.city,
      countryOfOrigin: influencers.countryOfOrigin,
      profileFileId: users.profileFileId,
      categoryIds: sql<number[]>`coalesce((
        select array_agg(${influencerCategories.categoryId} order by ${influencerCategories.categoryId})
        from ${influencerCategories}
        where ${influencerCategories.influencerId} = ${influencers.id}), '{}'::integer[])`,
    })
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(inArray(influencers.id, [...new Set(influencerIds)]));
  return new Map(
    rows.map((row) => [row.influencerId, { ...row, categoryIds: row.categoryIds.map(Number) }]),
  );
}

/**
 * Whether an advertiser's legal info is complete (company name, tax registration number,
 * address, company phone): the checkout asks for it before paying, since an invoice names them.
 */
export async function hasCompleteLegalInfo(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({
      companyName: advertisers.companyName,
      taxRegistrationNumber: advertisers.taxRegistrationNumber,
      address: advertisers.domiciliationAddress,
      phone: advertisers.phoneCompany,
    })
    .from(advertisers)
    .where(eq(advertisers.userId, userId))
    .limit(1);
  return !!row && Object.values(row).every((value) => (value ?? '').trim() !== '');
}

/**
 * What an advertiser must still fill before paying: nothing while the legal info is complete
 * (the invoice names the company); else every empty field of the profile and the legal info,
 * since the settings save asks for all of them (spec §5: the advertiser's mandatory fields).
 */
export async function missingLegalInfo(db: DbOrTx, userId: number): Promise<FieldName[]> {
  if (await hasCompleteLegalInfo(db, userId)) return [];
  const [row] = await db
    .select({ advertiser: advertisers, profileFileId: users.profileFileId })
    .from(advertisers)
    .innerJoin(users, eq(users.id, advertisers.userId))
    .where(eq(advertisers.userId, userId))
    .limit(1);
  if (!row) return [...advertiserCompletionFields];
  const { advertiser } = row;
  return findMissingCompletionFields(advertiserCompletionFields, {
    first_name: advertiser.firstName,
    last_name: advertiser.lastName,
    phone_prefix: advertiser.phonePrefix,
    phone: advertiser.phone,
    business_sector_id: advertiser.businessSectorId,
    country: advertiser.country,
    cities: advertiser.cities,
    profile_efile_id: row.profileFileId,
    campany_name: advertiser.companyName,
    tax_registration_number: advertiser.taxRegistrationNumber,
    domiciliation_address: advertiser.domiciliationAddress,
    phone_campany: advertiser.phoneCompany,
    phone_campany_prefix: advertiser.phoneCompanyPrefix,
  });
}
