import { requestToday } from '@clipmarket/contracts/request-dates';
import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { callAs, type TestCreator } from '../content-requests/content-requests.test-support.js';
import type { TestUser } from '../users/test-users.js';

/**
 * Test helpers for opportunities: a complete draft, one published from the brand's wallet, a
 * creator's application, calls as a user, all through the real routes.
 */

/** Calls as `user` (each from an address of its own). */
export const callerOf = (ctx: TestContext, user: TestUser) => ({
  post: (url: string, body?: unknown, headers?: Record<string, string>) =>
    callAs(ctx, user.token, 'POST', url, body ?? {}, headers),
  get: (url: string) => callAs(ctx, user.token, 'GET', url),
});

/** Step 3 as `user`: the opportunity's platform fee paid from the wallet or opened at the gateway. */
export const checkoutOpportunity = (
  ctx: TestContext,
  user: TestUser,
  id: number,
  method: 'wallet' | 'gateway',
  idempotencyKey: string,
) =>
  callerOf(ctx, user).post(
    `/v2/opportunities/${id}/checkout`,
    { method },
    { 'idempotency-key': idempotencyKey },
  );

/** `days` after today, in Tunisia's calendar. */
export const inDays = (days: number) => {
  const date = new Date(`${requestToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A draft with every field publishing needs (fields of `overrides` replace the defaults). */
export function completeDraft(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Ramadan recipes',
    content_type: 'product_feedback',
    video_duration: 30,
    format: 'portrait',
    platforms: ['instagram'],
    spots: 3,
    price_min: 80_000,
    price_max: 150_000,
    application_deadline: inDays(5),
    delivery_date: inDays(10),
    delivery_slot: '12:00',
    publishing_deadline: inDays(15),
    screening_questions: ['Have you filmed food before?'],
    brief: 'Cook one of our recipes, show the spices, say where to buy them.',
    checklist: ['The jar is visible in the first 3 seconds'],
    ...overrides,
  };
}

/** The platform fee with VAT and stamp at the settings' defaults. */
export const OPPORTUNITY_FEE_TOTAL = 24_800 + 4_712 + 1_000;

/** A draft of `brand`; answers its id. */
export async function draftOpportunity(
  ctx: TestContext,
  brand: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const draft = await callerOf(ctx, brand).post('/v2/opportunities', completeDraft(overrides));
  expect(draft.statusCode, draft.body).toBe(201);
  return draft.json().data.content_opportunity_id as number;
}

/** A live opportunity of `brand`, paid from its wallet. */
export async function publishOpportunity(
  ctx: TestContext,
  brand: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const id = await draftOpportunity(ctx, brand, overrides);
  const paid = await checkoutOpportunity(ctx, brand, id, 'wallet', `publish-${id}`);
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

/** An application's body at `price`, answering the default draft's question. */
export const applicationBody = (price = 100_000) => ({
  price,
  pitch: 'I film recipes every week for my followers.',
  answers: ['Yes, for two restaurants.'],
  accepts_brief: true,
});

/** `creator` applies to `id`; answers the application's id. */
export async function applyTo(ctx: TestContext, creator: TestCreator, id: number, price = 100_000) {
  const applied = await callerOf(ctx, creator).post(
    `/v2/discover-opportunities/${id}/applications`,
    applicationBody(price),
  );
  expect(applied.statusCode, applied.body).toBe(201);
  return applied.json().data.content_opportunity_influencer_id as number;
}

/** The advertiser accepts an application; answers its delivery line's id. */
export async function acceptApplication(
  ctx: TestContext,
  brand: TestUser,
  id: number,
  applicationId: number,
) {
  const accepted = await callerOf(ctx, brand).post(
    `/v2/opportunities/${id}/applications/${applicationId}/decision`,
    { decision: 'accept' },
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json().data.line.content_request_influencer_id as number;
}

/** A notification as the list answers it. */
export interface Notice {
  notification_type: string;
  module_item_id: number | null;
  content: string;
  redirection: string;
}

/** `user`'s newest notification of `type`, once it is there. */
export function notificationOf(ctx: TestContext, user: TestUser, type: string) {
  return waitFor(
    async () => {
      const answer = await callerOf(ctx, user).get('/v2/notifications?page=1&limit=50');
      return (answer.json().data as Notice[]).find((item) => item.notification_type === type);
    },
    { what: `the ${type} notification` },
  );
}
