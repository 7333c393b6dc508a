/**
 * Validation messages of spec §5, shared by the API and the web forms.
 *
 * Schemas are built by factories that take a `Translate` function: the API uses
 * `englishTranslate` (the spec's exact English texts, returned in error responses), the web
 * passes one backed by i18next so the same rules speak French and Arabic.
 */
export const validationMessageKeys = [
  'required',
  'minLength',
  'maxLength',
  'email',
  'numbersOnly',
  'passwordStrength',
  'confirmRequired',
  'confirmMatch',
  'ribLength',
  'd17Length',
  'ribKey',
  'd17Key',
  'ibanNotTunisian',
  'invalidChoice',
  'url',
  'matriculeFiscal',
] as const;
export type ValidationMessageKey = (typeof validationMessageKeys)[number];

/** The spec's English texts; `{field}` is the friendly field name, `{n}` a number. */
export const englishValidationMessages: Record<ValidationMessageKey, string> = {
  required: 'The {field} field is required',
  minLength: 'The {field} field must be atleast {n} characters long',
  maxLength: 'The {field} field must be at most {n} characters long',
  email: 'The input is not a valid {field} address',
  numbersOnly: 'The {field} field only have numbers',
  passwordStrength:
    'The {field} field must have at least one uppercase char, one lowercase char, one digit',
  confirmRequired: 'The confirm password field is required',
  confirmMatch: 'The confirm password field must match the new password',
  ribLength: 'RIB Length must be 20',
  d17Length: 'D17 RIP Length must be 20',
  ribKey: 'This RIB is not valid: its last two digits (the key) do not match the others',
  d17Key: 'This D17 RIP is not valid: its last two digits (the key) do not match the others',
  ibanNotTunisian:
    'Only a Tunisian account is accepted: enter its 20-digit RIB, or its IBAN starting with TN59',
  invalidChoice: 'The {field} field has an invalid value',
  url: 'The {field} field must be a valid link',
  matriculeFiscal:
    'The tax registration number is not a Tunisian matricule fiscal: 7 digits, a letter, the VAT code, the category and the establishment number, e.g. 1234567A/A/M/000',
};

/**
 * Friendly field names used inside messages (spec §5 "Required"). Keys are wire names.
 * The web translates them through `validation:fields.<key>`.
 */
export const englishFieldNames = {
  name: 'brand name',
  agency_name: 'agency name',
  fullname: 'fullname',
  business_sector_id: 'business sector',
  city: 'city',
  cities: 'cities',
  country: 'country',
  country_of_origin: 'origin country',
  first_name: 'first name',
  last_name: 'last name',
  age_intervale: 'age interval',
  social_username: 'instagram or tiktok username',
  ig_username: 'Instagram username',
  tiktok_username: 'Tiktok username',
  gender: 'Gender',
  phone: 'number phone',
  phone_prefix: 'phone prefix',
  profile_efile_id: 'profile picture',
  subject: 'subject',
  body: 'body',
  categories: 'categories',
  specializations: 'specializations',
  tax_registration_number: 'tax registration number',
  campany_name: 'company name',
  domiciliation_address: 'domiciliation address',
  phone_campany: 'company phone number',
  phone_campany_prefix: 'company phone prefix',
  cin: 'CIN',
  cin_efile_id: 'CIN file',
  card_number: 'card number',
  card_number_d17: 'card number D17',
  email: 'email',
  password: 'password',
  old_password: 'old password',
  new_password: 'new password',
  confirmPassword: 'confirm password',
  website_url: 'website',
  influencer_bio: 'bio',
  notification_preference: 'notification preference',
  payment_method: 'payment method',
  role: 'role',
} as const;
export type FieldName = keyof typeof englishFieldNames;

export type Translate = (
  key: ValidationMessageKey,
  params: { field?: FieldName; n?: number },
) => string;

export const englishTranslate: Translate = (key, params) =>
  englishValidationMessages[key]
    .replace('{field}', params.field ? englishFieldNames[params.field] : '')
    .replace('{n}', String(params.n ?? ''));
