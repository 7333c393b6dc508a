import { z } from 'zod';
import {
  ageIntervals,
  genders,
  normalizeAgeBand,
  notificationPreferences,
  paymentMethods,
  yesNo,
} from './enums.js';
import { normalizeMatriculeFiscal } from './matricule-fiscal.js';
import { createIdSchema, idSchema, safeText } from './primitives.js';
import { createRules, englishTranslate, type FieldName, type Translate } from './validation.js';

/**
 * Account settings forms (spec §2 "Account settings modal", §4 "Settings", §5) and the bodies of
 * POST /v2/user/updateMe and PUT /v2/user/notifications-preferences. The web builds its Mantine
 * forms from the per-tab schemas; the API parses the request bodies with the `updateMe*Body`
 * schemas, so both sides speak the same messages.
 */

// ---------------------------------------------------------------------------------------------
// Input helpers (the web calls them on every keystroke, the schemas call them again on parse)
// ---------------------------------------------------------------------------------------------

/** Instagram and TikTok usernames: letters, digits, dot and underscore (platform rules). */
const socialUsernamePattern = /^[a-z0-9._]{1,30}$/i;

const instagramLink =
  /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:instagram\.com|instagr\.am)\/(?:stories\/)?([^/?#\s]+)/i;
const tiktokLink = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*tiktok\.com\/@?([^/?#\s]+)/i;
/** A link to the site itself, without a profile: no username yet. */
const instagramHome =
  /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:instagram\.com|instagr\.am)\/?(?:[?#].*)?$/i;
const tiktokHome = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*tiktok\.com\/?@?(?:[?#].*)?$/i;

function stripAt(value: string): string {
  return value.replace(/^@+/, '').replace(/\/+$/, '');
}

/** Spec §5: a full Instagram profile link is reduced to the bare username ("@name" too). */
export function toInstagramUsername(value: string): string {
  const trimmed = value.trim();
  if (instagramHome.test(trimmed)) return '';
  const match = instagramLink.exec(trimmed);
  return stripAt(match?.[1] ?? trimmed);
}

/** Spec §5: a full TikTok profile link (tiktok.com/@name) is reduced to the bare username. */
export function toTiktokUsername(value: string): string {
  const trimmed = value.trim();
  if (tiktokHome.test(trimmed)) return '';
  const match = tiktokLink.exec(trimmed);
  return stripAt(match?.[1] ?? trimmed);
}

/** CIN input: digits only, at most 8 (spec §5, §9). */
export function formatCin(value: string): string {
  return value.replace(/\D/g, '').slice(0, 8);
}

/** RIB / D17 RIP input: digits only, truncated to 20. */
export function ribDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 20);
}

/**
 * Payout number as typed, shown in groups of four. Digits are kept to 20 (spec §5); a value
 * starting with letters is an IBAN and is kept whole (letters and digits, 24 at most as a
 * Tunisian IBAN has), so "FR76 3000 …" is refused by `checkPayoutNumber` instead of silently
 * becoming another number.
 */
export function formatRib(value: string): string {
  const isIban = /^\s*[a-z]/i.test(value);
  const kept = isIban
    ? value
        .replace(/[^a-z0-9]/gi, '')
        .toUpperCase()
        .slice(0, 34)
    : ribDigits(value);
  return kept.match(/.{1,4}/g)?.join(' ') ?? '';
}

/**
 * reference/tunisia-money.md: a RIB is bank (2) + branch (3) + account (13) + key (2), the key
 * being 97 − ((the first 18 digits followed by "00") mod 97), so the 20 digits are divisible by
 * 97. D17 RIPs are RIBs of La Poste (bank 17) and follow the same rule.
 */
export function isRibKeyValid(rib: string): boolean {
  if (!/^\d{20}$/.test(rib)) return false;
  let rest = 0;
  for (const digit of rib) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 0;
}

/**
 * The 20-digit RIB behind a payout number as typed: the digits of a RIB, or those of a
 * Tunisian IBAN (always "TN59" + RIB, reference/tunisia-money.md). Null for a foreign IBAN.
 */
export function payoutRibOf(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]/.test(compact)) return /^TN59\d{20}$/.test(compact) ? compact.slice(4) : null;
  return compact;
}

/** Length of a complete formatted RIB: 20 digits + 4 spaces (spec §5). */
export const formattedRibLength = 24;

/** Tunisia's calling code; its phone numbers have at most 8 digits (spec §5, §9). */
export const tunisianPhonePrefix = '+216';
const tunisianPhoneMaxDigits = 8;
const phoneMaxDigits = 15;

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

const numberToString = (value: unknown) => (typeof value === 'number' ? String(value) : value);

// ---------------------------------------------------------------------------------------------
// Field lists
// ---------------------------------------------------------------------------------------------

/** Spec §4: moving from the profile tab to financial-infos needs these (else the tab stays). */
export const talentProfileStepFields = [
  'gender',
  'country',
  'city',
  'first_name',
  'last_name',
  'profile_efile_id',
  'age_intervale',
  'domiciliation_address',
] as const satisfies readonly FieldName[];

/** Spec §4: moving from the profile tab to legal-infos needs these. */
export const advertiserProfileStepFields = [
  'business_sector_id',
  'country',
  'cities',
  'profile_efile_id',
] as const satisfies readonly FieldName[];

/**
 * A creator's profile is complete (`is_completed` = 1) when all of these are filled: the mandatory
 * fields of spec §5, the fields a creator save requires, and the profile picture.
 * `card_number` stands for the number of the chosen payment method (`card_number_d17` for d17).
 */
export const talentCompletionFields = [
  'first_name',
  'last_name',
  'phone_prefix',
  'phone',
  'gender',
  'age_intervale',
  'country',
  'city',
  'ig_username',
  'categories',
  'specializations',
  'domiciliation_address',
  'cin',
  'cin_efile_id',
  'card_number',
  'profile_efile_id',
] as const satisfies readonly FieldName[];

/**
 * The legal info an advertiser needs before paying (an invoice names the company): the API's
 * `LEGAL_INFO_REQUIRED` until these are filled.
 */
export const advertiserLegalInfoFields = [
  'campany_name',
  'tax_registration_number',
  'domiciliation_address',
  'phone_campany',
] as const satisfies readonly FieldName[];

/** An advertiser's profile is complete when all of these are filled (spec §5 mandatory lists). */
export const advertiserCompletionFields = [
  'first_name',
  'last_name',
  'phone_prefix',
  'phone',
  'business_sector_id',
  'country',
  'cities',
  'profile_efile_id',
  'campany_name',
  'tax_registration_number',
  'domiciliation_address',
  'phone_campany',
  'phone_campany_prefix',
] as const satisfies readonly FieldName[];

/**
 * Which completion fields are still empty. `values` uses wire names; for creators the payout
 * number checked is the one of `payment_method`.
 */
export function findMissingCompletionFields(
  fields: readonly FieldName[],
  values: Readonly<Record<string, unknown>>,
): FieldName[] {
  return fields.filter((field) => {
    const key =
      field === 'card_number' && values['payment_method'] === 'd17' ? 'card_number_d17' : field;
    return isBlank(values[key]);
  });
}

/**
 * Readable names of server field names for "Sorry! Something gone wrong by updating your …"
 * (spec §8). The first fourteen are the spec's list; the rest cover the other fields a save can
 * report so the message never shows a raw wire name.
 */
export const profileFieldLabels: Readonly<Record<string, string>> = {
  business_sector_id: 'Business sector',
  city: 'City',
  country: 'Country',
  first_name: 'First name',
  last_name: 'Last name',
  age_intervale: 'Age interval',
  ig_username: 'Instagram username',
  tiktok_username: 'Tiktok username',
  gender: 'Gender',
  phone: 'Number phone',
  phone_campany: 'Number phone campany',
  cin_efile_id: 'Cin picture',
  profile_efile_id: 'Profile picture',
  name: 'Brand name',
  cities: 'Cities',
  categories: 'Categories',
  specializations: 'Specializations',
  phone_prefix: 'Phone prefix',
  phone_campany_prefix: 'Company phone prefix',
  campany_name: 'Company name',
  tax_registration_number: 'Tax registration number',
  domiciliation_address: 'Domiciliation address',
  cin: 'CIN',
  card_number: 'Card number',
  card_number_d17: 'Card number D17',
  payment_method: 'Payment method',
  website_url: 'Website',
  influencer_bio: 'Bio',
  notification_preference: 'Notification preference',
};

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

export function createProfileSchemas(t: Translate = englishTranslate) {
  const rules = createRules(t);
  const maxLength = (field: FieldName, n: number) => ({ error: t('maxLength', { field, n }) });
  const invalid = (field: FieldName) => ({ error: t('invalidChoice', { field }) });

  // Each field reports one problem at a time: later checks run only once earlier ones pass
  // (an empty CIN is "required", not also "only numbers" and "too short").
  const text = (field: FieldName, max: number) =>
    z.preprocess(
      numberToString,
      rules.required(field).pipe(z.string().max(max, maxLength(field, max))),
    );
  const withoutSpaces = (value: unknown) =>
    typeof value === 'string' ? value.replace(/\s+/g, '') : numberToString(value);
  const digits = (field: FieldName, min: number, max: number) =>
    z.preprocess(
      withoutSpaces,
      rules
        .required(field)
        .pipe(z.string().regex(/^\d+$/, { error: t('numbersOnly', { field }) }))
        .pipe(
          z
            .string()
            .min(min, { error: t('minLength', { field, n: min }) })
            .max(max, maxLength(field, max)),
        ),
    );
  const prefix = (field: FieldName) =>
    z.preprocess(
      numberToString,
      rules.required(field).pipe(
        z
          .string()
          .regex(/^\+?\d{1,4}$/, invalid(field))
          .transform((value) => `+${value.replace(/\D/g, '')}`),
      ),
    );
  const optionalText = (field: FieldName, max: number) =>
    safeText({ nulMessage: t('invalidChoice', { field }) })
      .trim()
      .max(max, maxLength(field, max))
      .nullish()
      .transform((value) => value || null);

  const fields = {
    first_name: text('first_name', 100),
    last_name: text('last_name', 100),
    phone_prefix: prefix('phone_prefix'),
    phone: digits('phone', 1, phoneMaxDigits),
    gender: rules.choice('gender', genders),
    // Lists show the band as "45plus", forms as "45+" (spec §3): both mean the same band.
    age_intervale: z.preprocess(
      (value) => (typeof value === 'string' ? normalizeAgeBand(value) : value),
      rules.choice('age_intervale', ageIntervals),
    ),
    country: rules.required('country').pipe(
      z
        .string()
        .regex(/^[a-z]{2}$/i, invalid('country'))
        .transform((value) => value.toUpperCase()),
    ),
    city: text('city', 100),
    ig_username: z.preprocess(
      (value) => (typeof value === 'string' ? toInstagramUsername(value) : value),
      rules.required('ig_username').pipe(
        z
          .string()
          .regex(socialUsernamePattern, invalid('ig_username'))
          .transform((value) => value.toLowerCase()),
      ),
    ),
    tiktok_username: z.preprocess(
      (value) => (typeof value === 'string' ? toTiktokUsername(value) || null : value),
      z
        .string()
        .regex(socialUsernamePattern, invalid('tiktok_username'))
        .transform((value) => value.toLowerCase())
        .nullish()
        .transform((value) => value ?? null),
    ),
    categories: rules
      .requiredList('categories', createIdSchema(invalid('categories').error))
      .max(20, maxLength('categories', 20))
      .transform((ids) => [...new Set(ids)]),
    specializations: rules
      .requiredList(
        'specializations',
        safeText(invalid('specializations'))
          .trim()
          .min(1, invalid('specializations'))
          .max(60, maxLength('specializations', 60)),
      )
      .max(20, maxLength('specializations', 20))
      .transform((items) => [...new Set(items)]),
    influencer_bio: optionalText('influencer_bio', 1000),
    domiciliation_address: text('domiciliation_address', 255),
    profile_efile_id: rules.requiredId('profile_efile_id'),
    payment_method: z.preprocess(
      (value) => value ?? undefined,
      rules.choice('payment_method', paymentMethods).default('bank'),
    ),
    // Spec §9: a Tunisian CIN has 8 digits.
    cin: digits('cin', 8, 8),
    cin_efile_id: rules.requiredId('cin_efile_id'),
    // Checked against payment_method by `checkPayoutNumber` (only the chosen one is required).
    card_number: z.preprocess(numberToString, safeText().nullish()),
    card_number_d17: z.preprocess(numberToString, safeText().nullish()),
    business_sector_id: rules.requiredId('business_sector_id'),
    cities: rules
      .requiredList(
        'cities',
        safeText(invalid('cities'))
          .trim()
          .min(1, invalid('cities'))
          .max(100, maxLength('cities', 100)),
      )
      .max(50, maxLength('cities', 50))
      .transform((items) => [...new Set(items)]),
    website_url: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || null : value),
      safeText({ nulMessage: t('url', { field: 'website_url' }) })
        .max(255, maxLength('website_url', 255))
        // People type "www.brand.tn": the scheme is implied.
        .transform((value) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`))
        .pipe(
          z.url({
            protocol: /^https?$/,
            hostname: z.regexes.domain,
            error: t('url', { field: 'website_url' }),
          }),
        )
        .nullish()
        .transform((value) => value ?? null),
    ),
    notification_preference: z.preprocess(
      (value) => value ?? undefined,
      rules.choice('notification_preference', notificationPreferences).default('allways'),
    ),
    campany_name: text('campany_name', 150),
    // Issue 9 §6: the Tunisian matricule fiscal, stored in its usual form (`1234567A/A/M/000`).
    tax_registration_number: text('tax_registration_number', 50).pipe(
      z.string().transform((value, ctx) => {
        const normalized = normalizeMatriculeFiscal(value);
        if (normalized === null) {
          ctx.addIssue({ code: 'custom', message: t('matriculeFiscal', {}) });
          return z.NEVER;
        }
        return normalized;
      }),
    ),
    phone_campany: digits('phone_campany', 1, phoneMaxDigits),
    phone_campany_prefix: prefix('phone_campany_prefix'),
  };

  type Ctx = z.RefinementCtx;
  type Values = Record<string, unknown>;

  /** Spec §5/§9: phone numbers behind +216 have at most 8 digits. */
  const checkTunisianPhone =
    (prefixField: FieldName, phoneField: FieldName) => (values: Values, ctx: Ctx) => {
      const prefixValue = values[prefixField];
      const phoneValue = values[phoneField];
      if (typeof prefixValue !== 'string' || typeof phoneValue !== 'string') return;
      if (prefixValue.replace(/\D/g, '') !== tunisianPhonePrefix.slice(1)) return;
      if (phoneValue.replace(/\s+/g, '').length > tunisianPhoneMaxDigits) {
        ctx.addIssue({
          code: 'custom',
          path: [phoneField],
          message: t('maxLength', { field: phoneField, n: tunisianPhoneMaxDigits }),
        });
      }
    };

  /**
   * Spec §5: the number of the chosen payment method is required, 20 digits (24 characters
   * once grouped by four), else "RIB Length must be 20" ("D17 RIP …" for a D17 number). Issue 8:
   * a Tunisian IBAN (TN59 + RIB) is accepted as its RIB, a foreign one is refused, and the RIB
   * key must match (reference/tunisia-money.md).
   */
  const checkPayoutNumber = (values: Values, ctx: Ctx) => {
    const field = values['payment_method'] === 'd17' ? 'card_number_d17' : 'card_number';
    const isD17 = field === 'card_number_d17';
    const value = values[field];
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (isBlank(value)) return issue(t('required', { field }));
    if (typeof value !== 'string') return issue(t('numbersOnly', { field }));
    const rib = payoutRibOf(value);
    if (rib === null) return issue(t('ibanNotTunisian', {}));
    if (!/^\d+$/.test(rib)) return issue(t('numbersOnly', { field }));
    if (rib.length !== 20) return issue(t(isD17 ? 'd17Length' : 'ribLength', {}));
    if (!isRibKeyValid(rib)) return issue(t(isD17 ? 'd17Key' : 'ribKey', {}));
  };

  /** Object checks run even while single fields have errors, so the form shows every problem. */
  const always = { when: () => true };
  const checks =
    (...list: ((values: Values, ctx: Ctx) => void)[]) =>
    (values: unknown, ctx: Ctx) => {
      if (typeof values !== 'object' || values === null) return;
      for (const check of list) check(values as Values, ctx);
    };

  /** The payout number is stored as its 20 digits; the other method's number is left as is. */
  const keepChosenPayoutNumber = <
    V extends { payment_method: 'bank' | 'd17'; card_number?: unknown; card_number_d17?: unknown },
  >({
    card_number,
    card_number_d17,
    ...rest
  }: V) => {
    const chosen = rest.payment_method === 'd17' ? card_number_d17 : card_number;
    // A Tunisian IBAN is stored as its RIB (checkPayoutNumber refused anything else).
    const number = typeof chosen === 'string' ? (payoutRibOf(chosen) ?? '') : '';
    return rest.payment_method === 'd17'
      ? { ...rest, card_number: undefined, card_number_d17: number }
      : { ...rest, card_number: number, card_number_d17: undefined };
  };

  /** In a full-form save, a field of another tab is validated only when it has a value. */
  const whenPresent = <S extends z.ZodType>(schema: S) =>
    z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());
  /** Optional fields: absent means unchanged, null or empty clears them. */
  const clearable = <S extends z.ZodType>(schema: S) =>
    z.preprocess((value) => (value === undefined ? undefined : value), schema.optional());

  // --- tabs (web forms) ---

  const talentProfile = z
    .object({
      first_name: fields.first_name,
      last_name: fields.last_name,
      phone_prefix: fields.phone_prefix,
      phone: fields.phone,
      gender: fields.gender,
      age_intervale: fields.age_intervale,
      country: fields.country,
      city: fields.city,
      ig_username: fields.ig_username,
      tiktok_username: fields.tiktok_username,
      categories: fields.categories,
      specializations: fields.specializations,
      influencer_bio: fields.influencer_bio,
      domiciliation_address: fields.domiciliation_address,
      profile_efile_id: fields.profile_efile_id,
    })
    .superRefine(checks(checkTunisianPhone('phone_prefix', 'phone')), always);

  const talentFinancial = z
    .object({
      payment_method: fields.payment_method,
      cin: fields.cin,
      cin_efile_id: fields.cin_efile_id,
      card_number: fields.card_number,
      card_number_d17: fields.card_number_d17,
      domiciliation_address: fields.domiciliation_address,
    })
    .superRefine(checks(checkPayoutNumber), always)
    .transform(keepChosenPayoutNumber);

  const advertiserProfile = z
    .object({
      first_name: fields.first_name,
      last_name: fields.last_name,
      phone_prefix: fields.phone_prefix,
      phone: fields.phone,
      business_sector_id: fields.business_sector_id,
      country: fields.country,
      cities: fields.cities,
      website_url: fields.website_url,
      notification_preference: fields.notification_preference,
      profile_efile_id: fields.profile_efile_id,
    })
    .superRefine(checks(checkTunisianPhone('phone_prefix', 'phone')), always);

  const advertiserLegal = z
    .object({
      campany_name: fields.campany_name,
      tax_registration_number: fields.tax_registration_number,
      domiciliation_address: fields.domiciliation_address,
      phone_campany: fields.phone_campany,
      phone_campany_prefix: fields.phone_campany_prefix,
    })
    .superRefine(checks(checkTunisianPhone('phone_campany_prefix', 'phone_campany')), always);

  const oldPassword = z
    .string({ error: t('required', { field: 'old_password' }) })
    .min(1, { error: t('required', { field: 'old_password' }) });
  const newPassword = rules.password('new_password');

  const passwordChange = z
    .object({
      old_password: oldPassword,
      new_password: newPassword,
      confirmPassword: z
        .string({ error: t('confirmRequired', {}) })
        .min(1, { error: t('confirmRequired', {}) }),
    })
    .superRefine(
      checks((values, ctx) => {
        const confirm = values['confirmPassword'];
        if (typeof confirm === 'string' && confirm !== '' && confirm !== values['new_password']) {
          ctx.addIssue({
            code: 'custom',
            path: ['confirmPassword'],
            message: t('confirmMatch', {}),
          });
        }
      }),
      always,
    );

  const profileId = z.preprocess((value) => value ?? undefined, idSchema.optional());
  const notificationPreferencesSchema = z.object({
    allow_notifications: z.enum(yesNo, invalid('notification_preference')),
    allow_emails: z.enum(yesNo, invalid('notification_preference')),
    advertiser_id: profileId,
    influencer_id: profileId,
  });

  // --- request bodies (API) ---

  /**
   * POST /v2/user/updateMe by a creator. The web sends the whole form, so a save requires only
   * what spec §5 lists for a creator save (payout number, CIN file, address, CIN, first and last
   * name); the other fields are validated when they have a value and left unchanged when empty.
   * Keys not listed here (role, email, name, is_validated, ids, …) are dropped.
   */
  const updateMeTalentBody = z
    .object({
      first_name: fields.first_name,
      last_name: fields.last_name,
      cin: fields.cin,
      cin_efile_id: fields.cin_efile_id,
      domiciliation_address: fields.domiciliation_address,
      payment_method: fields.payment_method,
      card_number: fields.card_number,
      card_number_d17: fields.card_number_d17,
      phone_prefix: whenPresent(fields.phone_prefix),
      phone: whenPresent(fields.phone),
      gender: whenPresent(fields.gender),
      age_intervale: whenPresent(fields.age_intervale),
      country: whenPresent(fields.country),
      // Spec §3: the full form sends it, but it always follows `country`: read, never stored.
      country_of_origin: z
        .unknown()
        .optional()
        .describe('Ignored: the country of origin is set from `country` on every save'),
      city: whenPresent(fields.city),
      ig_username: whenPresent(fields.ig_username),
      tiktok_username: clearable(fields.tiktok_username),
      categories: whenPresent(fields.categories),
      specializations: whenPresent(fields.specializations),
      influencer_bio: clearable(fields.influencer_bio),
      profile_efile_id: whenPresent(fields.profile_efile_id),
    })
    .superRefine(checks(checkPayoutNumber, checkTunisianPhone('phone_prefix', 'phone')), always)
    .transform(keepChosenPayoutNumber);

  /**
   * POST /v2/user/updateMe by an advertiser: a save requires company name, tax number, address
   * and company phone (spec §5); profile fields are validated when they have a value.
   */
  const updateMeAdvertiserBody = z
    .object({
      campany_name: fields.campany_name,
      tax_registration_number: fields.tax_registration_number,
      domiciliation_address: fields.domiciliation_address,
      phone_campany: fields.phone_campany,
      phone_campany_prefix: fields.phone_campany_prefix,
      first_name: whenPresent(fields.first_name),
      last_name: whenPresent(fields.last_name),
      phone_prefix: whenPresent(fields.phone_prefix),
      phone: whenPresent(fields.phone),
      business_sector_id: whenPresent(fields.business_sector_id),
      country: whenPresent(fields.country),
      cities: whenPresent(fields.cities),
      website_url: clearable(fields.website_url),
      notification_preference: whenPresent(fields.notification_preference),
      profile_efile_id: whenPresent(fields.profile_efile_id),
    })
    .superRefine(
      checks(
        checkTunisianPhone('phone_prefix', 'phone'),
        checkTunisianPhone('phone_campany_prefix', 'phone_campany'),
      ),
      always,
    );

  /**
   * POST /v2/user/updateMe with `step: 'profile'`: the settings' Next saves the profile tab
   * before the financial or legal tab opens (closing the modal after Next lost it all). Spec
   * §4's step fields are required, as Next asks for them; the tab's other fields are validated
   * when they have a value; nothing of the other tabs is read.
   */
  const updateMeTalentProfileBody = z
    .object({
      step: z.literal('profile'),
      first_name: fields.first_name,
      last_name: fields.last_name,
      gender: fields.gender,
      age_intervale: fields.age_intervale,
      country: fields.country,
      country_of_origin: z
        .unknown()
        .optional()
        .describe('Ignored: the country of origin is set from `country` on every save'),
      city: fields.city,
      domiciliation_address: fields.domiciliation_address,
      profile_efile_id: fields.profile_efile_id,
      phone_prefix: whenPresent(fields.phone_prefix),
      phone: whenPresent(fields.phone),
      ig_username: whenPresent(fields.ig_username),
      tiktok_username: clearable(fields.tiktok_username),
      categories: whenPresent(fields.categories),
      specializations: whenPresent(fields.specializations),
      influencer_bio: clearable(fields.influencer_bio),
    })
    .superRefine(checks(checkTunisianPhone('phone_prefix', 'phone')), always);

  const updateMeAdvertiserProfileBody = z
    .object({
      step: z.literal('profile'),
      business_sector_id: fields.business_sector_id,
      country: fields.country,
      cities: fields.cities,
      profile_efile_id: fields.profile_efile_id,
      first_name: whenPresent(fields.first_name),
      last_name: whenPresent(fields.last_name),
      phone_prefix: whenPresent(fields.phone_prefix),
      phone: whenPresent(fields.phone),
      website_url: clearable(fields.website_url),
      notification_preference: whenPresent(fields.notification_preference),
    })
    .superRefine(checks(checkTunisianPhone('phone_prefix', 'phone')), always);

  /**
   * An admin's settings (issue 8 point 4): their name and picture, nothing of the creator or
   * advertiser forms. The same tab in the web and POST /v2/user/updateMe by an admin.
   */
  const adminProfile = z.object({
    fullname: text('fullname', 100),
    profile_efile_id: whenPresent(fields.profile_efile_id),
  });
  const updateMeAdminBody = z.object({
    fullname: text('fullname', 100),
    profile_efile_id: whenPresent(fields.profile_efile_id),
  });

  /** POST /v2/user/updateMe with only_password: true (spec §7). */
  const updatePasswordBody = z.object({
    old_password: oldPassword,
    new_password: newPassword,
    only_password: z.literal(true),
  });

  return {
    talentProfile,
    talentFinancial,
    advertiserProfile,
    advertiserLegal,
    passwordChange,
    notificationPreferences: notificationPreferencesSchema,
    updateMeTalentBody,
    updateMeAdvertiserBody,
    updateMeTalentProfileBody,
    updateMeAdvertiserProfileBody,
    adminProfile,
    updateMeAdminBody,
    updatePasswordBody,
  };
}

export type ProfileSchemas = ReturnType<typeof createProfileSchemas>;

/** English schemas, used by the API (its error messages are the spec's English texts). */
export const profileSchemas = createProfileSchemas();

export type TalentProfileValues = z.input<ProfileSchemas['talentProfile']>;
export type TalentFinancialValues = z.input<ProfileSchemas['talentFinancial']>;
export type AdvertiserProfileValues = z.input<ProfileSchemas['advertiserProfile']>;
export type AdvertiserLegalValues = z.input<ProfileSchemas['advertiserLegal']>;
export type PasswordChangeValues = z.input<ProfileSchemas['passwordChange']>;
export type NotificationPreferencesBody = z.output<ProfileSchemas['notificationPreferences']>;
export type UpdateMeTalentBody = z.output<ProfileSchemas['updateMeTalentBody']>;
export type UpdateMeAdvertiserBody = z.output<ProfileSchemas['updateMeAdvertiserBody']>;
export type UpdatePasswordBody = z.output<ProfileSchemas['updatePasswordBody']>;
export type UpdateMeTalentProfileBody = z.output<ProfileSchemas['updateMeTalentProfileBody']>;
export type UpdateMeAdvertiserProfileBody = z.output<
  ProfileSchemas['updateMeAdvertiserProfileBody']
>;
export type AdminProfileValues = z.input<ProfileSchemas['adminProfile']>;
export type UpdateMeAdminBody = z.output<ProfileSchemas['updateMeAdminBody']>;
/** What a client sends to POST /v2/user/updateMe (before the schemas' transforms). */
export type UpdateMeTalentInput = z.input<ProfileSchemas['updateMeTalentBody']>;
export type UpdateMeAdvertiserInput = z.input<ProfileSchemas['updateMeAdvertiserBody']>;
export type UpdatePasswordInput = z.input<ProfileSchemas['updatePasswordBody']>;
export type UpdateMeTalentProfileInput = z.input<ProfileSchemas['updateMeTalentProfileBody']>;
export type UpdateMeAdvertiserProfileInput = z.input<
  ProfileSchemas['updateMeAdvertiserProfileBody']
>;
export type UpdateMeAdminInput = z.input<ProfileSchemas['updateMeAdminBody']>;
