import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { advertisers, influencers, users } from '../users/users.schema.js';
import { createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';

/**
 * Test helpers for content requests and what follows them (delivery, review, payment, payouts):
 * an advertiser with legal info and a funded wallet, a validated creator with financial info,
 * a request sent from the wallet, a line moved to a state through the real routes.
 */

export type TestCreator = TestUser & { influencerId: number };

let counter = 0;
const next = () => (counter += 1);

/** A valid RIB (its key checks): the tests' creators are paid to it. */
export const TEST_RIB = '08006000123456789079';

/** Money into an advertiser's wallet, as a paid gateway payment would put it. */
export async function fundWallet(ctx: TestContext, userId: number, amount: number) {
  await ctx.ledger.service.post(ctx.database.db, {
    idempotencyKey: `test-fund:${userId}:${Date.now()}:${next()}`,
    kind: 'payment.received',
    postings: [
      { account: { kind: 'gateway_clearing' }, amount: -amount },
      { account: { kind: 'advertiser_wallet', ownerUserId: userId }, amount },
    ],
  });
}

/** A brand with complete legal info and `funds` millimes in its wallet. */
export async function newBrand(ctx: TestContext, funds = 0): Promise<TestUser> {
  const user = await createAdvertiser(ctx);
  await ctx.database.db
    .update(advertisers)
    .set({
      companyName: 'Société Jasmin SARL',
      taxRegistrationNumber: '1234567A/A/M/000',
      domiciliationAddress: '12 rue de Marseille, Tunis',
      phoneCompany: '71000000',
      phoneCompanyPrefix: '+216',
    })
    .where(eq(advertisers.userId, user.userId));
  if (funds > 0) await fundWallet(ctx, user.userId, funds);
  return user;
}

/** A creator, validated and with a bank account (RIB) and CIN unless told otherwise. */
export async function newCreator(
  ctx: TestContext,
  options: { validated?: boolean; financial?: boolean } = {},
): Promise<TestCreator> {
  const creator = await createTalent(ctx, { igUsername: `cr${Date.now()}${next()}` });
  await ctx.database.db
    .update(users)
    .set({ isValidated: options.validated ?? true })
    .where(eq(users.id, creator.userId));
  if (options.financial ?? true) {
    await ctx.database.db
      .update(influencers)
      .set({ cin: '01234567', cardNumber: TEST_RIB })
      .where(eq(influencers.id, creator.influencerId));
  }
  return creator;
}

/** An API call as `token` from an address of its own (per-address rate limits are not tested). */
export function callAs(
  ctx: TestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const n = next();
  return ctx.app.inject({
    method,
    url,
    remoteAddress: `10.9.${Math.floor(n / 250) % 250}.${n % 250}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A complete draft for `creators` (fields of `draft` replace the defaults); answers its id. */
export async function createDraft(
  ctx: TestContext,
  brand: TestUser,
  creators: TestCreator[],
  draft: Record<string, unknown> = {},
): Promise<number> {
  const created = await callAs(ctx, brand.token, 'POST', '/v2/content-requests', {
    influencer_ids: creators.map((c) => c.influencerId),
    title: 'Summer launch',
    content_type: 'product_demo',
    video_duration: 30,
    format: 'portrait',
    product_name: 'Jasmine soap',
    description: 'Show the soap in daylight',
    platforms: ['instagram'],
    delivery_date: inDays(10),
    delivery_slot: '12:30',
    publishing_deadline: inDays(20),
    script: 'Hello, this is our soap.',
    ...draft,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.content_request_id as number;
}

/** A request sent to `creators`, paid from the brand's wallet; its lines by influencer id. */
export async function sendRequest(
  ctx: TestContext,
  brand: TestUser,
  creators: TestCreator[],
  draft: Record<string, unknown> = {},
) {
  const id = await createDraft(ctx, brand, creators, draft);
  const paid = await callAs(
    ctx,
    brand.token,
    'POST',
    `/v2/content-requests/${id}/checkout`,
    { method: 'wallet' },
    { 'idempotency-key': `send-${id}-${next()}` },
  );
  expect(paid.statusCode, paid.body).toBe(200);
  const request = (await callAs(ctx, brand.token, 'GET', `/v2/content-requests/${id}`)).json()
    .data as {
    lines: Array<{ influencer_id: number; content_request_influencer_id: number }>;
  };
  return {
    id,
    lineOf: (creator: TestCreator) =>
      request.lines.find((l) => l.influencer_id === creator.influencerId)!
        .content_request_influencer_id,
  };
}

/** A line's transition through the public route; expects it to succeed. */
export async function takeTransition(
  ctx: TestContext,
  token: string,
  lineId: number,
  transition: string,
  reason?: string,
) {
  const answer = await callAs(
    ctx,
    token,
    'POST',
    `/v2/content-request-influencers/${lineId}/transitions`,
    { transition, ...(reason ? { reason } : {}) },
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

/**
 * A brand (wallet funded unless `funds` is 0), a creator and one line the creator accepted:
 * where delivery starts. With `funds` covering fee + price, the content fee is reserved.
 */
export async function acceptedLine(ctx: TestContext, options: { funds?: number } = {}) {
  const brand = await newBrand(ctx, options.funds ?? 5_000_000);
  const creator = await newCreator(ctx);
  const request = await sendRequest(ctx, brand, [creator]);
  const lineId = request.lineOf(creator);
  await takeTransition(ctx, creator.token, lineId, 'accept');
  return { brand, creator, lineId, contentRequestId: request.id };
}
