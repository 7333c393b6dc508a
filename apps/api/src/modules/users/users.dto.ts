import { sizeBandOf, toAgeInterval, type Role } from '@clipmarket/contracts/enums';
import {
  advertiserCompletionFields,
  findMissingCompletionFields,
  talentCompletionFields,
} from '@clipmarket/contracts/profile';
import type {
  AdvertiserProfile,
  InfluencerProfile,
  InfluencerStat,
  Me,
  PublicInfluencerProfile,
  TwinklingFlags,
} from '@clipmarket/contracts/users';
import type { AdvertiserSearchQuota, MeProfile } from './users.profile.js';
import type { PublicProfile } from './users.public-profile.js';
import type {
  AdvertiserRow,
  InfluencerRow,
  InfluencerStatRow,
  TwinklingRow,
} from './users.repository.js';

/** Wire DTOs of the users routes (spec field names); the services return domain objects. */

/** Spec §6: permissions as action/subject pairs. */
function rulesOf(role: Role): Me['rules'] {
  if (role === 'TALENT') return [{ action: 'read', subject: 'Home' }];
  if (role === 'ADMIN') return [{ action: 'manage', subject: 'all' }];
  return [{ action: 'manage', subject: 'Home' }];
}

function joinName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}

export function toAdvertiserProfile(
  row: AdvertiserRow,
  quota: AdvertiserSearchQuota | null,
): AdvertiserProfile {
  return {
    advertiser_id: row.id,
    name: row.name,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    phone_prefix: row.phonePrefix,
    allow_notifications: row.allowNotifications,
    allow_emails: row.allowEmails,
    account_validity_from: quota?.accountValidityFrom ?? null,
    account_validity_to: quota?.accountValidityTo ?? null,
    search_count: quota?.searchCount ?? 0,
    max_search_count: quota?.maxSearchCount ?? 0,
    free_trial_expire_date: quota?.freeTrialExpireDate ?? null,
    country: row.country,
    cities: row.cities,
    website_url: row.websiteUrl,
    business_sector_id: row.businessSectorId,
    campany_name: row.companyName,
    tax_registration_number: row.taxRegistrationNumber,
    domiciliation_address: row.domiciliationAddress,
    phone_campany: row.phoneCompany,
    phone_campany_prefix: row.phoneCompanyPrefix,
    notification_preference: row.notificationPreference,
  };
}

/** The owner's view of a creator profile: private fields included (getMe is the owner's). */
export function toInfluencerProfile(row: InfluencerRow, categoryIds: number[]): InfluencerProfile {
  return {
    influencer_id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    influencer_name: row.influencerName,
    ig_username: row.igUsername,
    tiktok_username: row.tiktokUsername,
    phone: row.phone,
    phone_prefix: row.phonePrefix,
    is_show_media_kit: row.isShowMediaKit,
    allow_notifications: row.allowNotifications,
    allow_emails: row.allowEmails,
    age_intervale: toAgeInterval(row.ageInterval),
    gender: row.gender,
    country: row.country,
    country_of_origin: row.countryOfOrigin,
    city: row.city,
    domiciliation_address: row.domiciliationAddress,
    cin: row.cin,
    cin_efile_id: row.cinFileId,
    payment_method: row.paymentMethod,
    card_number: row.cardNumber,
    card_number_d17: row.cardNumberD17,
    influencer_bio: row.bio,
    categories: categoryIds,
    specializations: row.specializations,
  };
}

/**
 * Spec §5 completion (`is_completed`), defined on wire names in contracts so that the web's
 * settings form and the API agree on it.
 */
function isCompleted(
  profile: MeProfile,
  advertiser: AdvertiserProfile | null,
  influencer: InfluencerProfile | null,
): boolean {
  const profileEfileId = profile.user.profileFileId;
  if (advertiser) {
    const values = { ...advertiser, profile_efile_id: profileEfileId };
    return findMissingCompletionFields(advertiserCompletionFields, values).length === 0;
  }
  if (influencer) {
    const values = { ...influencer, profile_efile_id: profileEfileId };
    return findMissingCompletionFields(talentCompletionFields, values).length === 0;
  }
  return profile.user.role === 'ADMIN';
}

export function toMe(profile: MeProfile): Me {
  const { user } = profile;
  const advertiser = profile.advertiser
    ? toAdvertiserProfile(profile.advertiser, profile.searchQuota)
    : null;
  const influencer = profile.influencer
    ? toInfluencerProfile(profile.influencer, profile.categoryIds)
    : null;
  const fullname = advertiser
    ? advertiser.name
    : influencer
      ? influencer.influencer_name || joinName(influencer.first_name, influencer.last_name)
      : user.name || user.email;
  return {
    user_id: user.id,
    user_email: { email: user.email },
    role: user.role,
    rules: rulesOf(user.role),
    isVisitor: false,
    isLegacy: user.isLegacy,
    redirection: null,
    is_verified: user.isVerified,
    is_completed: isCompleted(profile, advertiser, influencer) ? 1 : 0,
    is_validated: user.isValidated,
    profile_efile_id: user.profileFileId,
    efile: profile.profileFile,
    created_at: user.createdAt.toISOString(),
    fullname,
    language: user.language,
    advertiser_id: advertiser?.advertiser_id ?? null,
    advertiser,
    influencer,
    cin_efile: profile.cinFile,
    validation: profile.validation,
  };
}

function toInfluencerStat(stat: InfluencerStatRow): InfluencerStat {
  return {
    platform: stat.platform,
    followers_count: stat.followersCount,
    posts_count: stat.postsCount,
    avg_likes: stat.avgLikes,
    avg_comments: stat.avgComments,
    avg_video_views: stat.avgVideoViews,
    engagement_rate: Number(stat.engagementRate),
    persons_reached: stat.personsReached,
    source: stat.source,
    updated_at: stat.updatedAt.toISOString(),
    size_band: sizeBandOf(stat.followersCount),
  };
}

export function toPublicInfluencerProfile(profile: PublicProfile): PublicInfluencerProfile {
  const { influencer } = profile;
  const stats = profile.stats.map(toInfluencerStat);
  const topFollowers = stats.length ? Math.max(...stats.map((stat) => stat.followers_count)) : null;
  return {
    influencer_id: influencer.id,
    influencer_name: influencer.influencerName,
    first_name: influencer.firstName,
    last_name: influencer.lastName,
    ig_username: influencer.igUsername,
    tiktok_username: influencer.tiktokUsername,
    profile_efile_id: profile.profileFileId,
    efile: profile.profileFile,
    influencer_bio: influencer.bio,
    categories: profile.categories,
    specializations: influencer.specializations,
    country: influencer.country,
    city: influencer.city,
    gender: influencer.gender,
    age_intervale: toAgeInterval(influencer.ageInterval),
    is_show_media_kit: influencer.isShowMediaKit,
    stats,
    size_band: topFollowers === null ? null : sizeBandOf(topFollowers),
  };
}

export function toTwinklingFlags(row: TwinklingRow | null): TwinklingFlags {
  return {
    twinkling_accept_request: row?.acceptRequest ?? false,
    twinkling_trak_payment: row?.trackPayment ?? false,
    twinkling_manage_content: row?.manageContent ?? false,
    twinkling_content_request: row?.contentRequest ?? false,
    twinkling_discover_opportunities: row?.discoverOpportunities ?? false,
    twinkling_get_paid: row?.getPaid ?? false,
    twinkling_support: row?.support ?? false,
  };
}

export function toUserClick(click: { id: number; createdAt: Date }) {
  return { id: click.id, created_at: click.createdAt.toISOString() };
}
