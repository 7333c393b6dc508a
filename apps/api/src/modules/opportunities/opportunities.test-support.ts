import { requestToday } from '@clipmarket/contracts/request-dates';
import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { callAs, type TestCreator } from '../content-requests/content-requests.test-support.js';
import type { TestUser } from '../users/test-users.js';

/** `days` after today, in Tunisia's calendar. */
export function inDays(days: number) {
  const date = new Date(`${requestToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Everything an opportunity's checkout needs (a 80–150 TND band, 3 spots). */
export function completeOpportunity(overrides: Record<string, unknown> = {}) {
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

/** A live opportunity of `brand`, its platform fee paid from its wallet. */
export async function liveOpportunity(
  ctx: TestContext,
  brand: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const draft = await callAs(
    ctx,
    brand.token,
    'POST',
    '/v2/opportunities',
    completeOpportunity(overrides),
  );
  expect(draft.statusCode, draft.body).toBe(201);
  const id = draft.json().data.content_opportunity_id as number;
  const paid = await callAs(
    ctx,
    brand.token,
    'POST',
    `/v2/opportunities/${id}/checkout`,
    { method: 'wallet' },
    { 'idempotency-key': `publish-${id}` },
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

/** `creator` applies to the opportunity at `price`; answers the application's id. */
export async function applyTo(ctx: TestContext, creator: TestCreator, id: number, price = 100_000) {
  const applied = await callAs(
    ctx,
    creator.token,
    'POST',
    `/v2/discover-opportunities/${id}/applications`,
    {
      price,
      pitch: 'I film recipes every week for my followers.',
      answers: ['Yes, for two restaurants.'],
      accepts_brief: true,
    },
  );
  expect(applied.statusCode, applied.body).toBe(201);
  return applied.json().data.content_opportunity_influencer_id as number;
}
