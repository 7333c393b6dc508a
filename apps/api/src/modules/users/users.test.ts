import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema, publicInfluencerProfileSchema } from '@clipmarket/contracts/users';
import { verifyPassword } from '../../platform/auth/password.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAdmin,
  createAdvertiser,
  createFile,
  createTalent,
  findCategoryIds,
  setTwinklingFlags,
  testPassword,
} from './test-users.js';
import { searchQuotas } from '../discovery/discovery.schema.js';
import { advertisers, influencerStats, influencers, userClicks, users } from './users.schema.js';

let ctx: TestContext;
let categoryIds: [number, number];

beforeAll(async () => {
  ctx = await createTestContext();
  categoryIds = await findCategoryIds(ctx);
});
afterAll(() => ctx.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function getMe(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/v2/user/getMe', headers: auth(token) });
}

function updateMe(token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v2/user/updateMe',
    headers: auth(token),
    payload,
  });
}

/** What the settings modal sends for a creator: the whole form, every tab. */
async function fullTalentForm(userId: number) {
  const picture = await createFile(ctx, userId);
  const cinScan = await createFile(ctx, userId, { purpose: 'cin', visibility: 'private' });
  return {
    form: {
      first_name: 'Amira',
      last_name: 'Ben Salah',
      fullname: 'amira.tn',
      user_email: { email: 'someone@else.tn' },
      phone_prefix: '+216',
      phone: '22123456',
      gender: 'F',
      age_intervale: '25-35',
      country: 'TN',
      city: 'Tunis',
      ig_username: 'https://www.instagram.com/Amira.Creates/?hl=en',
      tiktok_username: '@amira_tt',
      categories: [categoryIds[0], categoryIds[1]],
      specializations: ['Unboxing videos', 'Tutorials'],
      influencer_bio: 'Food and travel stories from Tunis.',
      domiciliation_address: '12 rue de Marseille, Tunis',
      payment_method: 'bank',
      cin: '01234567',
      cin_efile_id: cinScan.fileId,
      card_number: '0812 3456 7890 1234 5674',
      card_number_d17: '',
      profile_efile_id: picture.fileId,
    },
    picture,
    cinScan,
  };
}

async function fullAdvertiserForm(userId: number) {
  const picture = await createFile(ctx, userId);
  return {
    form: {
      first_name: 'Karim',
      last_name: 'Trabelsi',
      phone_prefix: '+216',
      phone: '71123456',
      business_sector_id: 3,
      country: 'TN',
      cities: ['Tunis', 'Sfax'],
      website_url: 'www.brand.tn',
      notification_preference: 'daily',
      profile_efile_id: picture.fileId,
      campany_name: 'Brand SARL',
      tax_registration_number: '1234567A/A/M/000',
      domiciliation_address: 'Rue du Lac, Les Berges du Lac',
      phone_campany: '71000000',
      phone_campany_prefix: '+216',
    },
    picture,
  };
}

describe('GET /v2/user/getMe', () => {
  it('returns a creator with every field of the contract, private fields included', async () => {
    const talent = await createTalent(ctx, { igUsername: 'amira.tn' });
    const res = await getMe(talent.token);
    expect(res.statusCode).toBe(200);
    const me = meSchema.parse(res.json().data);
    expect(me).toMatchObject({
      user_id: talent.userId,
      user_email: { email: talent.email },
      role: 'TALENT',
      rules: [{ action: 'read', subject: 'Home' }],
      isVisitor: false,
      isLegacy: false,
      is_completed: 0,
      fullname: 'amira.tn',
      advertiser: null,
      advertiser_id: null,
      efile: null,
      cin_efile: null,
    });
    expect(me.influencer).toMatchObject({
      influencer_id: talent.influencerId,
      cin: null,
      card_number: null,
      payment_method: 'bank',
      allow_notifications: 'Y',
    });
  });

  it('names a creator without usernames by first and last name', async () => {
    const talent = await createTalent(ctx);
    const me = (await getMe(talent.token)).json().data;
    expect(me.fullname).toBe('Amira Ben Salah');
  });

  it('returns an advertiser with the brand name as full name and manage rules', async () => {
    const brand = await createAdvertiser(ctx, { name: 'Délice' });
    const res = await getMe(brand.token);
    expect(res.statusCode).toBe(200);
    const me = meSchema.parse(res.json().data);
    expect(me).toMatchObject({
      role: 'BRAND',
      fullname: 'Délice',
      rules: [{ action: 'manage', subject: 'Home' }],
      advertiser_id: brand.advertiserId,
      influencer: null,
      is_completed: 0,
    });
    expect(me.advertiser).toMatchObject({ name: 'Délice', notification_preference: 'allways' });
  });

  it('answers 401 without a token and with a bad one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/user/getMe' })).statusCode).toBe(401);
    const res = await getMe('not-a-token');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /v2/user/updateMe (creator)', () => {
  it('saves the full form, derives values and completes the profile', async () => {
    const talent = await createTalent(ctx);
    const { form, picture, cinScan } = await fullTalentForm(talent.userId);
    const res = await updateMe(talent.token, form);
    expect(res.statusCode).toBe(200);
    const me = meSchema.parse(res.json().data);
    expect(me.is_completed).toBe(1);
    expect(me.influencer).toMatchObject({
      first_name: 'Amira',
      ig_username: 'amira.creates',
      tiktok_username: 'amira_tt',
      influencer_name: 'amira.creates',
      country: 'TN',
      country_of_origin: 'TN',
      city: 'Tunis',
      phone_prefix: '+216',
      card_number: '08123456789012345674',
      cin: '01234567',
      cin_efile_id: cinScan.fileId,
      age_intervale: '25-35',
      specializations: ['Unboxing videos', 'Tutorials'],
    });
    expect([...me.influencer!.categories].sort()).toEqual([...categoryIds].sort());
    expect(me.efile).toEqual({
      file_id: picture.fileId,
      token: picture.token,
      file_extension: 'png',
      original_name: 'picture.png',
    });
    expect(me.cin_efile?.file_id).toBe(cinScan.fileId);
    expect(me.fullname).toBe('amira.creates');
  });

  it('stays incomplete until the required fields are set, then flips to 1', async () => {
    const talent = await createTalent(ctx);
    const { form } = await fullTalentForm(talent.userId);
    const financialOnly = {
      first_name: form.first_name,
      last_name: form.last_name,
      cin: form.cin,
      cin_efile_id: form.cin_efile_id,
      domiciliation_address: form.domiciliation_address,
      card_number: form.card_number,
      gender: null,
      country: '',
      categories: [],
    };
    const first = await updateMe(talent.token, financialOnly);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.is_completed).toBe(0);
    expect(first.json().data.influencer.gender).toBeNull();

    const second = await updateMe(talent.token, form);
    expect(second.json().data.is_completed).toBe(1);
  });

  it('stores the D17 number when d17 is the payment method', async () => {
    const talent = await createTalent(ctx);
    const { form } = await fullTalentForm(talent.userId);
    const res = await updateMe(talent.token, {
      ...form,
      payment_method: 'd17',
      card_number: '',
      card_number_d17: '1111 2222 3333 4444 5525',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.influencer).toMatchObject({
      payment_method: 'd17',
      card_number_d17: '11112222333344445525',
      card_number: null,
    });
    expect(res.json().data.is_completed).toBe(1);
  });

  // Issue 8: a pasted IBAN silently became another number; the RIB key was never checked.
  it('stores a Tunisian IBAN as its RIB and refuses a foreign IBAN or a wrong key', async () => {
    const talent = await createTalent(ctx);
    const { form } = await fullTalentForm(talent.userId);
    const iban = await updateMe(talent.token, {
      ...form,
      card_number: 'TN59 1111 2222 3333 4444 5525',
    });
    expect(iban.statusCode).toBe(200);
    expect(iban.json().data.influencer.card_number).toBe('11112222333344445525');
    const foreign = await updateMe(talent.token, {
      ...form,
      card_number: 'FR76 3000 6000 0112 3456 7890 189',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual([
      {
        field: 'card_number',
        message:
          'Only a Tunisian account is accepted: enter its 20-digit RIB, or its IBAN starting with TN59',
      },
    ]);
    const wrongKey = await updateMe(talent.token, {
      ...form,
      payment_method: 'd17',
      card_number_d17: '1111 2222 3333 4444 5500',
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().error.fields).toEqual([
      {
        field: 'card_number_d17',
        message: 'This D17 RIP is not valid: its last two digits (the key) do not match the others',
      },
    ]);
    // Nothing of the refused saves was written.
    expect((await getMe(talent.token)).json().data.influencer.card_number).toBe(
      '11112222333344445525',
    );
  });

  it('refuses a save without what a creator save requires, naming each field', async () => {
    const talent = await createTalent(ctx);
    const res = await updateMe(talent.token, { first_name: '', payment_method: 'bank' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: 'The first name field is required' },
        { field: 'last_name', message: 'The last name field is required' },
        { field: 'cin', message: 'The CIN field is required' },
        { field: 'cin_efile_id', message: 'The CIN file field is required' },
        { field: 'domiciliation_address', message: 'The domiciliation address field is required' },
        { field: 'card_number', message: 'The card number field is required' },
      ]),
    );
  });

  it('checks the RIB length, CIN digits, phone length and present profile fields', async () => {
    const talent = await createTalent(ctx);
    const { form } = await fullTalentForm(talent.userId);
    const res = await updateMe(talent.token, {
      ...form,
      card_number: '0812 3456 7890',
      cin: '12AB',
      phone: '221234567',
      gender: 'X',
      ig_username: 'not a username!',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(
      expect.arrayContaining([
        { field: 'card_number', message: 'RIB Length must be 20' },
        { field: 'cin', message: 'The CIN field only have numbers' },
        { field: 'phone', message: 'The number phone field must be at most 8 characters long' },
        { field: 'gender', message: 'The Gender field is required' },
        { field: 'ig_username', message: 'The Instagram username field has an invalid value' },
      ]),
    );
    const d17 = await updateMe(talent.token, {
      ...form,
      payment_method: 'd17',
      card_number_d17: '',
    });
    expect(d17.json().error.fields).toEqual([
      { field: 'card_number_d17', message: 'The card number D17 field is required' },
    ]);
  });

  it('refuses unknown category ids', async () => {
    const talent = await createTalent(ctx);
    const { form } = await fullTalentForm(talent.userId);
    const res = await updateMe(talent.token, { ...form, categories: [categoryIds[0], 987654321] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { field: 'categories', message: 'The categories field has an invalid value' },
    ]);
  });

  it("refuses another user's file ids and non-image files, and writes nothing", async () => {
    const talent = await createTalent(ctx);
    const other = await createTalent(ctx);
    const { form } = await fullTalentForm(talent.userId);
    const foreign = await createFile(ctx, other.userId);
    const pdf = await createFile(ctx, talent.userId, { mimeType: 'application/pdf' });

    const res = await updateMe(talent.token, {
      ...form,
      profile_efile_id: foreign.fileId,
      cin_efile_id: pdf.fileId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { field: 'profile_efile_id', message: 'The profile picture field has an invalid value' },
      { field: 'cin_efile_id', message: 'The CIN file field has an invalid value' },
    ]);
    const me = (await getMe(talent.token)).json().data;
    expect(me.profile_efile_id).toBeNull();
    expect(me.influencer.cin).toBeNull();
  });

  it('ignores mass-assigned fields: role, e-mail, validation flags, ids', async () => {
    const talent = await createTalent(ctx);
    const other = await createTalent(ctx);
    const { form } = await fullTalentForm(talent.userId);
    const res = await updateMe(talent.token, {
      ...form,
      role: 'ADMIN',
      email: 'hijack@evil.tn',
      user_email: 'hijack@evil.tn',
      name: 'Not a brand',
      is_verified: false,
      is_validated: true,
      is_legacy: true,
      is_show_media_kit: true,
      user_id: other.userId,
      influencer_id: other.influencerId,
      advertiser_id: 1,
    });
    expect(res.statusCode).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, talent.userId));
    expect(user).toMatchObject({
      role: 'TALENT',
      email: talent.email,
      isVerified: true,
      isValidated: false,
      isLegacy: false,
    });
    const [mine] = await ctx.database.db
      .select()
      .from(influencers)
      .where(eq(influencers.userId, talent.userId));
    expect(mine).toMatchObject({ id: talent.influencerId, isShowMediaKit: false });
    const [theirs] = await ctx.database.db
      .select()
      .from(influencers)
      .where(eq(influencers.id, other.influencerId));
    expect(theirs).toMatchObject({ cin: null, country: null, userId: other.userId });
  });

  it('keeps a social username the creator already has (read-only)', async () => {
    const talent = await createTalent(ctx, { igUsername: 'original.name' });
    const { form } = await fullTalentForm(talent.userId);
    const res = await updateMe(talent.token, { ...form, ig_username: 'someone.else' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.influencer).toMatchObject({
      ig_username: 'original.name',
      influencer_name: 'original.name',
    });
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/user/updateMe',
      payload: { first_name: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  // Issue 8 point 4: an admin's settings are their name, picture and password.
  it('saves an admin’s name and picture, and nothing of the creator or advertiser forms', async () => {
    const admin = await createAdmin(ctx);
    const picture = await createFile(ctx, admin.userId);
    const res = await updateMe(admin.token, {
      fullname: '  Leila Admin ',
      profile_efile_id: picture.fileId,
      // Not an admin's: dropped.
      role: 'TALENT',
      gender: 'F',
      ig_username: 'someone',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      role: 'ADMIN',
      fullname: 'Leila Admin',
      profile_efile_id: picture.fileId,
      influencer: null,
      advertiser: null,
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v2/user/getMe',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(me.json().data).toMatchObject({ role: 'ADMIN', fullname: 'Leila Admin' });

    // The name is required; a picture of someone else is refused.
    const empty = await updateMe(admin.token, { fullname: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual([
      { field: 'fullname', message: 'The fullname field is required' },
    ]);
    const other = await createAdmin(ctx);
    const foreign = await createFile(ctx, other.userId);
    const stolen = await updateMe(admin.token, {
      fullname: 'Leila',
      profile_efile_id: foreign.fileId,
    });
    expect(stolen.statusCode).toBe(400);
  });
});

describe('POST /v2/user/updateMe (advertiser)', () => {
  it('saves profile and legal info and completes the profile', async () => {
    const brand = await createAdvertiser(ctx, { role: 'AGENCY' });
    const { form, picture } = await fullAdvertiserForm(brand.userId);
    const res = await updateMe(brand.token, form);
    expect(res.statusCode).toBe(200);
    const me = meSchema.parse(res.json().data);
    expect(me.is_completed).toBe(1);
    expect(me.profile_efile_id).toBe(picture.fileId);
    expect(me.advertiser).toMatchObject({
      campany_name: 'Brand SARL',
      tax_registration_number: '1234567A/A/M/000',
      phone_campany: '71000000',
      cities: ['Tunis', 'Sfax'],
      website_url: 'https://www.brand.tn',
      notification_preference: 'daily',
      business_sector_id: 3,
    });
  });

  it('requires the legal fields on every save, with exact messages', async () => {
    const brand = await createAdvertiser(ctx);
    const res = await updateMe(brand.token, { first_name: 'Karim', website_url: 'not a link' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { field: 'campany_name', message: 'The company name field is required' },
      {
        field: 'tax_registration_number',
        message: 'The tax registration number field is required',
      },
      { field: 'domiciliation_address', message: 'The domiciliation address field is required' },
      { field: 'phone_campany', message: 'The company phone number field is required' },
      { field: 'phone_campany_prefix', message: 'The company phone prefix field is required' },
      { field: 'website_url', message: 'The website field must be a valid link' },
    ]);
  });

  it('leaves absent profile fields unchanged and clears the website with null', async () => {
    const brand = await createAdvertiser(ctx);
    const { form } = await fullAdvertiserForm(brand.userId);
    await updateMe(brand.token, form);
    const res = await updateMe(brand.token, {
      campany_name: 'Renamed SARL',
      tax_registration_number: form.tax_registration_number,
      domiciliation_address: form.domiciliation_address,
      phone_campany: form.phone_campany,
      phone_campany_prefix: form.phone_campany_prefix,
      cities: [],
      website_url: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.advertiser).toMatchObject({
      campany_name: 'Renamed SARL',
      cities: ['Tunis', 'Sfax'],
      first_name: 'Karim',
      website_url: null,
    });
    expect(res.json().data.is_completed).toBe(1);
  });

  it('ignores brand name, quotas, trial and validity dates, role and ids in the body', async () => {
    const brand = await createAdvertiser(ctx, { name: 'Fixed Brand' });
    const other = await createAdvertiser(ctx);
    const { form } = await fullAdvertiserForm(brand.userId);
    const res = await updateMe(brand.token, {
      ...form,
      name: 'New Name',
      role: 'ADMIN',
      email: 'x@evil.tn',
      search_count: 0,
      max_search_count: 999999,
      free_trial_expire_date: '2099-01-01',
      account_validity_from: '2020-01-01',
      account_validity_to: '2099-01-01',
      is_validated: true,
      advertiser_id: other.advertiserId,
      user_id: other.userId,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.userId, brand.userId));
    expect(row).toMatchObject({ id: brand.advertiserId, name: 'Fixed Brand' });
    // The quota is discovery's (search_quotas): the body wrote none, and getMe shows none.
    const quotas = await ctx.database.db
      .select()
      .from(searchQuotas)
      .where(eq(searchQuotas.advertiserId, brand.advertiserId));
    expect(quotas).toEqual([]);
    expect(res.json().data.advertiser).toMatchObject({
      search_count: 0,
      max_search_count: 0,
      free_trial_expire_date: null,
      account_validity_to: null,
      account_validity_from: null,
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, brand.userId));
    expect(user).toMatchObject({ role: 'BRAND', email: brand.email, isValidated: false });
    const [theirs] = await ctx.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.id, other.advertiserId));
    expect(theirs?.companyName).toBeNull();
  });
});

describe('POST /v2/user/updateMe (profile tab, step: profile)', () => {
  it('saves an advertiser’s profile tab without the legal info, and leaves that untouched', async () => {
    const brand = await createAdvertiser(ctx);
    const { form } = await fullAdvertiserForm(brand.userId);
    const { campany_name: _company, tax_registration_number: _tax, ...profileTab } = form;
    const res = await updateMe(brand.token, { step: 'profile', ...profileTab });
    expect(res.statusCode, res.body).toBe(200);
    const me = meSchema.parse(res.json().data);
    expect(me.profile_efile_id).toBe(form.profile_efile_id);
    expect(me.advertiser).toMatchObject({
      business_sector_id: 3,
      cities: ['Tunis', 'Sfax'],
      phone: '71123456',
      website_url: 'https://www.brand.tn',
      // The legal tab's fields are not read from this save, even when sent.
      domiciliation_address: null,
      phone_campany: null,
      campany_name: null,
    });
    expect(me.is_completed).toBe(0);
  });

  it('saves a creator’s profile tab without the financial info', async () => {
    const talent = await createTalent(ctx);
    const { form } = await fullTalentForm(talent.userId);
    const { cin: _cin, cin_efile_id: _scan, card_number: _rib, ...profileTab } = form;
    const res = await updateMe(talent.token, { step: 'profile', ...profileTab });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.influencer).toMatchObject({
      gender: 'F',
      city: 'Tunis',
      ig_username: 'amira.creates',
      domiciliation_address: '12 rue de Marseille, Tunis',
      cin: null,
      card_number: null,
    });
  });

  it('requires the fields Next asks for (spec §4), naming each', async () => {
    const brand = await createAdvertiser(ctx);
    const res = await updateMe(brand.token, { step: 'profile', first_name: 'Karim', cities: [] });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['business_sector_id', 'cities', 'country', 'profile_efile_id']);
  });
});

describe('POST /v2/user/updateMe (password)', () => {
  it('changes the password when the old one is right', async () => {
    const brand = await createAdvertiser(ctx);
    const res = await updateMe(brand.token, {
      old_password: testPassword,
      new_password: 'NewSecret9',
      only_password: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_id).toBe(brand.userId);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, brand.userId));
    expect(await verifyPassword(user!.passwordHash, 'NewSecret9')).toBe(true);
    expect(await verifyPassword(user!.passwordHash, testPassword)).toBe(false);
  });

  it('refuses a wrong old password with WRONG_PASSWORD', async () => {
    const talent = await createTalent(ctx);
    const res = await updateMe(talent.token, {
      old_password: 'Wrong123',
      new_password: 'NewSecret9',
      only_password: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('WRONG_PASSWORD');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, talent.userId));
    expect(await verifyPassword(user!.passwordHash, testPassword)).toBe(true);
  });

  it('refuses a weak new password and a missing old one with the exact messages', async () => {
    const talent = await createTalent(ctx);
    const res = await updateMe(talent.token, {
      old_password: '',
      new_password: 'weakpass',
      only_password: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        { field: 'old_password', message: 'The old password field is required' },
        {
          field: 'new_password',
          message:
            'The new password field must have at least one uppercase char, one lowercase char, one digit',
        },
      ],
    });
    const short = await updateMe(talent.token, {
      old_password: testPassword,
      new_password: 'Ab1',
      only_password: true,
    });
    expect(short.json().error.fields).toEqual([
      {
        field: 'new_password',
        message: 'The new password field must be atleast 6 characters long',
      },
    ]);
  });

  it('signs out the other sessions and keeps the one that changed the password', async () => {
    const talent = await createTalent(ctx);
    const login = async (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v2/auth/login',
        payload: { email: talent.email, password },
      });
    const refresh = (refreshToken: string) =>
      ctx.app.inject({ method: 'POST', url: '/v2/auth/refresh', payload: { refreshToken } });
    const here = (await login(testPassword)).json().data;
    const elsewhere = (await login(testPassword)).json().data;
    const laptop = (await login(testPassword)).json().data;

    const res = await updateMe(here.accessToken, {
      old_password: testPassword,
      new_password: 'NewSecret9',
      only_password: true,
    });
    expect(res.statusCode).toBe(200);

    expect((await refresh(elsewhere.refreshToken)).json().error.code).toBe('INVALID_REFRESH_TOKEN');
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(401);
    // The session that changed the password goes on, through its next refreshes too.
    const next = await refresh(here.refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await refresh(next.json().data.refreshToken)).statusCode).toBe(200);
    expect((await login('NewSecret9')).statusCode).toBe(200);
  });

  it('keeps every session when the old password is wrong', async () => {
    const talent = await createTalent(ctx);
    const session = (
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/auth/login',
        payload: { email: talent.email, password: testPassword },
      })
    ).json().data;
    const res = await updateMe(talent.token, {
      old_password: 'Wrong123',
      new_password: 'NewSecret9',
      only_password: true,
    });
    expect(res.statusCode).toBe(400);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});

describe('POST /v2/user/updateMe (contract)', () => {
  it('documents the password, creator, advertiser, profile tab and admin bodies in OpenAPI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/openapi.json' });
    const { schema } =
      res.json().paths['/v2/user/updateMe'].post.requestBody.content['application/json'];
    expect(schema.anyOf).toHaveLength(6);
    const [password, creator, advertiser, creatorTab, advertiserTab, admin] = schema.anyOf;
    expect(Object.keys(admin.properties).sort()).toEqual(['fullname', 'profile_efile_id']);
    expect(creatorTab.required).toContain('step');
    expect(Object.keys(advertiserTab.properties)).not.toContain('campany_name');
    expect(password.required).toEqual(['old_password', 'new_password', 'only_password']);
    expect(Object.keys(creator.properties)).toEqual(expect.arrayContaining(['cin', 'city']));
    expect(Object.keys(advertiser.properties)).toEqual(
      expect.arrayContaining(['campany_name', 'cities']),
    );
  });

  it('answers 401 before reading the body of an anonymous caller', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/user/updateMe',
      payload: { only_password: true },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /v2/user/notifications-preferences', () => {
  const put = (token: string | null, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/v2/user/notifications-preferences',
      headers: token ? auth(token) : {},
      payload,
    });

  it("updates the creator's own preferences", async () => {
    const talent = await createTalent(ctx);
    const res = await put(talent.token, {
      allow_notifications: 'N',
      allow_emails: 'N',
      influencer_id: talent.influencerId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.influencer).toMatchObject({
      allow_notifications: 'N',
      allow_emails: 'N',
    });
  });

  it("updates the advertiser's own preferences, with or without the id", async () => {
    const brand = await createAdvertiser(ctx);
    const res = await put(brand.token, {
      allow_notifications: 'Y',
      allow_emails: 'N',
      advertiser_id: brand.advertiserId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.advertiser).toMatchObject({
      allow_notifications: 'Y',
      allow_emails: 'N',
    });
    const again = await put(brand.token, { allow_notifications: 'N', allow_emails: 'Y' });
    expect(again.json().data.advertiser).toMatchObject({
      allow_notifications: 'N',
      allow_emails: 'Y',
    });
  });

  it("answers 404 for someone else's profile id and changes nothing", async () => {
    const brand = await createAdvertiser(ctx);
    const other = await createAdvertiser(ctx);
    const talent = await createTalent(ctx);
    const res = await put(brand.token, {
      allow_notifications: 'N',
      allow_emails: 'N',
      advertiser_id: other.advertiserId,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    const crossRole = await put(brand.token, {
      allow_notifications: 'N',
      allow_emails: 'N',
      influencer_id: talent.influencerId,
    });
    expect(crossRole.statusCode).toBe(404);
    const [row] = await ctx.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.id, other.advertiserId));
    expect(row).toMatchObject({ allowNotifications: 'Y', allowEmails: 'Y' });
    const [mine] = await ctx.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.id, brand.advertiserId));
    expect(mine).toMatchObject({ allowNotifications: 'Y', allowEmails: 'Y' });
  });

  it('refuses values other than Y and N', async () => {
    const talent = await createTalent(ctx);
    const res = await put(talent.token, { allow_notifications: 'yes', allow_emails: 'N' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[0].field).toBe('allow_notifications');
  });

  it('answers 401 without a token', async () => {
    const res = await put(null, { allow_notifications: 'N', allow_emails: 'N' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /v2/request/redirection', () => {
  const get = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/v2/request/redirection',
      headers: token ? auth(token) : {},
    });

  it('sends advertisers to discover content, creators to their showcase, admins to their home', async () => {
    const brand = await createAdvertiser(ctx);
    const agency = await createAdvertiser(ctx, { role: 'AGENCY' });
    const talent = await createTalent(ctx);
    const admin = await createAdmin(ctx);
    expect((await get(brand.token)).json()).toEqual({ redirection: '/discover-content' });
    expect((await get(agency.token)).json()).toEqual({ redirection: '/discover-content' });
    expect((await get(talent.token)).json()).toEqual({ redirection: '/profile/check-profile' });
    expect((await get(admin.token)).json()).toEqual({ redirection: '/admin' });
  });

  it('answers 401 without a token', async () => {
    expect((await get()).statusCode).toBe(401);
  });
});

describe('GET /v2/request/get_twinkling/list', () => {
  const get = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/v2/request/get_twinkling/list',
      headers: token ? auth(token) : {},
    });

  it("returns the caller's seven flags, all off by default", async () => {
    const talent = await createTalent(ctx);
    const res = await get(talent.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        twinkling_accept_request: false,
        twinkling_trak_payment: false,
        twinkling_manage_content: false,
        twinkling_content_request: false,
        twinkling_discover_opportunities: false,
        twinkling_get_paid: false,
        twinkling_support: false,
      },
    });
    await setTwinklingFlags(ctx, talent.userId, { acceptRequest: true, getPaid: true });
    const other = await createTalent(ctx);
    await setTwinklingFlags(ctx, other.userId, { support: true });
    const after = (await get(talent.token)).json().data;
    expect(after).toMatchObject({
      twinkling_accept_request: true,
      twinkling_get_paid: true,
      twinkling_support: false,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await get()).statusCode).toBe(401);
  });
});

describe('POST /v2/request/twinkling/seen', () => {
  const post = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/request/twinkling/seen',
      headers: auth(token),
      payload,
    });

  it("turns off only that flag of only the caller's", async () => {
    const talent = await createTalent(ctx);
    const other = await createTalent(ctx);
    await setTwinklingFlags(ctx, talent.userId, { acceptRequest: true, getPaid: true });
    await setTwinklingFlags(ctx, other.userId, { acceptRequest: true });
    const res = await post(talent.token, { flag: 'twinkling_accept_request' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      twinkling_accept_request: false,
      twinkling_get_paid: true,
    });
    const others = await ctx.app.inject({
      method: 'GET',
      url: '/v2/request/get_twinkling/list',
      headers: auth(other.token),
    });
    expect(others.json().data.twinkling_accept_request).toBe(true);
  });

  it('works for a user who never had a flag, and refuses an unknown flag', async () => {
    const talent = await createTalent(ctx);
    const res = await post(talent.token, { flag: 'twinkling_support' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.twinkling_support).toBe(false);
    const unknown = await post(talent.token, { flag: 'twinkling_everything' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /v2/user-click/create', () => {
  const post = (token: string | null, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/user-click/create',
      headers: token ? auth(token) : {},
      payload,
    });

  it("stores a click with the caller's real role and own influencer id", async () => {
    const talent = await createTalent(ctx);
    const res = await post(talent.token, {
      influencer_id: 424242,
      role: 'BRAND',
      module: 'toolbox',
      module_id: 7,
      click: 'open',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    const [row] = await ctx.database.db.select().from(userClicks).where(eq(userClicks.id, id));
    expect(row).toMatchObject({
      userId: talent.userId,
      influencerId: talent.influencerId,
      role: 'TALENT',
      module: 'toolbox',
      moduleId: '7',
      click: 'open',
    });
  });

  it("keeps an advertiser's clicked creator id", async () => {
    const brand = await createAdvertiser(ctx);
    const res = await post(brand.token, {
      influencer_id: 12,
      role: 'BRAND',
      module: 'search',
      click: 'profile',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(userClicks)
      .where(eq(userClicks.id, res.json().data.id));
    expect(row).toMatchObject({ influencerId: 12, role: 'BRAND', moduleId: null });
  });

  it('refuses a click without module or click name', async () => {
    const brand = await createAdvertiser(ctx);
    const res = await post(brand.token, { role: 'BRAND', click: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 401 without a token', async () => {
    expect((await post(null, { module: 'toolbox', click: 'open' })).statusCode).toBe(401);
  });
});

describe('GET /v2/influencers/:influencerId/profile', () => {
  async function completeCreatorWithStats() {
    const talent = await createTalent(ctx);
    const { form } = await fullTalentForm(talent.userId);
    await updateMe(talent.token, form);
    await ctx.database.db.insert(influencerStats).values([
      {
        influencerId: talent.influencerId,
        platform: 'instagram',
        followersCount: 120_000,
        postsCount: 310,
        avgLikes: 4_200,
        avgComments: 85,
        avgVideoViews: 30_000,
        engagementRate: '3.25',
        personsReached: 60_000,
        source: 'verified',
      },
      {
        influencerId: talent.influencerId,
        platform: 'tiktok',
        followersCount: 8_000,
      },
    ]);
    await ctx.database.db
      .update(users)
      .set({ isValidated: true })
      .where(eq(users.id, talent.userId));
    return talent;
  }

  it('shows the public profile with stats and size band to an advertiser', async () => {
    const talent = await completeCreatorWithStats();
    const brand = await createAdvertiser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v2/influencers/${talent.influencerId}/profile`,
      headers: { ...auth(brand.token), 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(200);
    const profile = publicInfluencerProfileSchema.parse(res.json().data);
    expect(profile).toMatchObject({
      influencer_id: talent.influencerId,
      influencer_name: 'amira.creates',
      ig_username: 'amira.creates',
      country: 'TN',
      city: 'Tunis',
      gender: 'F',
      age_intervale: '25-35',
      size_band: 'mid-tier',
    });
    expect(profile.efile).not.toBeNull();
    expect(profile.categories.map((c) => c.category_id).sort()).toEqual([...categoryIds].sort());
    expect(profile.categories.every((c) => c.label.length > 0)).toBe(true);
    expect(profile.stats).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        followers_count: 120_000,
        engagement_rate: 3.25,
        persons_reached: 60_000,
        source: 'verified',
        size_band: 'mid-tier',
      }),
      expect.objectContaining({ platform: 'tiktok', followers_count: 8_000, size_band: 'nano' }),
    ]);
  });

  it('never exposes CIN, payout numbers, address, phone or e-mail', async () => {
    const talent = await completeCreatorWithStats();
    const brand = await createAdvertiser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v2/influencers/${talent.influencerId}/profile`,
      headers: auth(brand.token),
    });
    const body = res.body;
    for (const secret of [
      '01234567',
      '08123456789012345674',
      'Marseille',
      '22123456',
      talent.email,
    ]) {
      expect(body).not.toContain(secret);
    }
    const keys = Object.keys(res.json().data);
    for (const key of [
      'cin',
      'cin_efile_id',
      'card_number',
      'card_number_d17',
      'domiciliation_address',
      'phone',
      'phone_prefix',
      'user_email',
      'email',
    ]) {
      expect(keys).not.toContain(key);
    }
  });

  it("shows the creator's own showcase on /influencers/me/profile", async () => {
    const talent = await completeCreatorWithStats();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v2/influencers/me/profile',
      headers: auth(talent.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.influencer_id).toBe(talent.influencerId);
    expect(res.body).not.toContain('01234567');
  });

  it('answers 403 on /influencers/me/profile for an advertiser', async () => {
    const brand = await createAdvertiser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v2/influencers/me/profile',
      headers: auth(brand.token),
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unknown creator and 400 for a malformed id', async () => {
    const brand = await createAdvertiser(ctx);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/v2/influencers/2000000000/profile',
      headers: auth(brand.token),
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/v2/influencers/abc/profile',
      headers: auth(brand.token),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const talent = await createTalent(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v2/influencers/${talent.influencerId}/profile`,
    });
    expect(res.statusCode).toBe(401);
  });
  it('hides a creator not validated yet from all but themself and admins (404)', async () => {
    const pending = await createTalent(ctx);
    const brand = await createAdvertiser(ctx);
    const otherCreator = await createTalent(ctx);
    const admin = await createAdmin(ctx);
    for (const url of [
      `/v2/influencers/${pending.influencerId}/profile`,
      `/v2/users/${pending.userId}/influencer-profile`,
    ]) {
      const read = (token: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
      expect((await read(brand.token)).statusCode, url).toBe(404);
      expect((await read(otherCreator.token)).statusCode, url).toBe(404);
      expect((await read(pending.token)).statusCode, url).toBe(200);
      expect((await read(admin.token)).statusCode, url).toBe(200);
    }
  });
});

describe('GET /v2/users/:userId/influencer-profile (spec /profile/{userId})', () => {
  it('answers the creator whose user id it is, not the creator with that id', async () => {
    const first = await createTalent(ctx);
    const second = await createTalent(ctx);
    await ctx.database.db
      .update(users)
      .set({ isValidated: true })
      .where(eq(users.id, second.userId));
    const brand = await createAdvertiser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v2/users/${second.userId}/influencer-profile`,
      headers: auth(brand.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.influencer_id).toBe(second.influencerId);
    expect(second.userId).not.toBe(second.influencerId);
    expect(first.influencerId).not.toBe(second.influencerId);
    // A user who is no creator, an unknown one, a malformed id.
    for (const [url, status] of [
      [`/v2/users/${brand.userId}/influencer-profile`, 404],
      ['/v2/users/2000000000/influencer-profile', 404],
      ['/v2/users/abc/influencer-profile', 400],
    ] as const) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers: auth(brand.token) });
      expect(answer.statusCode, url).toBe(status);
    }
  });
});
