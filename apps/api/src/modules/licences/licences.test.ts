import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { defaultLicenceTerms, licenceAddOns } from '@clipmarket/contracts/licences';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { invoices } from '../invoices/invoices.schema.js';
import { ledgerHolds } from '../ledger/ledger.schema.js';
import {
  contentRequestInfluencers,
  contentRequests,
} from '../content-requests/content-requests.schema.js';
import {
  callAs,
  createDraft,
  newBrand,
  newCreator,
  sendRequest,
  takeTransition,
} from '../content-requests/content-requests.test-support.js';
import {
  approveBody,
  lineRow,
  submitVersion,
} from '../content-requests/delivery/review.test-support.js';
import {
  acceptApplication,
  applyTo,
  callerOf,
  publishOpportunity,
} from '../opportunities/opportunities.test-support.js';
import { advertisers } from '../users/users.schema.js';
import { licenceTermsOf } from './index.js';
import { lineLicences } from './licences.schema.js';

/**
 * Usage licences, part A (issue 27 §1): creators' rates, the licence on drafts, the quote per
 * creator, term 1 frozen into the line at sending and at an opportunity's acceptance (the line's
 * price and hold include the add-ons), the default terms of old drafts, the invoice's wording.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const walletOf = (userId: number) => ctx.ledger.service.walletBalances(ctx.database.db, userId);
const paidAdsNinetyDays = {
  channels: ['organic', 'paid_ads'],
  duration: '90_days',
  territory: 'mena',
  exclusivity_days: 30,
};
/** The add-ons of `paidAdsNinetyDays` at the suggested rates: 30 %, 15 %, 20 %, 25 %. */
const suggestedShare = (base: number) =>
  [3000, 1500, 2000, 2500].reduce((sum, bp) => sum + Math.floor((base * bp + 5_000) / 10_000), 0);

describe('creators’ licence rates (GET/PUT /v2/influencer/licence-rates)', () => {
  it('answers the suggested rates, sets the creator’s own, and null goes back to suggested', async () => {
    const creator = await newCreator(ctx);
    const got = await callAs(ctx, creator.token, 'GET', '/v2/influencer/licence-rates');
    expect(got.statusCode, got.body).toBe(200);
    const rates = got.json().data.rates as Array<Record<string, unknown>>;
    expect(rates.map((r) => r.add_on)).toEqual([...licenceAddOns]);
    expect(rates.find((r) => r.add_on === 'paid_ads')).toEqual({
      add_on: 'paid_ads',
      basis_points: 3000,
      is_custom: false,
      suggested_basis_points: 3000,
    });

    const body = Object.fromEntries(licenceAddOns.map((a) => [a, null])) as Record<
      string,
      number | null
    >;
    const set = await callAs(ctx, creator.token, 'PUT', '/v2/influencer/licence-rates', {
      rates: { ...body, paid_ads: 4500, perpetual: 0 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = set.json().data.rates as Array<{
      add_on: string;
      basis_points: number;
      is_custom: boolean;
    }>;
    expect(after.find((r) => r.add_on === 'paid_ads')).toMatchObject({
      basis_points: 4500,
      is_custom: true,
    });
    expect(after.find((r) => r.add_on === 'perpetual')).toMatchObject({
      basis_points: 0,
      is_custom: true,
    });
    expect(after.find((r) => r.add_on === 'mena')).toMatchObject({
      basis_points: 2000,
      is_custom: false,
    });

    const reset = await callAs(ctx, creator.token, 'PUT', '/v2/influencer/licence-rates', {
      rates: body,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (reset.json().data.rates as Array<{ is_custom: boolean }>).every((r) => !r.is_custom),
    ).toBe(true);
  });

  it('refuses rates out of bounds or not whole, and a body missing an add-on (400, not 500)', async () => {
    const creator = await newCreator(ctx);
    const body = Object.fromEntries(licenceAddOns.map((a) => [a, null]));
    for (const value of [-1, 50_001, 12.5, '3000']) {
      const answer = await callAs(ctx, creator.token, 'PUT', '/v2/influencer/licence-rates', {
        rates: { ...body, paid_ads: value },
      });
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const { paid_ads: _dropped, ...missing } = body;
    const answer = await callAs(ctx, creator.token, 'PUT', '/v2/influencer/licence-rates', {
      rates: missing,
    });
    expect(answer.statusCode).toBe(400);
    const bound = await callAs(ctx, creator.token, 'PUT', '/v2/influencer/licence-rates', {
      rates: { ...body, worldwide: 50_000 },
    });
    expect(bound.statusCode, bound.body).toBe(200);
  });

  it('is the creator’s own: advertisers 403, anonymous 401', async () => {
    const brand = await newBrand(ctx);
    expect((await callAs(ctx, brand.token, 'GET', '/v2/influencer/licence-rates')).statusCode).toBe(
      403,
    );
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v2/influencer/licence-rates' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a request’s licence (drafts, quote, sending)', () => {
  it('saves the terms with the draft, refuses terms without organic, quotes base + add-ons', async () => {
    const brand = await newBrand(ctx);
    const creator = await newCreator(ctx);
    const id = await createDraft(ctx, brand, [creator], { licence: paidAdsNinetyDays });
    const read = (await callAs(ctx, brand.token, 'GET', `/v2/content-requests/${id}`)).json().data;
    expect(read.licence).toEqual(paidAdsNinetyDays);
    const [draftCreator] = read.creators;
    const base = draftCreator.licence_price.base_price as number;
    expect(draftCreator.licence_price.add_on_price).toBe(suggestedShare(base));
    expect(draftCreator.price).toBe(base + suggestedShare(base));
    expect(draftCreator.licence_price.breakdown.map((b: { add_on: string }) => b.add_on)).toEqual([
      'paid_ads',
      '90_days',
      'mena',
      'exclusivity_30_days',
    ]);

    const quote = await callAs(ctx, brand.token, 'POST', `/v2/content-requests/${id}/quote`, {});
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.content_fees_total).toBe(base + suggestedShare(base));

    const refused = await callAs(ctx, brand.token, 'PATCH', `/v2/content-requests/${id}`, {
      licence: { ...paidAdsNinetyDays, channels: ['paid_ads'] },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const reset = await callAs(ctx, brand.token, 'PATCH', `/v2/content-requests/${id}`, {
      licence: null,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.licence).toEqual(defaultLicenceTerms);
  });

  it('freezes term 1 at sending: line price = base + add-ons at the creator’s rates, held in full', async () => {
    const brand = await newBrand(ctx, 5_000_000);
    await ctx.database.db
      .update(advertisers)
      .set({ businessSectorId: 7 })
      .where(eq(advertisers.userId, brand.userId));
    const creator = await newCreator(ctx);
    const own = Object.fromEntries(licenceAddOns.map((a) => [a, null]));
    await callAs(ctx, creator.token, 'PUT', '/v2/influencer/licence-rates', {
      rates: { ...own, paid_ads: 5000 },
    });
    const before = await walletOf(brand.userId);
    const request = await sendRequest(ctx, brand, [creator], { licence: paidAdsNinetyDays });
    const lineId = request.lineOf(creator);
    const line = await lineRow(ctx, lineId);

    const [term] = await ctx.database.db
      .select()
      .from(lineLicences)
      .where(eq(lineLicences.lineId, lineId));
    const base = term!.basePrice;
    const addOn = [5000, 1500, 2000, 2500].reduce(
      (sum, bp) => sum + Math.floor((base * bp + 5_000) / 10_000),
      0,
    );
    expect(term).toMatchObject({
      term: 1,
      channels: ['organic', 'paid_ads'],
      duration: '90_days',
      territory: 'mena',
      exclusivityDays: 30,
      exclusivityCategoryId: 7,
      addOnPrice: addOn,
      startsAt: null,
      expiresAt: null,
    });
    expect(term!.rates).toMatchObject({ paid_ads: 5000, '90_days': 1500, mena: 2000 });
    expect(line.price).toBe(base + addOn);

    // The hold reserves the whole line price; the wallet lost the fee and that price only.
    const [hold] = await ctx.database.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.id, line.holdId!));
    expect(hold!.amount).toBe(base + addOn);
    const after = await walletOf(brand.userId);
    expect(after.reserved).toBe(before.reserved + base + addOn);

    // Both parties read the split; the line keeps it (a later rate change does not touch it).
    await callAs(ctx, creator.token, 'PUT', '/v2/influencer/licence-rates', { rates: own });
    const read = (
      await callAs(ctx, brand.token, 'GET', `/v2/content-requests/${request.id}`)
    ).json().data;
    expect(read.lines[0].licence_price).toMatchObject({ base_price: base, add_on_price: addOn });
    expect(read.lines[0].price).toBe(base + addOn);
    expect((await licenceTermsOf(ctx.database.db, [lineId])).get(lineId)?.terms).toEqual(
      paidAdsNinetyDays,
    );
  });

  it('gives a draft saved before licences the default terms, at the base price', async () => {
    const brand = await newBrand(ctx, 5_000_000);
    const creator = await newCreator(ctx);
    const id = await createDraft(ctx, brand, [creator]);
    // As an old draft: no licence stored.
    await ctx.database.db
      .update(contentRequests)
      .set({ licence: null })
      .where(eq(contentRequests.id, id));
    const read = (await callAs(ctx, brand.token, 'GET', `/v2/content-requests/${id}`)).json().data;
    expect(read.licence).toEqual(defaultLicenceTerms);
    expect(read.creators[0].licence_price.add_on_price).toBe(0);
    const paid = await callAs(
      ctx,
      brand.token,
      'POST',
      `/v2/content-requests/${id}/checkout`,
      { method: 'wallet' },
      { 'idempotency-key': `old-draft-${id}` },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const sent = (await callAs(ctx, brand.token, 'GET', `/v2/content-requests/${id}`)).json().data;
    const lineId = sent.lines[0].content_request_influencer_id as number;
    const [term] = await ctx.database.db
      .select()
      .from(lineLicences)
      .where(eq(lineLicences.lineId, lineId));
    expect(term).toMatchObject({
      channels: ['organic'],
      duration: '30_days',
      territory: 'tunisia',
      exclusivityDays: 0,
      exclusivityCategoryId: null,
      addOnPrice: 0,
    });
    expect((await lineRow(ctx, lineId)).price).toBe(term!.basePrice);
  });

  it('names the licence on the content fee’s invoice (its label and English description)', async () => {
    const brand = await newBrand(ctx, 5_000_000);
    const creator = await newCreator(ctx);
    const request = await sendRequest(ctx, brand, [creator], {
      licence: { ...paidAdsNinetyDays, exclusivity_days: 0 },
    });
    const lineId = request.lineOf(creator);
    await takeTransition(ctx, creator.token, lineId, 'accept');
    await submitVersion(ctx, creator, lineId, 1);
    // Approved through the service (the hold is captured: the content fee is paid at once).
    await ctx.modules.contentRequests.review.review(
      { userId: brand.userId, role: 'BRAND' },
      lineId,
      approveBody as Parameters<typeof ctx.modules.contentRequests.review.review>[2],
    );
    expect((await lineRow(ctx, lineId)).state).toBe('paid');
    const [invoice] = await ctx.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.purchaseKind, 'content'), eq(invoices.purchaseId, lineId)));
    const [line] = invoice!.priced.lines;
    expect(line!.label?.params.licence).toEqual({ ...paidAdsNinetyDays, exclusivity_days: 0 });
    expect(line!.description).toMatch(
      /^Content fee — CR-\d{6}-1 “Summer launch” — licence: organic \+ paid ads, 90 days, MENA$/,
    );
    // The PDF's and the web's wordings in each language: invoices.licence-wording.test.ts.
  });
});

describe('an opportunity’s licence', () => {
  it('saves the terms, shows creators the add-on at their rates, freezes term 1 at acceptance', async () => {
    const brand = await newBrand(ctx, 5_000_000);
    const creator = await newCreator(ctx);
    const id = await publishOpportunity(ctx, brand, { licence: paidAdsNinetyDays });
    const own = (await callerOf(ctx, brand).get(`/v2/opportunities/${id}`)).json().data;
    expect(own.licence).toEqual(paidAdsNinetyDays);

    const detail = await callerOf(ctx, creator).get(`/v2/discover-opportunities/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.licence).toEqual({
      terms: paidAdsNinetyDays,
      add_on_basis_points: 9000,
      add_on_min: suggestedShare(80_000),
      add_on_max: suggestedShare(150_000),
    });

    const applicationId = await applyTo(ctx, creator, id, 100_000);
    const before = await walletOf(brand.userId);
    const lineId = await acceptApplication(ctx, brand, id, applicationId);
    const [line] = await ctx.database.db
      .select()
      .from(contentRequestInfluencers)
      .where(eq(contentRequestInfluencers.id, lineId));
    expect(line!.price).toBe(100_000 + suggestedShare(100_000));
    const [term] = await ctx.database.db
      .select()
      .from(lineLicences)
      .where(eq(lineLicences.lineId, lineId));
    expect(term).toMatchObject({
      term: 1,
      basePrice: 100_000,
      addOnPrice: suggestedShare(100_000),
      duration: '90_days',
    });
    const after = await walletOf(brand.userId);
    expect(after.reserved - before.reserved).toBe(line!.price);
    expect(before.available - after.available).toBe(line!.price);
  });
});
