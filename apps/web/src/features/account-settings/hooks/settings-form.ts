import {
  advertiserProfileStepFields,
  formatRib,
  payoutRibOf,
  talentProfileStepFields,
  type UpdateMeAdvertiserInput,
  type UpdateMeAdvertiserProfileInput,
  type UpdateMeTalentInput,
  type UpdateMeTalentProfileInput,
} from '@clipmarket/contracts/profile';
import { isAdvertiserRole } from '@clipmarket/contracts/enums';
import type { Me } from '@clipmarket/contracts/users';

export type AccountSettingsTab =
  'profile' | 'password' | 'financial-infos' | 'legal-infos' | 'notifications-preferences';

/** The account settings form: the spec's "Profile form" (§3), wire names kept. */
export interface SettingsFormValues {
  fullname: string;
  user_email: string;
  first_name: string;
  last_name: string;
  phone_prefix: string | null;
  phone: string;
  country: string | null;
  city: string | null;
  cities: string[];
  gender: 'F' | 'M' | null;
  age_intervale: string | null;
  ig_username: string;
  tiktok_username: string;
  categories: number[];
  specializations: string[];
  influencer_bio: string;
  domiciliation_address: string;
  profile_efile_id: number | null;
  payment_method: 'bank' | 'd17';
  cin: string;
  cin_efile_id: number | null;
  /** Shown grouped by four (spec §5); sent as digits. */
  card_number: string;
  card_number_d17: string;
  business_sector_id: number | null;
  website_url: string;
  notification_preference: 'allways' | 'daily';
  campany_name: string;
  tax_registration_number: string;
  phone_campany: string;
  phone_campany_prefix: string | null;
}

/** Prefixes are compared as "+digits" whatever form the API or the user used. */
export function normalizePrefix(value: string | null | undefined): string | null {
  const digits = value?.replace(/\D/g, '') ?? '';
  return digits ? `+${digits}` : null;
}

export function toFormValues(me: Me): SettingsFormValues {
  const influencer = me.influencer;
  const advertiser = me.advertiser;
  return {
    fullname: me.fullname ?? '',
    user_email: me.user_email.email,
    first_name: influencer?.first_name ?? advertiser?.first_name ?? '',
    last_name: influencer?.last_name ?? advertiser?.last_name ?? '',
    phone_prefix: normalizePrefix(influencer?.phone_prefix ?? advertiser?.phone_prefix),
    phone: influencer?.phone ?? advertiser?.phone ?? '',
    country: influencer?.country ?? advertiser?.country ?? null,
    city: influencer?.city ?? null,
    cities: advertiser?.cities ?? [],
    gender: influencer?.gender ?? null,
    age_intervale: influencer?.age_intervale ?? null,
    ig_username: influencer?.ig_username ?? '',
    tiktok_username: influencer?.tiktok_username ?? '',
    categories: influencer?.categories ?? [],
    specializations: influencer?.specializations ?? [],
    influencer_bio: influencer?.influencer_bio ?? '',
    domiciliation_address:
      influencer?.domiciliation_address ?? advertiser?.domiciliation_address ?? '',
    profile_efile_id: me.profile_efile_id,
    payment_method: influencer?.payment_method ?? 'bank',
    cin: influencer?.cin ?? '',
    cin_efile_id: influencer?.cin_efile_id ?? null,
    card_number: formatRib(influencer?.card_number ?? ''),
    card_number_d17: formatRib(influencer?.card_number_d17 ?? ''),
    business_sector_id: advertiser?.business_sector_id ?? null,
    website_url: advertiser?.website_url ?? '',
    notification_preference: advertiser?.notification_preference ?? 'allways',
    campany_name: advertiser?.campany_name ?? '',
    tax_registration_number: advertiser?.tax_registration_number ?? '',
    phone_campany: advertiser?.phone_campany ?? '',
    phone_campany_prefix: normalizePrefix(advertiser?.phone_campany_prefix),
  };
}

/** The RIB behind a typed number (a Tunisian IBAN gives its RIB); anything else as typed. */
const payoutNumber = (value: string) => payoutRibOf(value) ?? value.replace(/\s+/g, '');

/** The "full form data object" of POST /v2/user/updateMe (spec §7) for the user's role. */
export function toUpdatePayload(
  values: SettingsFormValues,
  isAdvertiser: boolean,
): UpdateMeTalentInput | UpdateMeAdvertiserInput {
  const common = {
    first_name: values.first_name,
    last_name: values.last_name,
    phone_prefix: values.phone_prefix,
    phone: values.phone,
    country: values.country,
    domiciliation_address: values.domiciliation_address,
    profile_efile_id: values.profile_efile_id,
  };
  if (isAdvertiser) {
    return {
      ...common,
      cities: values.cities,
      business_sector_id: values.business_sector_id,
      website_url: values.website_url,
      notification_preference: values.notification_preference,
      campany_name: values.campany_name,
      tax_registration_number: values.tax_registration_number,
      phone_campany: values.phone_campany,
      phone_campany_prefix: values.phone_campany_prefix,
    };
  }
  return {
    ...common,
    // Spec §3: country_of_origin is set equal to country on a creator save.
    country_of_origin: values.country,
    city: values.city,
    gender: values.gender,
    age_intervale: values.age_intervale,
    ig_username: values.ig_username,
    tiktok_username: values.tiktok_username,
    categories: values.categories,
    specializations: values.specializations,
    influencer_bio: values.influencer_bio,
    payment_method: values.payment_method,
    cin: values.cin,
    cin_efile_id: values.cin_efile_id,
    card_number: payoutNumber(values.card_number),
    card_number_d17: payoutNumber(values.card_number_d17),
  };
}

/** Spec §2: tn reads password, financial|legal, profile; other languages the reverse. */
export function orderTabs(language: string, role: Me['role']): AccountSettingsTab[] {
  const middle: AccountSettingsTab[] = isAdvertiserRole(role)
    ? ['legal-infos']
    : role === 'TALENT'
      ? ['financial-infos']
      : [];
  const tabs: AccountSettingsTab[] = ['profile', ...middle, 'password'];
  return language === 'tn' ? tabs.reverse() : tabs;
}

/** Fields of the profile tab, by role; errors there disable the advertiser's Next (spec §5). */
export const talentProfileTabFields = [
  'first_name',
  'last_name',
  'phone_prefix',
  'phone',
  'gender',
  'age_intervale',
  'country',
  'city',
  'ig_username',
  'tiktok_username',
  'categories',
  'specializations',
  'influencer_bio',
  'domiciliation_address',
  'profile_efile_id',
] as const;

export const advertiserProfileTabFields = [
  'first_name',
  'last_name',
  'phone_prefix',
  'phone',
  'business_sector_id',
  'country',
  'cities',
  'website_url',
  'notification_preference',
  'profile_efile_id',
] as const;

/** The profile tab's values of the role (what Next saves). */
export function profileTabValues(
  values: SettingsFormValues,
  isAdvertiser: boolean,
): Partial<SettingsFormValues> {
  const fields: readonly (keyof SettingsFormValues)[] = isAdvertiser
    ? advertiserProfileTabFields
    : talentProfileTabFields;
  return Object.fromEntries(fields.map((field) => [field, values[field]]));
}

/**
 * The body of POST /v2/user/updateMe for Next on the profile tab (`step: 'profile'`): that
 * tab's fields only, so the financial or legal tab, not filled yet, is not asked for.
 */
export function toProfileStepPayload(
  values: SettingsFormValues,
  isAdvertiser: boolean,
): UpdateMeTalentProfileInput | UpdateMeAdvertiserProfileInput {
  const full: Record<string, unknown> = toUpdatePayload(values, isAdvertiser);
  const fields: readonly string[] = isAdvertiser
    ? advertiserProfileTabFields
    : [...talentProfileTabFields, 'country_of_origin'];
  const tab = Object.fromEntries(fields.map((field) => [field, full[field]]));
  return { step: 'profile', ...tab } as UpdateMeTalentProfileInput | UpdateMeAdvertiserProfileInput;
}

/** Spec §4: fields checked before entering financial-infos / legal-infos. */
export function stepFieldsFor(isAdvertiser: boolean): readonly string[] {
  return isAdvertiser ? advertiserProfileStepFields : talentProfileStepFields;
}
