import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  advertiserCompletionFields,
  advertiserProfileStepFields,
  createProfileSchemas,
  findMissingCompletionFields,
  formatCin,
  formatRib,
  isRibKeyValid,
  profileFieldLabels,
  profileSchemas as schemas,
  ribDigits,
  talentCompletionFields,
  talentProfileStepFields,
  toInstagramUsername,
  toTiktokUsername,
} from './profile.js';
import { createRegisterSchema } from './auth.js';
import { createRules, englishTranslate, type FieldName, type Translate } from './validation.js';

const rules = createRules();

/** Messages of a failed parse, as `field: message` lines (the web and API show the same). */
function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('required (spec §5 friendly names)', () => {
  const friendlyNames: [FieldName, string][] = [
    ['name', 'brand name'],
    ['agency_name', 'agency name'],
    ['fullname', 'fullname'],
    ['business_sector_id', 'business sector'],
    ['city', 'city'],
    ['country', 'country'],
    ['country_of_origin', 'origin country'],
    ['first_name', 'first name'],
    ['last_name', 'last name'],
    ['age_intervale', 'age interval'],
    ['social_username', 'instagram or tiktok username'],
    ['gender', 'Gender'],
    ['phone', 'number phone'],
    ['profile_efile_id', 'profile picture'],
    ['subject', 'subject'],
    ['body', 'body'],
    ['categories', 'categories'],
    ['tax_registration_number', 'tax registration number'],
    ['campany_name', 'company name'],
    ['domiciliation_address', 'domiciliation address'],
    ['phone_campany', 'company phone number'],
    ['phone_campany_prefix', 'company phone prefix'],
    ['cities', 'cities'],
    ['ig_username', 'Instagram username'],
    ['cin', 'CIN'],
    ['cin_efile_id', 'CIN file'],
    ['card_number', 'card number'],
    ['card_number_d17', 'card number D17'],
  ];

  it.each(friendlyNames)('%s → "The %s field is required"', (field, friendly) => {
    const expected = `The ${friendly} field is required`;
    expect(firstMessage(rules.required(field), '')).toBe(expected);
    expect(firstMessage(rules.required(field), '   ')).toBe(expected);
    expect(firstMessage(rules.required(field), undefined)).toBe(expected);
    expect(firstMessage(rules.required(field), null)).toBe(expected);
  });

  it('accepts and trims a value', () => {
    expect(rules.required('city').parse('  Sfax ')).toBe('Sfax');
  });

  it('requires ids and lists with the same message', () => {
    expect(firstMessage(rules.requiredId('business_sector_id'), '')).toBe(
      'The business sector field is required',
    );
    expect(firstMessage(rules.requiredId('business_sector_id'), null)).toBe(
      'The business sector field is required',
    );
    expect(rules.requiredId('business_sector_id').parse('4')).toBe(4);
    expect(firstMessage(rules.requiredList('cities', rules.required('city')), [])).toBe(
      'The cities field is required',
    );
    expect(firstMessage(rules.requiredList('cities', rules.required('city')), null)).toBe(
      'The cities field is required',
    );
    expect(firstMessage(rules.choice('gender', ['F', 'M']), 'X')).toBe(
      'The Gender field is required',
    );
  });
});

describe('sign-up', () => {
  const advertiser = { email: 'team@example.tn', password: 'Abcdef1' };
  it("names the brand's or the agency's name as the form labels it", () => {
    const register = createRegisterSchema(rules);
    expect(messagesOf(register, { ...advertiser, role: 'BRAND', name: '' })).toEqual([
      'name: The brand name field is required',
    ]);
    expect(messagesOf(register, { ...advertiser, role: 'AGENCY', name: '' })).toEqual([
      'name: The agency name field is required',
    ]);
    expect(messagesOf(register, { ...advertiser, role: 'AGENCY', name: 'Agence Sud' })).toEqual([]);
    expect(messagesOf(register, { ...advertiser, role: 'ADMIN', name: 'x' })).toEqual([
      'role: The role field has an invalid value',
    ]);
  });
});

describe('min length, e-mail, numbers only', () => {
  it('minimum length: "The {field} field must be atleast {n} characters long"', () => {
    expect(firstMessage(rules.minLength('password', 6), 'abc')).toBe(
      'The password field must be atleast 6 characters long',
    );
    expect(rules.minLength('password', 6).safeParse('abcdef').success).toBe(true);
  });

  it('e-mail: "The input is not a valid {field} address"', () => {
    expect(firstMessage(rules.email(), 'not-an-email')).toBe(
      'The input is not a valid email address',
    );
    expect(firstMessage(rules.email(), '')).toBe('The email field is required');
    expect(rules.email().parse(' a@b.tn ')).toBe('a@b.tn');
  });

  it('numbers only: "The {field} field only have numbers"', () => {
    expect(firstMessage(rules.numbersOnly('phone'), '22a45')).toBe(
      'The number phone field only have numbers',
    );
    expect(firstMessage(rules.numbersOnly('cin'), '12-34')).toBe('The CIN field only have numbers');
    expect(rules.numbersOnly('phone').parse('22123456')).toBe('22123456');
  });
});

describe('passwords', () => {
  const strength =
    'The new password field must have at least one uppercase char, one lowercase char, one digit';

  it('needs one uppercase, one lowercase and one digit', () => {
    const password = rules.password('new_password');
    expect(firstMessage(password, 'abcdef1')).toBe(strength);
    expect(firstMessage(password, 'ABCDEF1')).toBe(strength);
    expect(firstMessage(password, 'Abcdefg')).toBe(strength);
    expect(password.safeParse('Abcdef1').success).toBe(true);
  });

  it('is 6 to 15 characters long', () => {
    const password = rules.password('new_password');
    expect(firstMessage(password, 'Ab1')).toBe(
      'The new password field must be atleast 6 characters long',
    );
    expect(firstMessage(password, 'Abcdefghij12345X')).toBe(
      'The new password field must be at most 15 characters long',
    );
    expect(password.safeParse('Abcdefghij12345').success).toBe(true);
    expect(firstMessage(password, '')).toBe('The new password field is required');
  });

  it('password change: confirm required and must match', () => {
    expect(
      messagesOf(schemas.passwordChange, {
        old_password: '',
        new_password: 'Abcdef1',
        confirmPassword: '',
      }),
    ).toEqual([
      'old_password: The old password field is required',
      'confirmPassword: The confirm password field is required',
    ]);
    expect(
      messagesOf(schemas.passwordChange, {
        old_password: 'Old1234',
        new_password: 'Abcdef1',
        confirmPassword: 'Abcdef2',
      }),
    ).toEqual(['confirmPassword: The confirm password field must match the new password']);
    expect(
      messagesOf(schemas.passwordChange, { old_password: 'x', new_password: 'weak' }),
    ).toContain('confirmPassword: The confirm password field is required');
    expect(
      schemas.passwordChange.safeParse({
        old_password: 'Old1234',
        new_password: 'Abcdef1',
        confirmPassword: 'Abcdef1',
      }).success,
    ).toBe(true);
  });

  it('the API body needs only_password: true', () => {
    expect(
      schemas.updatePasswordBody.safeParse({
        old_password: 'Old1234',
        new_password: 'Abcdef1',
        only_password: true,
      }).success,
    ).toBe(true);
    expect(
      schemas.updatePasswordBody.safeParse({ old_password: 'Old1234', new_password: 'Abcdef1' })
        .success,
    ).toBe(false);
    // rules.password checks each character class separately; the API sends each message once.
    const messages = messagesOf(schemas.updatePasswordBody, {
      old_password: 'Old1234',
      new_password: 'abcdefg',
      only_password: true,
    });
    expect([...new Set(messages)]).toEqual([`new_password: ${strength}`]);
  });
});

describe('input helpers', () => {
  it.each([
    ['https://www.instagram.com/amira.tn/', 'amira.tn'],
    ['https://instagram.com/amira.tn?igsh=abc', 'amira.tn'],
    ['http://www.instagram.com/Amira_TN', 'Amira_TN'],
    ['instagram.com/amira.tn', 'amira.tn'],
    ['www.instagram.com/stories/amira.tn/123', 'amira.tn'],
    ['https://instagr.am/amira.tn', 'amira.tn'],
    ['@amira.tn', 'amira.tn'],
    ['  amira.tn  ', 'amira.tn'],
    ['https://www.instagram.com/', ''],
    ['', ''],
  ])('toInstagramUsername(%j) → %j', (input, expected) => {
    expect(toInstagramUsername(input)).toBe(expected);
  });

  it.each([
    ['https://www.tiktok.com/@amira.tn', 'amira.tn'],
    ['https://www.tiktok.com/@amira.tn?lang=fr', 'amira.tn'],
    ['tiktok.com/@amira_tn/video/123', 'amira_tn'],
    ['https://vm.tiktok.com/@amira', 'amira'],
    ['@amira', 'amira'],
    ['amira', 'amira'],
    ['https://www.tiktok.com/', ''],
    ['https://www.tiktok.com/@', ''],
  ])('toTiktokUsername(%j) → %j', (input, expected) => {
    expect(toTiktokUsername(input)).toBe(expected);
  });

  it('formatCin keeps digits, at most 8', () => {
    expect(formatCin('0a1 2-3456789')).toBe('01234567');
    expect(formatCin('abc')).toBe('');
  });

  it('ribDigits keeps digits, truncated to 20', () => {
    expect(ribDigits('08 1234-5678 9012 3456 7890 99')).toBe('08123456789012345678');
  });

  it('formatRib groups by four and truncates to 20 digits (24 characters)', () => {
    expect(formatRib('08123456789012345678')).toBe('0812 3456 7890 1234 5678');
    expect(formatRib('08123456789012345678')).toHaveLength(24);
    expect(formatRib('0812345678901234567899999')).toBe('0812 3456 7890 1234 5678');
    expect(formatRib('081234')).toBe('0812 34');
    // An IBAN keeps its letters, so a foreign one can be refused (issue 8).
    expect(formatRib('fr76 3000 6000 01')).toBe('FR76 3000 6000 01');
  });
});

const validTalentProfile = {
  first_name: 'Amira',
  last_name: 'Ben Salah',
  phone_prefix: '+216',
  phone: '22123456',
  gender: 'F',
  age_intervale: '25-35',
  country: 'TN',
  city: 'Tunis',
  ig_username: 'https://www.instagram.com/Amira.TN/',
  tiktok_username: '',
  categories: [1, 2],
  specializations: ['Tutorials'],
  influencer_bio: '',
  domiciliation_address: '12 rue de Marseille',
  profile_efile_id: 5,
};

describe('creator profile tab', () => {
  it('accepts a full profile and normalises it', () => {
    expect(schemas.talentProfile.parse(validTalentProfile)).toEqual({
      ...validTalentProfile,
      ig_username: 'amira.tn',
      tiktok_username: null,
      influencer_bio: null,
    });
  });

  it('names every missing mandatory field', () => {
    expect(messagesOf(schemas.talentProfile, {})).toEqual([
      'first_name: The first name field is required',
      'last_name: The last name field is required',
      'phone_prefix: The phone prefix field is required',
      'phone: The number phone field is required',
      'gender: The Gender field is required',
      'age_intervale: The age interval field is required',
      'country: The country field is required',
      'city: The city field is required',
      'ig_username: The Instagram username field is required',
      'categories: The categories field is required',
      'specializations: The specializations field is required',
      'domiciliation_address: The domiciliation address field is required',
      'profile_efile_id: The profile picture field is required',
    ]);
  });

  it('requires the profile picture with the spec text', () => {
    expect(
      messagesOf(schemas.talentProfile, { ...validTalentProfile, profile_efile_id: null }),
    ).toEqual(['profile_efile_id: The profile picture field is required']);
  });

  it('limits a Tunisian phone to 8 digits, numbers only', () => {
    expect(
      messagesOf(schemas.talentProfile, { ...validTalentProfile, phone: '221234567' }),
    ).toEqual(['phone: The number phone field must be at most 8 characters long']);
    expect(
      messagesOf(schemas.talentProfile, {
        ...validTalentProfile,
        phone_prefix: '216',
        phone: '221234567',
      }),
    ).toEqual(['phone: The number phone field must be at most 8 characters long']);
    expect(messagesOf(schemas.talentProfile, { ...validTalentProfile, phone: '22-12' })).toEqual([
      'phone: The number phone field only have numbers',
    ]);
    expect(
      schemas.talentProfile.safeParse({
        ...validTalentProfile,
        phone_prefix: '+33',
        phone: '612345678',
      }).success,
    ).toBe(true);
  });

  it('reduces social links to usernames and refuses invalid ones', () => {
    const parsed = schemas.talentProfile.parse({
      ...validTalentProfile,
      tiktok_username: 'https://www.tiktok.com/@Amira.Tok?lang=en',
    });
    expect(parsed.tiktok_username).toBe('amira.tok');
    expect(
      messagesOf(schemas.talentProfile, { ...validTalentProfile, ig_username: 'not valid!' }),
    ).toEqual(['ig_username: The Instagram username field has an invalid value']);
    expect(
      messagesOf(schemas.talentProfile, {
        ...validTalentProfile,
        ig_username: 'https://instagram.com/',
      }),
    ).toEqual(['ig_username: The Instagram username field is required']);
  });

  it('checks gender, age band, country code and lists', () => {
    expect(
      messagesOf(schemas.talentProfile, {
        ...validTalentProfile,
        gender: 'X',
        age_intervale: '10-18',
        country: 'Tunisia',
        categories: [],
        specializations: [],
      }),
    ).toEqual([
      'gender: The Gender field is required',
      'age_intervale: The age interval field is required',
      'country: The country field has an invalid value',
      'categories: The categories field is required',
      'specializations: The specializations field is required',
    ]);
    const parsed = schemas.talentProfile.parse({
      ...validTalentProfile,
      age_intervale: '45plus',
      country: 'tn',
      categories: ['3', 3, 4],
    });
    expect(parsed).toMatchObject({ age_intervale: '45+', country: 'TN', categories: [3, 4] });
  });
});

const validFinancial = {
  payment_method: 'bank',
  cin: '01234567',
  cin_efile_id: 9,
  card_number: '0812 3456 7890 1234 5674',
  card_number_d17: '',
  domiciliation_address: '12 rue de Marseille',
};

describe('creator financial tab', () => {
  it('accepts a formatted RIB and keeps its 20 digits', () => {
    expect(schemas.talentFinancial.parse(validFinancial)).toEqual({
      payment_method: 'bank',
      cin: '01234567',
      cin_efile_id: 9,
      card_number: '08123456789012345674',
      card_number_d17: undefined,
      domiciliation_address: '12 rue de Marseille',
    });
  });

  it('"RIB Length must be 20" when the formatted number is not 24 characters', () => {
    expect(
      messagesOf(schemas.talentFinancial, { ...validFinancial, card_number: '0812 3456 7890' }),
    ).toEqual(['card_number: RIB Length must be 20']);
    expect(
      messagesOf(schemas.talentFinancial, {
        ...validFinancial,
        card_number: '0812345678901234567899',
      }),
    ).toEqual(['card_number: RIB Length must be 20']);
    expect(
      messagesOf(schemas.talentFinancial, {
        ...validFinancial,
        card_number: '0812 3456 7890 1234 567A',
      }),
    ).toEqual(['card_number: The card number field only have numbers']);
  });

  it('requires only the number of the chosen payment method', () => {
    expect(messagesOf(schemas.talentFinancial, { ...validFinancial, card_number: '' })).toEqual([
      'card_number: The card number field is required',
    ]);
    expect(
      messagesOf(schemas.talentFinancial, {
        ...validFinancial,
        payment_method: 'd17',
        card_number: 'anything',
      }),
    ).toEqual(['card_number_d17: The card number D17 field is required']);
    expect(
      messagesOf(schemas.talentFinancial, {
        ...validFinancial,
        payment_method: 'd17',
        card_number_d17: '1234',
      }),
    ).toEqual(['card_number_d17: D17 RIP Length must be 20']);
    const d17 = schemas.talentFinancial.parse({
      ...validFinancial,
      payment_method: 'd17',
      card_number: '',
      card_number_d17: formatRib('11112222333344445525'),
    });
    expect(d17).toMatchObject({ card_number: undefined, card_number_d17: '11112222333344445525' });
  });

  // Issue 8: the D17 error said "RIB"; a pasted IBAN ("FR76 3000 …") became another number.
  it('checks the RIB key, accepts a Tunisian IBAN as its RIB and refuses a foreign one', () => {
    const rib = '08123456789012345678';
    const validRib = `${rib.slice(0, 18)}${String(97 - Number(BigInt(`${rib.slice(0, 18)}00`) % 97n)).padStart(2, '0')}`;
    expect(isRibKeyValid(validRib)).toBe(true);
    expect(isRibKeyValid(rib === validRib ? '08123456789012345600' : rib)).toBe(false);
    const wrongKey = `${validRib.slice(0, 18)}${validRib.endsWith('00') ? '01' : '00'}`;
    expect(
      messagesOf(schemas.talentFinancial, { ...validFinancial, card_number: wrongKey }),
    ).toEqual([
      'card_number: This RIB is not valid: its last two digits (the key) do not match the others',
    ]);
    expect(
      messagesOf(schemas.talentFinancial, {
        ...validFinancial,
        payment_method: 'd17',
        card_number_d17: wrongKey,
      }),
    ).toEqual([
      'card_number_d17: This D17 RIP is not valid: its last two digits (the key) do not match the others',
    ]);
    const foreign = 'FR76 3000 6000 0112 3456 7890 189';
    expect(formatRib(foreign)).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(
      messagesOf(schemas.talentFinancial, { ...validFinancial, card_number: foreign }),
    ).toEqual([
      'card_number: Only a Tunisian account is accepted: enter its 20-digit RIB, or its IBAN starting with TN59',
    ]);
    const iban = formatRib(`tn59${validRib}`);
    expect(iban).toHaveLength(29);
    expect(schemas.talentFinancial.parse({ ...validFinancial, card_number: iban })).toMatchObject({
      card_number: validRib,
    });
  });

  it('defaults the payment method to bank', () => {
    const { payment_method, ...rest } = validFinancial;
    expect(payment_method).toBe('bank');
    expect(schemas.talentFinancial.parse(rest).payment_method).toBe('bank');
  });

  it('CIN: digits only, 8 digits; CIN file and address required', () => {
    expect(messagesOf(schemas.talentFinancial, { ...validFinancial, cin: '12a45678' })).toEqual([
      'cin: The CIN field only have numbers',
    ]);
    expect(messagesOf(schemas.talentFinancial, { ...validFinancial, cin: '123456789' })).toEqual([
      'cin: The CIN field must be at most 8 characters long',
    ]);
    expect(messagesOf(schemas.talentFinancial, { ...validFinancial, cin: '1234567' })).toEqual([
      'cin: The CIN field must be atleast 8 characters long',
    ]);
    expect(
      messagesOf(schemas.talentFinancial, {
        ...validFinancial,
        cin: '',
        cin_efile_id: null,
        domiciliation_address: ' ',
      }),
    ).toEqual([
      'cin: The CIN field is required',
      'cin_efile_id: The CIN file field is required',
      'domiciliation_address: The domiciliation address field is required',
    ]);
  });
});

const validAdvertiserProfile = {
  first_name: 'Karim',
  last_name: 'Trabelsi',
  phone_prefix: '+216',
  phone: '71123456',
  business_sector_id: 2,
  country: 'TN',
  cities: ['Tunis'],
  website_url: '',
  notification_preference: 'daily',
  profile_efile_id: 4,
};

describe('advertiser profile and legal tabs', () => {
  it('accepts a full profile', () => {
    expect(schemas.advertiserProfile.parse(validAdvertiserProfile)).toEqual({
      ...validAdvertiserProfile,
      website_url: null,
    });
  });

  it('names every missing mandatory field', () => {
    expect(messagesOf(schemas.advertiserProfile, {})).toEqual([
      'first_name: The first name field is required',
      'last_name: The last name field is required',
      'phone_prefix: The phone prefix field is required',
      'phone: The number phone field is required',
      'business_sector_id: The business sector field is required',
      'country: The country field is required',
      'cities: The cities field is required',
      'profile_efile_id: The profile picture field is required',
    ]);
  });

  it('checks and completes the website link', () => {
    expect(
      schemas.advertiserProfile.parse({ ...validAdvertiserProfile, website_url: 'www.brand.tn' })
        .website_url,
    ).toBe('https://www.brand.tn');
    expect(
      messagesOf(schemas.advertiserProfile, { ...validAdvertiserProfile, website_url: 'brand' }),
    ).toEqual(['website_url: The website field must be a valid link']);
    expect(
      messagesOf(schemas.advertiserProfile, {
        ...validAdvertiserProfile,
        website_url: 'javascript://alert(1)',
      }),
    ).toEqual(['website_url: The website field must be a valid link']);
  });

  it('defaults the notification preference to allways and refuses other values', () => {
    const { notification_preference: _, ...rest } = validAdvertiserProfile;
    expect(schemas.advertiserProfile.parse(rest).notification_preference).toBe('allways');
    expect(
      messagesOf(schemas.advertiserProfile, {
        ...validAdvertiserProfile,
        notification_preference: 'weekly',
      }),
    ).toEqual(['notification_preference: The notification preference field is required']);
  });

  it('legal tab: every field required, company phone numbers only', () => {
    expect(messagesOf(schemas.advertiserLegal, {})).toEqual([
      'campany_name: The company name field is required',
      'tax_registration_number: The tax registration number field is required',
      'domiciliation_address: The domiciliation address field is required',
      'phone_campany: The company phone number field is required',
      'phone_campany_prefix: The company phone prefix field is required',
    ]);
    const legal = {
      campany_name: 'Brand SARL',
      tax_registration_number: '1234567A/A/M/000',
      domiciliation_address: 'Les Berges du Lac',
      phone_campany: '71 000 000',
      phone_campany_prefix: '216',
    };
    expect(schemas.advertiserLegal.parse(legal)).toEqual({
      ...legal,
      phone_campany: '71000000',
      phone_campany_prefix: '+216',
    });
    expect(messagesOf(schemas.advertiserLegal, { ...legal, phone_campany: '71x' })).toEqual([
      'phone_campany: The company phone number field only have numbers',
    ]);
    expect(messagesOf(schemas.advertiserLegal, { ...legal, phone_campany: '710000001' })).toEqual([
      'phone_campany: The company phone number field must be at most 8 characters long',
    ]);
  });
});

describe('notification preferences', () => {
  it('takes Y or N and an optional own profile id', () => {
    expect(
      schemas.notificationPreferences.parse({
        allow_notifications: 'N',
        allow_emails: 'Y',
        influencer_id: 3,
        advertiser_id: null,
      }),
    ).toEqual({ allow_notifications: 'N', allow_emails: 'Y', influencer_id: 3 });
    expect(
      messagesOf(schemas.notificationPreferences, {
        allow_notifications: 'yes',
        allow_emails: 'Y',
      }),
    ).toEqual(['allow_notifications: The notification preference field has an invalid value']);
  });
});

describe('updateMe bodies', () => {
  it('creator save requires payout number, CIN file, address, CIN, first and last name', () => {
    expect(messagesOf(schemas.updateMeTalentBody, {})).toEqual([
      'first_name: The first name field is required',
      'last_name: The last name field is required',
      'cin: The CIN field is required',
      'cin_efile_id: The CIN file field is required',
      'domiciliation_address: The domiciliation address field is required',
      'card_number: The card number field is required',
    ]);
  });

  it('creator save: other-tab fields are validated only when they have a value', () => {
    const minimal = {
      first_name: 'Amira',
      last_name: 'Ben Salah',
      cin: '01234567',
      cin_efile_id: 9,
      domiciliation_address: 'Tunis',
      card_number: '08123456789012345674',
    };
    const parsed = schemas.updateMeTalentBody.parse({
      ...minimal,
      gender: null,
      country: '',
      categories: [],
      profile_efile_id: null,
      role: 'ADMIN',
      email: 'x@y.tn',
      influencer_id: 4,
    });
    expect(parsed).toEqual({
      ...minimal,
      payment_method: 'bank',
      card_number_d17: undefined,
    });
    expect(
      messagesOf(schemas.updateMeTalentBody, { ...minimal, gender: 'X', phone: '1a' }),
    ).toEqual([
      'phone: The number phone field only have numbers',
      'gender: The Gender field is required',
    ]);
    expect(schemas.updateMeTalentBody.parse({ ...minimal, tiktok_username: null })).toMatchObject({
      tiktok_username: null,
    });
  });

  it('advertiser save requires company name, tax number, address and company phone', () => {
    expect(messagesOf(schemas.updateMeAdvertiserBody, { name: 'x' })).toEqual([
      'campany_name: The company name field is required',
      'tax_registration_number: The tax registration number field is required',
      'domiciliation_address: The domiciliation address field is required',
      'phone_campany: The company phone number field is required',
      'phone_campany_prefix: The company phone prefix field is required',
    ]);
    const parsed = schemas.updateMeAdvertiserBody.parse({
      campany_name: 'Brand',
      tax_registration_number: '1234567A/A/M/000',
      domiciliation_address: 'Lac',
      phone_campany: '71000000',
      phone_campany_prefix: '+216',
      cities: [],
      business_sector_id: '',
      name: 'Other brand',
      search_count: 0,
    });
    expect(parsed).toEqual({
      campany_name: 'Brand',
      tax_registration_number: '1234567A/A/M/000',
      domiciliation_address: 'Lac',
      phone_campany: '71000000',
      phone_campany_prefix: '+216',
    });
  });
});

describe('field lists', () => {
  it('tab checks list the fields of spec §4', () => {
    expect([...talentProfileStepFields].sort()).toEqual(
      [
        'age_intervale',
        'city',
        'country',
        'domiciliation_address',
        'first_name',
        'gender',
        'last_name',
        'profile_efile_id',
      ].sort(),
    );
    expect([...advertiserProfileStepFields].sort()).toEqual(
      ['business_sector_id', 'cities', 'country', 'profile_efile_id'].sort(),
    );
  });

  it('tab checks pass exactly when their fields are valid', () => {
    const pick = schemas.talentProfile.safeParse({ ...validTalentProfile, gender: undefined });
    const stepFields: readonly string[] = talentProfileStepFields;
    const stepIssues = pick.success
      ? []
      : pick.error.issues.filter((issue) => stepFields.includes(String(issue.path[0])));
    expect(stepIssues.map((issue) => issue.path[0])).toEqual(['gender']);
  });

  it('completion uses the number of the chosen payment method', () => {
    const talent = {
      ...schemas.talentProfile.parse(validTalentProfile),
      cin: '01234567',
      cin_efile_id: 1,
      payment_method: 'bank',
      card_number: '08123456789012345674',
      card_number_d17: null,
    };
    expect(findMissingCompletionFields(talentCompletionFields, talent)).toEqual([]);
    expect(
      findMissingCompletionFields(talentCompletionFields, { ...talent, payment_method: 'd17' }),
    ).toEqual(['card_number']);
    expect(
      findMissingCompletionFields(talentCompletionFields, { ...talent, categories: [], phone: '' }),
    ).toEqual(['phone', 'categories']);
    expect(findMissingCompletionFields(advertiserCompletionFields, {})).toEqual([
      ...advertiserCompletionFields,
    ]);
  });

  it('readable names of spec §8 for server field names', () => {
    expect(profileFieldLabels).toMatchObject({
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
    });
  });
});

describe('translation', () => {
  it('englishTranslate fills the field name and number', () => {
    expect(englishTranslate('minLength', { field: 'password', n: 6 })).toBe(
      'The password field must be atleast 6 characters long',
    );
    expect(englishTranslate('ribLength', {})).toBe('RIB Length must be 20');
  });

  it('schemas speak the language of the Translate they are given', () => {
    const french: Translate = (key, { field, n }) => `${key}:${field ?? ''}:${n ?? ''}`;
    const fr = createProfileSchemas(french);
    expect(messagesOf(fr.talentFinancial, { ...validFinancial, card_number: '1' })).toEqual([
      'card_number: ribLength::',
    ]);
    expect(
      messagesOf(fr.passwordChange, {
        old_password: 'a',
        new_password: 'Abcdef1',
        confirmPassword: 'b',
      }),
    ).toEqual(['confirmPassword: confirmMatch::']);
    expect(messagesOf(fr.talentProfile, { ...validTalentProfile, city: '' })).toEqual([
      'city: required:city:',
    ]);
  });
});
