import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sparkCodeMessages } from '@clipmarket/contracts/licence-lifecycle';
import { requestToday } from '@clipmarket/contracts/request-dates';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { callAs, newBrand, newCreator } from '../content-requests/content-requests.test-support.js';
import { submittedLine } from '../content-requests/delivery/review.test-support.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
import { addToDate } from './licences.lifecycle.js';
import { getLicence, paidLine, renew, setFirstTerm } from './licences.test-support.js';

/**
 * Issue 27 §1, part B: the licence page (both parties and admins, anyone else a 404, no token
 * a 401), the renewal (the line's advertiser only) and the creator's Spark code (approved
 * video, Spark ads in the terms, expiry 7 to 365 days ahead; the advertiser reads it).
 */
let ctx: TestContext;
let admin: TestUser;
let line: Awaited<ReturnType<typeof paidLine>>;
let otherBrand: TestUser;
let otherCreator: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  line = await paidLine(ctx, {
    channels: ['organic', 'paid_ads', 'spark_ads'],
    duration: '90_days',
    territory: 'worldwide',
    exclusivity_days: 30,
  });
  otherBrand = await newBrand(ctx);
  otherCreator = await newCreator(ctx);
});
afterAll(async () => ctx?.close());

const today = () => requestToday(new Date());
const putSpark = (token: string, lineId: number, body: unknown) =>
  callAs(ctx, token, 'PUT', `/v2/licences/${lineId}/spark-code`, body);

describe('GET /v2/licences/{id}', () => {
  it('shows the readable licence to its advertiser, its creator and admins', async () => {
    for (const [user, side] of [
      [line.brand, 'advertiser'],
      [line.creator, 'creator'],
      [admin, 'admin'],
    ] as const) {
      const answer = await getLicence(ctx, user.token, line.lineId);
      expect(answer.statusCode, answer.body).toBe(200);
      const page = answer.json().data;
      expect(page).toMatchObject({
        content_request_influencer_id: line.lineId,
        viewer_side: side,
        video: { video_id: line.videoId, version: 1 },
        exclusivity_days: 30,
        licence: {
          term: 1,
          state: 'active',
          duration: '90_days',
          channels: ['organic', 'paid_ads', 'spark_ads'],
          territory: 'worldwide',
          spark_code: { state: 'none', code: null, expires_at: null },
          // 300.000 × (20 % + 15 % + 30 % + 20 % + 50 %): exclusivity is not renewed.
          renewal_price: 405_000,
        },
        can_renew: side === 'advertiser',
        can_edit_spark_code: side === 'creator',
      });
      expect(page.reference).toMatch(/^CR-\d{6}-\d+$/);
      expect(page.advertiser_name).not.toBe('');
      expect(page.terms).toHaveLength(1);
      // Term 1's price: the base and the add-ons frozen at sending.
      expect(page.terms[0].price).toBe(page.terms[0].base_price + page.terms[0].add_on_price);
      expect(page.wallet_available === null).toBe(side !== 'advertiser');
    }
  });

  it('is a 404 for anyone else and for an unknown line, a 401 without a token', async () => {
    for (const user of [otherBrand, otherCreator]) {
      const answer = await getLicence(ctx, user.token, line.lineId);
      expect(answer.statusCode).toBe(404);
      expect(JSON.stringify(answer.json())).not.toContain(line.brand.email);
    }
    expect((await getLicence(ctx, admin.token, 99_999_999)).statusCode).toBe(404);
    expect((await getLicence(ctx, undefined, line.lineId)).statusCode).toBe(401);
    expect((await getLicence(ctx, admin.token, 0)).statusCode).toBe(400);
  });
});

describe('POST /v2/licences/{id}/renew', () => {
  it("is the line's advertiser's only: anyone else a 404, no key a 400", async () => {
    for (const user of [line.creator, otherBrand, otherCreator, admin]) {
      const answer = await renew(ctx, user.token, line.lineId, 1);
      expect(answer.statusCode, `${user.email}: ${answer.body}`).toBe(404);
    }
    const noKey = await callAs(ctx, line.brand.token, 'POST', `/v2/licences/${line.lineId}/renew`, {
      term: 1,
    });
    expect(noKey.statusCode).toBe(400);
    const badBody = await renew(ctx, line.brand.token, line.lineId, 0);
    expect(badBody.statusCode).toBe(400);
    const noToken = await ctx.app.inject({
      method: 'POST',
      url: `/v2/licences/${line.lineId}/renew`,
      payload: { term: 1 },
      headers: { 'idempotency-key': 'no-token' },
    });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('PUT /v2/licences/{id}/spark-code', () => {
  it("takes the creator's code and expiry; the advertiser reads it", async () => {
    const expiresOn = addToDate(today(), { days: 30 });
    const answer = await putSpark(line.creator.token, line.lineId, {
      code: ' #AbC123xyz== ',
      expires_on: expiresOn,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.spark_code).toMatchObject({ state: 'active', code: '#AbC123xyz==' });
    const page = (await getLicence(ctx, line.brand.token, line.lineId)).json().data;
    expect(page.licence.spark_code.code).toBe('#AbC123xyz==');
    // The end of that day in Tunisia (UTC+1).
    expect(page.licence.spark_code.expires_at).toBe(`${expiresOn}T22:59:59.999Z`);
  });

  it('refuses an expiry outside 7 to 365 days, and an empty code', async () => {
    for (const days of [3, 400]) {
      const answer = await putSpark(line.creator.token, line.lineId, {
        code: 'CODE',
        expires_on: addToDate(today(), { days }),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.fields).toEqual([
        { field: 'expires_on', message: sparkCodeMessages.expiryOutOfRange },
      ]);
    }
    const empty = await putSpark(line.creator.token, line.lineId, {
      code: '  ',
      expires_on: addToDate(today(), { days: 10 }),
    });
    expect(empty.statusCode).toBe(400);
  });

  it("is the line's creator's only, once approved, with Spark ads in the terms", async () => {
    const body = { code: 'CODE', expires_on: addToDate(today(), { days: 10 }) };
    for (const user of [line.brand, otherBrand, otherCreator, admin]) {
      expect((await putSpark(user.token, line.lineId, body)).statusCode).toBe(404);
    }
    const waiting = await submittedLine(ctx);
    await setFirstTerm(ctx, waiting.lineId, { channels: ['organic', 'spark_ads'] });
    const early = await putSpark(waiting.creator.token, waiting.lineId, body);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('SPARK_CODE_NOT_ALLOWED');

    const organic = await paidLine(ctx);
    const none = await putSpark(organic.creator.token, organic.lineId, body);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('SPARK_CODE_NOT_ALLOWED');
    const page = (await getLicence(ctx, organic.creator.token, organic.lineId)).json().data;
    expect(page.licence.spark_code).toBeNull();
    expect(page.can_edit_spark_code).toBe(false);
  });
});
