import { z } from 'zod';
import { creatorValidationStates } from './workflows/creator-validation.js';
import {
  ageIntervals,
  genders,
  notificationPreferences,
  paymentMethods,
  platforms,
  roleSchema,
  sizeBands,
  yesNo,
} from './enums.js';
import { idSchema, safeText } from './primitives.js';

const sizeBandValues = sizeBands.map((band) => band.value) as [
  (typeof sizeBands)[number]['value'],
  ...(typeof sizeBands)[number]['value'][],
];

/** A stored file as the API shows it; read URL: /v2/media/{size}/{token}.{file_extension}. */
export const efileSchema = z.object({
  file_id: z.number().int(),
  token: z.string(),
  file_extension: z.string(),
  original_name: z.string(),
});
export type Efile = z.infer<typeof efileSchema>;

/** Permission as action/subject pair (spec §6), e.g. { action: 'read', subject: 'Home' }. */
export const ruleSchema = z.object({ action: z.enum(['read', 'manage']), subject: z.string() });

export const advertiserProfileSchema = z.object({
  advertiser_id: z.number().int(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  phone_prefix: z.string().nullable(),
  allow_notifications: z.enum(yesNo),
  allow_emails: z.enum(yesNo),
  account_validity_from: z.string().nullable(),
  account_validity_to: z.string().nullable(),
  search_count: z.number().int(),
  max_search_count: z.number().int(),
  free_trial_expire_date: z.string().nullable(),
  country: z.string().nullable(),
  cities: z.array(z.string()),
  website_url: z.string().nullable(),
  business_sector_id: z.number().int().nullable(),
  campany_name: z.string().nullable(),
  tax_registration_number: z.string().nullable(),
  domiciliation_address: z.string().nullable(),
  phone_campany: z.string().nullable(),
  phone_campany_prefix: z.string().nullable(),
  notification_preference: z.enum(notificationPreferences),
});
export type AdvertiserProfile = z.infer<typeof advertiserProfileSchema>;

export const influencerProfileSchema = z.object({
  influencer_id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  influencer_name: z.string().nullable(),
  ig_username: z.string().nullable(),
  tiktok_username: z.string().nullable(),
  phone: z.string().nullable(),
  phone_prefix: z.string().nullable(),
  is_show_media_kit: z.boolean(),
  allow_notifications: z.enum(yesNo),
  allow_emails: z.enum(yesNo),
  age_intervale: z.enum(ageIntervals).nullable(),
  gender: z.enum(genders).nullable(),
  country: z.string().nullable(),
  country_of_origin: z.string().nullable(),
  city: z.string().nullable(),
  domiciliation_address: z.string().nullable(),
  /** Private fields below: present only for the owner (and admins). */
  cin: z.string().nullable(),
  cin_efile_id: z.number().int().nullable(),
  payment_method: z.enum(paymentMethods),
  card_number: z.string().nullable(),
  card_number_d17: z.string().nullable(),
  influencer_bio: z.string().nullable(),
  /** Category ids. */
  categories: z.array(z.number().int()),
  specializations: z.array(z.string()),
});
export type InfluencerProfile = z.infer<typeof influencerProfileSchema>;

/** Where a creator's account stands with the team (creator-validation process), for getMe. */
export const creatorValidationStatusSchema = z.object({
  state: z.enum(creatorValidationStates),
  rejection_reason: z.string().nullable(),
  /** What the creator may do now (e.g. `resubmit` after a rejection). */
  allowed_transitions: z.array(z.string()),
});
export type CreatorValidationStatus = z.infer<typeof creatorValidationStatusSchema>;

/** GET /v2/user/getMe → { data: Me } (spec §3 "Current user"). */
export const meSchema = z.object({
  user_id: z.number().int(),
  user_email: z.object({ email: z.string() }),
  role: roleSchema,
  rules: z.array(ruleSchema),
  isVisitor: z.boolean(),
  isLegacy: z.boolean(),
  redirection: z.string().nullable(),
  is_verified: z.boolean(),
  /** 1 when every required field of the role is filled (computed on the server). */
  is_completed: z.union([z.literal(0), z.literal(1)]),
  is_validated: z.boolean(),
  profile_efile_id: z.number().int().nullable(),
  efile: efileSchema.nullable(),
  created_at: z.string(),
  /** Advertiser: brand name; creator: influencer name (from the social usernames). */
  fullname: z.string(),
  language: z.enum(['en', 'fr', 'tn']),
  advertiser_id: z.number().int().nullable(),
  advertiser: advertiserProfileSchema.nullable(),
  influencer: influencerProfileSchema.nullable(),
  cin_efile: efileSchema.nullable(),
  /** Creators: their account validation; null for other roles. */
  validation: creatorValidationStatusSchema.nullable(),
});
export type Me = z.infer<typeof meSchema>;
export const meResponseSchema = z.object({ data: meSchema });

/** GET /v2/request/redirection → where home sends the caller (spec §2 "/"). */
export const redirectionResponseSchema = z.object({ redirection: z.string() });

/** Menu highlights (spec §3 "Twinkling flags"); GET /v2/request/get_twinkling/list. */
export const twinklingFlagsSchema = z.object({
  twinkling_accept_request: z.boolean(),
  twinkling_trak_payment: z.boolean(),
  twinkling_manage_content: z.boolean(),
  twinkling_content_request: z.boolean(),
  twinkling_discover_opportunities: z.boolean(),
  twinkling_get_paid: z.boolean(),
  twinkling_support: z.boolean(),
});
export type TwinklingFlags = z.infer<typeof twinklingFlagsSchema>;
export const twinklingResponseSchema = z.object({ data: twinklingFlagsSchema });

/** POST /v2/request/twinkling/seen: the caller opened the page behind a highlighted menu item. */
export const twinklingSeenBodySchema = z.object({
  flag: z.enum(Object.keys(twinklingFlagsSchema.shape) as [keyof TwinklingFlags]),
});

/** POST /v2/user-click/create (spec §7): an analytics click of the caller. */
export const userClickBodySchema = z.object({
  influencer_id: idSchema.nullish(),
  role: roleSchema.nullish(),
  module: safeText().trim().min(1).max(100),
  module_id: z
    .union([safeText().trim().max(100), z.number().int()])
    .nullish()
    .transform((value) =>
      value === null || value === undefined || value === '' ? null : String(value),
    ),
  click: safeText().trim().min(1).max(100),
});
export type UserClickBody = z.input<typeof userClickBodySchema>;
export const userClickResponseSchema = z.object({
  data: z.object({ id: z.number().int(), created_at: z.string() }),
});

/** Audience figures of one platform, as everyone may see them. */
export const influencerStatSchema = z.object({
  platform: z.enum(platforms),
  followers_count: z.number().int(),
  posts_count: z.number().int(),
  avg_likes: z.number().int(),
  avg_comments: z.number().int(),
  avg_video_views: z.number().int(),
  /** Percent, e.g. 3.25. */
  engagement_rate: z.number(),
  persons_reached: z.number().int(),
  source: z.enum(['declared', 'verified']),
  updated_at: z.string(),
  size_band: z.enum(sizeBandValues),
});
export type InfluencerStat = z.infer<typeof influencerStatSchema>;

/**
 * A creator's public profile ("Showcase your profile", advertisers' creator pages).
 * Never carries CIN, payout numbers, address, phone or e-mail.
 */
export const publicInfluencerProfileSchema = z.object({
  influencer_id: z.number().int(),
  influencer_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  ig_username: z.string().nullable(),
  tiktok_username: z.string().nullable(),
  profile_efile_id: z.number().int().nullable(),
  efile: efileSchema.nullable(),
  influencer_bio: z.string().nullable(),
  categories: z.array(z.object({ category_id: z.number().int(), label: z.string() })),
  specializations: z.array(z.string()),
  country: z.string().nullable(),
  city: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  age_intervale: z.enum(ageIntervals).nullable(),
  is_show_media_kit: z.boolean(),
  stats: z.array(influencerStatSchema),
  /** Band of the platform with the most followers (spec §9), null without stats. */
  size_band: z.enum(sizeBandValues).nullable(),
});
export type PublicInfluencerProfile = z.infer<typeof publicInfluencerProfileSchema>;
export const publicInfluencerProfileResponseSchema = z.object({
  data: publicInfluencerProfileSchema,
});
