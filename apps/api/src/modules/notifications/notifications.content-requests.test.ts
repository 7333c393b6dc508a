import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import { advertisers, influencers, users } from '../users/users.schema.js';

/**
 * Issue 10 §6 through the real flow: a brand sends a request paid from its wallet; each creator
 * hears of it (bell, menu highlight); their answers reach the brand the same way.
 */

type Creator = TestUser & { influencerId: number };

let ctx: TestContext;
let brand: TestUser;
let accepting: Creator;
let declining: Creator;
let calls = 0;

const call = (method: 'GET' | 'POST', url: string, token: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: `10.9.${Math.floor((calls += 1) / 250) % 250}.${calls % 250}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(url.endsWith('/checkout') ? { 'idempotency-key': `notify-${Date.now()}-${calls}` } : {}),
    },
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });

async function newCreator(): Promise<Creator> {
  const creator = await createTalent(ctx, { igUsername: `notif${Date.now()}${(calls += 1)}` });
  await ctx.database.db
    .update(users)
    .set({ isValidated: true })
    .where(eq(users.id, creator.userId));
  await ctx.database.db
    .update(influencers)
    .set({ cin: '01234567', cardNumber: '12345678901234567890' })
    .where(eq(influencers.id, creator.influencerId));
  return creator;
}

/** The caller's notifications of `type`, newest first, once at least one is there. */
async function notificationsOf(user: TestUser, type: string) {
  return waitFor(
    async () => {
      const answer = await call('GET', '/v2/notifications?page=1&limit=8', user.token);
      const items = (
        answer.json().data as { notification_type: string; module_item_id: number | null }[]
      ).filter((item) => item.notification_type === type);
      return items.length > 0 && items;
    },
    { what: `the ${type} notification` },
  );
}

async function twinklingOf(user: TestUser) {
  return (await call('GET', '/v2/request/get_twinkling/list', user.token)).json().data as Record<
    string,
    boolean
  >;
}

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await createAdvertiser(ctx);
  await ctx.database.db
    .update(advertisers)
    .set({
      companyName: 'Société Jasmin SARL',
      taxRegistrationNumber: '1234567A/A/M/000',
      domiciliationAddress: '12 rue de Marseille, Tunis',
      phoneCompany: '71000000',
      phoneCompanyPrefix: '+216',
    })
    .where(eq(advertisers.userId, brand.userId));
  await ctx.ledger.service.post(ctx.database.db, {
    idempotencyKey: `notify-fund:${brand.userId}`,
    kind: 'payment.received',
    postings: [
      { account: { kind: 'gateway_clearing' }, amount: -5_000_000 },
      { account: { kind: 'advertiser_wallet', ownerUserId: brand.userId }, amount: 5_000_000 },
    ],
  });
  accepting = await newCreator();
  declining = await newCreator();
});
afterAll(() => ctx?.close());

describe('content request notifications', () => {
  it('tells each creator of the request and the brand of each answer, and lights their menus', async () => {
    const deliveryDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const draft = await call('POST', '/v2/content-requests', brand.token, {
      influencer_ids: [accepting.influencerId, declining.influencerId],
      title: 'Jasmine soap launch',
      content_type: 'product_demo',
      video_duration: 30,
      format: 'portrait',
      product_name: 'Jasmine soap',
      description: 'Show the soap in daylight',
      platforms: ['instagram'],
      delivery_date: deliveryDate,
      delivery_slot: '10:00',
      script: 'Hello, this is our soap.',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const requestId = draft.json().data.content_request_id as number;
    const paid = await call('POST', `/v2/content-requests/${requestId}/checkout`, brand.token, {
      method: 'wallet',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const lines = (await call('GET', `/v2/content-requests/${requestId}`, brand.token)).json().data
      .lines as { influencer_id: number; content_request_influencer_id: number }[];
    const lineOf = (creator: Creator) =>
      lines.find((line) => line.influencer_id === creator.influencerId)!
        .content_request_influencer_id;

    // Each creator: a notification that opens their own line, and the Accept Requests highlight.
    for (const creator of [accepting, declining]) {
      const [notice] = await notificationsOf(creator, 'new_content_request');
      expect(notice!.module_item_id).toBe(lineOf(creator));
      expect((await twinklingOf(creator)).twinkling_accept_request).toBe(true);
    }

    const accepted = await call(
      'POST',
      `/v2/content-request-influencers/${lineOf(accepting)}/transitions`,
      accepting.token,
      { transition: 'accept' },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const declined = await call(
      'POST',
      `/v2/content-request-influencers/${lineOf(declining)}/transitions`,
      declining.token,
      { transition: 'decline', reason: 'Not available on these dates' },
    );
    expect(declined.statusCode, declined.body).toBe(200);

    const [acceptedNotice] = await notificationsOf(brand, 'request_accepted');
    const [declinedNotice] = await notificationsOf(brand, 'request_declined');
    expect(acceptedNotice!.module_item_id).toBe(requestId);
    expect(declinedNotice!.module_item_id).toBe(requestId);
    expect((await twinklingOf(brand)).twinkling_content_request).toBe(true);

    // Opening the page turns the highlight off.
    const seen = await call('POST', '/v2/request/twinkling/seen', brand.token, {
      flag: 'twinkling_content_request',
    });
    expect(seen.json().data.twinkling_content_request).toBe(false);
  });
});
