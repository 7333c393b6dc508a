import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  contentRequestLinePart1Transitions,
  contentRequestLineProcess,
} from '@clipmarket/contracts/workflows/content-request-line';
import { contentRequestMessages } from '@clipmarket/contracts/content-requests';
import { requestDateMessages } from '@clipmarket/contracts/request-dates';
import { outboxEvents } from '../../platform/events/events.schema.js';
import { quoteIdentifier } from '../../platform/jobs/job-queue.js';
import { systemActor } from '../../platform/workflow/workflow.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { runJobNow as runQueuedJobNow } from '../../test/run-job-now.js';
import { waitFor } from '../../test/wait-for.js';
import { ledgerHolds } from '../ledger/ledger.schema.js';
import { payOnSandbox } from '../payments/payments.test-support.js';
import { influencerCategories, influencerStats, users } from '../users/users.schema.js';
import { createAdvertiser, type TestUser } from '../users/test-users.js';
import { contentRequestInfluencers } from './content-requests.schema.js';
import {
  fundWallet,
  newBrand as newTestBrand,
  newCreator as newTestCreator,
} from './content-requests.test-support.js';

/**
 * Content requests (issue 10 §2–§8): drafts and their messages, the checkout from the wallet
 * (fee posted, invoice, holds) and through the sandbox gateway, the part-1 transitions per role
 * and state, their money, races, and the timers and reminders driven by moving jobs due now.
 */

let ctx: TestContext;
let brand: TestUser;
let creatorA: TestUser & { influencerId: number };
let creatorB: TestUser & { influencerId: number };

type Creator = TestUser & { influencerId: number };

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await newBrand(50_000_000);
  creatorA = await newCreator();
  creatorB = await newCreator();
});
afterAll(async () => ctx?.close());

const newBrand = (funds = 0) => newTestBrand(ctx, funds);
const fund = (userId: number, amount: number) => fundWallet(ctx, userId, amount);
const newCreator = (options: { validated?: boolean; financial?: boolean } = {}) =>
  newTestCreator(ctx, options);

let keys = 0;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: Record<string, unknown>; key?: string } = {},
) =>
  ctx.app.inject({
    method,
    url,
    // One address per call: the routes' per-address rate limits are not what is tested here.
    remoteAddress: `10.0.${Math.floor((keys += 1) / 250) % 250}.${keys % 250}`,
    headers: {
      authorization: `Bearer ${options.token ?? brand.token}`,
      ...(url.endsWith('/checkout')
        ? { 'idempotency-key': options.key ?? `key-${Date.now()}-${(keys += 1)}` }
        : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body }),
  });

function inDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const completeDraft = (creators: Creator[]) => ({
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
  script: 'Hello, this is our soap.',
});

async function createDraft(body: Record<string, unknown>, token = brand.token) {
  const answer = await call('POST', '/v2/content-requests', { token, body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { content_request_id: number; status: string };
}

/** A sent request paid from the wallet; answers its lines by influencer id. */
async function sendRequest(creators: Creator[], advertiser: TestUser = brand) {
  const draft = await createDraft(completeDraft(creators), advertiser.token);
  const paid = await call('POST', `/v2/content-requests/${draft.content_request_id}/checkout`, {
    token: advertiser.token,
    body: { method: 'wallet' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const request = (
    await call('GET', `/v2/content-requests/${draft.content_request_id}`, {
      token: advertiser.token,
    })
  ).json().data;
  return {
    id: draft.content_request_id as number,
    paymentId: paid.json().data.payment_id as number,
    request,
    lineOf: (creator: Creator) =>
      request.lines.find((l: { influencer_id: number }) => l.influencer_id === creator.influencerId)
        .content_request_influencer_id as number,
  };
}

const transition = (lineId: number, token: string, name: string, reason?: string) =>
  call('POST', `/v2/content-request-influencers/${lineId}/transitions`, {
    token,
    body: { transition: name, ...(reason ? { reason } : {}) },
  });

async function lineRow(lineId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(contentRequestInfluencers)
    .where(eq(contentRequestInfluencers.id, lineId));
  return row!;
}

const walletOf = (userId: number) => ctx.ledger.service.walletBalances(ctx.database.db, userId);

/** The job armed for a line, made due now (the clock moved past its time). */
async function runJobNow(name: string, data: Record<string, unknown>) {
  await runQueuedJobNow(ctx, name, data);
}

async function jobCompleted(name: string, data: Record<string, unknown>) {
  const schema = quoteIdentifier(ctx.env.JOBS_SCHEMA);
  const { rows } = await ctx.database.query<{ id: string }>(
    `select id from ${schema}.job where name = $1 and data @> $2::jsonb and state = 'completed'`,
    [name, JSON.stringify(data)],
  );
  return rows.length > 0;
}

describe('drafts', () => {
  it('answers the limits from the business settings', async () => {
    const answer = await call('GET', '/v2/content-requests/limits');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      creators_per_request_max: 10,
      script_max_length: 2_000,
      platform_fee: 24_800,
      acceptance_window_hours: 72,
    });
  });

  it('creates, changes, lists, reads and deletes a draft; others see nothing', async () => {
    const draft = await createDraft({ title: 'First idea' });
    expect(draft).toMatchObject({ status: 'draft' });
    const id = draft.content_request_id;
    const changed = await call('PATCH', `/v2/content-requests/${id}`, {
      body: {
        influencer_ids: [creatorA.influencerId],
        video_duration: 15,
        delivery_date: '2030-01-15',
        delivery_slot: '09:30',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const data = changed.json().data;
    expect(data).toMatchObject({ title: 'First idea', video_duration: 15 });
    // 09:30 in Tunis is 08:30 UTC (UTC+1).
    expect(data.delivery_deadline).toBe('2030-01-15T08:30:00.000Z');
    expect(data.creators).toEqual([
      expect.objectContaining({ influencer_id: creatorA.influencerId, price: expect.any(Number) }),
    ]);
    const list = (await call('GET', '/v2/content-requests?filter=draft&limit=50')).json();
    expect(list.data.map((r: { content_request_id: number }) => r.content_request_id)).toContain(
      id,
    );

    const other = await newBrand();
    expect(
      (await call('GET', `/v2/content-requests/${id}`, { token: other.token })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/v2/content-requests/${id}`, { token: other.token, body: {} }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/v2/content-requests/${id}`, { token: other.token })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/v2/content-requests', { token: creatorA.token })).statusCode).toBe(
      403,
    );

    expect((await call('DELETE', `/v2/content-requests/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/v2/content-requests/${id}`)).statusCode).toBe(404);
  });

  it('pages the list newest first with a keyset', async () => {
    const advertiser = await newBrand();
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await createDraft({ title: `Draft ${i}` }, advertiser.token)).content_request_id);
    }
    const first = (
      await call('GET', '/v2/content-requests?filter=draft&limit=2', { token: advertiser.token })
    ).json();
    expect(first.data.map((r: { content_request_id: number }) => r.content_request_id)).toEqual([
      ids[2],
      ids[1],
    ]);
    const second = (
      await call('GET', `/v2/content-requests?filter=draft&limit=2&before=${first.next_before}`, {
        token: advertiser.token,
      })
    ).json();
    expect(second.data.map((r: { content_request_id: number }) => r.content_request_id)).toEqual([
      ids[0],
    ]);
    expect(second.next_before).toBeNull();
  });

  it('answers the spec messages: creators limit, script too long, unavailable creators', async () => {
    const tooMany = await call('POST', '/v2/content-requests', {
      body: { influencer_ids: Array.from({ length: 11 }, (_, i) => i + 1) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: 'CREATORS_LIMIT',
      message: contentRequestMessages.creatorsLimit,
    });
    const longScript = await call('POST', '/v2/content-requests', {
      body: { script: 'x'.repeat(2_001) },
    });
    expect(longScript.statusCode).toBe(400);
    expect(longScript.json().error).toMatchObject({
      code: 'SCRIPT_TOO_LONG',
      message: contentRequestMessages.scriptTooLong,
    });
    const pending = await newCreator({ validated: false });
    const unvalidated = await call('POST', '/v2/content-requests', {
      body: { influencer_ids: [creatorA.influencerId, pending.influencerId] },
    });
    expect(unvalidated.statusCode).toBe(400);
    expect(unvalidated.json().error.fields[0].message).toContain(String(pending.influencerId));
    expect(unvalidated.json().error.fields[0].message).not.toContain(String(creatorA.influencerId));
  });

  it('checks a request before paying: required fields, script, a creator, legal info', async () => {
    const empty = await createDraft({ title: '' });
    const incomplete = await call(
      'POST',
      `/v2/content-requests/${empty.content_request_id}/checkout`,
      { body: { method: 'wallet' } },
    );
    expect(incomplete.statusCode).toBe(400);
    const error = incomplete.json().error;
    expect(error).toMatchObject({
      code: 'CONTENT_REQUEST_INCOMPLETE',
      message: contentRequestMessages.requiredFields,
    });
    expect(error.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['title', 'content_type', 'video_duration', 'platforms', 'script']),
    );
    expect(error.fields).toContainEqual({
      field: 'script',
      message: contentRequestMessages.scriptRequired,
    });

    const noCreator = await createDraft({ ...completeDraft([]), influencer_ids: [] });
    const refused = await call(
      'POST',
      `/v2/content-requests/${noCreator.content_request_id}/checkout`,
      { body: { method: 'wallet' } },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'NO_CREATOR',
      message: contentRequestMessages.selectCreator,
    });

    const past = await createDraft({ ...completeDraft([creatorA]), delivery_date: inDays(-2) });
    const late = await call('POST', `/v2/content-requests/${past.content_request_id}/checkout`, {
      body: { method: 'wallet' },
    });
    expect(late.json().error.fields).toEqual([expect.objectContaining({ field: 'delivery_date' })]);

    const newcomer = await createAdvertiser(ctx);
    const noLegal = await createDraft(completeDraft([creatorA]), newcomer.token);
    const legal = await call(
      'POST',
      `/v2/content-requests/${noLegal.content_request_id}/checkout`,
      {
        token: newcomer.token,
        body: { method: 'wallet' },
      },
    );
    expect(legal.statusCode).toBe(409);
    expect(legal.json().error.code).toBe('LEGAL_INFO_REQUIRED');
    // Every field the settings save still needs, the profile's too, in one answer.
    expect(
      legal
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(
      [
        'business_sector_id',
        'campany_name',
        'cities',
        'country',
        'domiciliation_address',
        'phone',
        'phone_campany',
        'phone_campany_prefix',
        'phone_prefix',
        'profile_efile_id',
        'tax_registration_number',
      ].sort(),
    );
    expect(legal.json().error.fields).toContainEqual({
      field: 'campany_name',
      message: 'The company name field is required',
    });
  });

  it('refuses past or inconsistent dates at checkout, with each field and its reason', async () => {
    const draft = await createDraft({
      ...completeDraft([creatorA]),
      delivery_date: inDays(-1),
      publishing_deadline: inDays(-3),
    });
    const refused = await call(
      'POST',
      `/v2/content-requests/${draft.content_request_id}/checkout`,
      { body: { method: 'wallet' } },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('CONTENT_REQUEST_INCOMPLETE');
    expect(refused.json().error.fields).toEqual([
      { field: 'delivery_date', message: requestDateMessages.deliveryInPast },
      { field: 'publishing_deadline', message: requestDateMessages.publishingBeforeDelivery },
    ]);

    const late = await createDraft({
      ...completeDraft([creatorA]),
      delivery_date: inDays(10),
      publishing_deadline: inDays(9),
    });
    const early = await call('POST', `/v2/content-requests/${late.content_request_id}/checkout`, {
      body: { method: 'wallet' },
    });
    expect(early.json().error.fields).toEqual([
      { field: 'publishing_deadline', message: requestDateMessages.publishingBeforeDelivery },
    ]);
  });
});

describe('checkout from the wallet', () => {
  it('pays the fee, invoices, sends one line per creator and reserves the content fees', async () => {
    const advertiser = await newBrand(1_000_000);
    const draft = await createDraft(completeDraft([creatorA, creatorB]), advertiser.token);
    const id = draft.content_request_id;
    const quote = (
      await call('POST', `/v2/content-requests/${id}/quote`, { token: advertiser.token, body: {} })
    ).json().data;
    expect(quote.fee).toMatchObject({ subtotal: 24_800, total: expect.any(Number) });
    expect(quote.fee.total).toBe(24_800 + quote.fee.vat_amount + quote.fee.stamp_amount);
    expect(quote.content_fees).toHaveLength(2);
    expect(quote).toMatchObject({
      wallet_available: 1_000_000,
      wallet_covers_fee: true,
      wallet_covers_content_fees: true,
    });
    const revenueBefore = await ctx.ledger.service.balanceOf(ctx.database.db, {
      kind: 'platform_revenue',
    });

    const paid = await call('POST', `/v2/content-requests/${id}/checkout`, {
      token: advertiser.token,
      body: { method: 'wallet' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'sent', payment_url: null });
    const payment = await ctx.payments.service.find(ctx.database.db, paid.json().data.payment_id);
    expect(payment).toMatchObject({ state: 'paid', gateway: 'wallet', amount: quote.fee.total });

    const request = (
      await call('GET', `/v2/content-requests/${id}`, { token: advertiser.token })
    ).json().data;
    expect(request.status).toBe('sent');
    expect(request.lines).toHaveLength(2);
    for (const line of request.lines) {
      expect(line).toMatchObject({
        status: 'sent',
        funds_secured: true,
        allowed_transitions: ['cancel'],
      });
    }
    expect(await walletOf(advertiser.userId)).toEqual({
      available: 1_000_000 - quote.fee.total - quote.content_fees_total,
      reserved: quote.content_fees_total,
      balance: 1_000_000 - quote.fee.total,
    });
    const revenueAfter = await ctx.ledger.service.balanceOf(ctx.database.db, {
      kind: 'platform_revenue',
    });
    expect(revenueAfter - revenueBefore).toBeGreaterThanOrEqual(24_800);
    const invoices = (await call('GET', '/v2/invoices', { token: advertiser.token })).json().data
      .items;
    expect(invoices).toEqual([
      expect.objectContaining({ purchase_kind: 'content_request', total: quote.fee.total }),
    ]);
    expect((await ctx.ledger.service.reconcile(ctx.database.db)).isBalanced).toBe(true);
    const sent = await ctx.database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.type, 'content-request.sent'),
          sql`${outboxEvents.payload}->>'contentRequestId' = ${String(id)}`,
        ),
      );
    expect(sent).toHaveLength(1);

    // Sent: no more changes, no delete, no second checkout.
    expect(
      (await call('PATCH', `/v2/content-requests/${id}`, { token: advertiser.token, body: {} }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', `/v2/content-requests/${id}`, { token: advertiser.token })).statusCode,
    ).toBe(409);
  });

  it('refuses with 409 INSUFFICIENT_FUNDS when the wallet cannot pay the fee', async () => {
    const advertiser = await newBrand(10_000);
    const draft = await createDraft(completeDraft([creatorA]), advertiser.token);
    const refused = await call(
      'POST',
      `/v2/content-requests/${draft.content_request_id}/checkout`,
      {
        token: advertiser.token,
        body: { method: 'wallet' },
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INSUFFICIENT_FUNDS');
    const request = (
      await call('GET', `/v2/content-requests/${draft.content_request_id}`, {
        token: advertiser.token,
      })
    ).json().data;
    expect(request.status).toBe('draft');
    expect(await walletOf(advertiser.userId)).toMatchObject({ available: 10_000, reserved: 0 });
  });

  it('sends without reserving when the wallet covers the fee only', async () => {
    const advertiser = await newBrand(40_000);
    const sent = await sendRequest([creatorA], advertiser);
    expect(sent.request.lines[0].funds_secured).toBe(false);
    expect((await walletOf(advertiser.userId)).reserved).toBe(0);
  });

  it('pays once for one Idempotency-Key sent twice', async () => {
    const advertiser = await newBrand(1_000_000);
    const draft = await createDraft(completeDraft([creatorA]), advertiser.token);
    const url = `/v2/content-requests/${draft.content_request_id}/checkout`;
    const key = `same-${Date.now()}`;
    const first = await call('POST', url, {
      token: advertiser.token,
      key,
      body: { method: 'wallet' },
    });
    const again = await call('POST', url, {
      token: advertiser.token,
      key,
      body: { method: 'wallet' },
    });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await call('POST', url, { token: advertiser.token, body: { method: 'wallet' } });
    expect(other.statusCode).toBe(409);
    const invoices = (await call('GET', '/v2/invoices', { token: advertiser.token })).json().data
      .items;
    expect(invoices).toHaveLength(1);
  });

  it('never takes or reserves more than the wallet holds, 50 checkouts at once', async () => {
    const advertiser = await newBrand();
    const drafts = [];
    for (let i = 0; i < 50; i += 1) {
      drafts.push(await createDraft(completeDraft([creatorA]), advertiser.token));
    }
    const feeTotal = (
      await call('POST', `/v2/content-requests/${drafts[0]!.content_request_id}/quote`, {
        token: advertiser.token,
        body: {},
      })
    ).json().data.fee.total as number;
    const funds = feeTotal * 12 + 5_000;
    await fund(advertiser.userId, funds);
    const answers = await Promise.all(
      drafts.map((d) =>
        call('POST', `/v2/content-requests/${d.content_request_id}/checkout`, {
          token: advertiser.token,
          body: { method: 'wallet' },
        }),
      ),
    );
    const sent = answers.filter((a) => a.statusCode === 200).length;
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.json().error.code).toBe('INSUFFICIENT_FUNDS');
    }
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(12);
    const wallet = await walletOf(advertiser.userId);
    expect(wallet.available).toBeGreaterThanOrEqual(0);
    expect(wallet.reserved).toBeGreaterThanOrEqual(0);
    expect(wallet.balance).toBe(funds - sent * feeTotal);
    expect((await ctx.ledger.service.reconcile(ctx.database.db)).isBalanced).toBe(true);
  });
});

describe('checkout through the gateway', () => {
  it('waits for the payment, then sends the request and invoices it', async () => {
    const advertiser = await newBrand();
    const draft = await createDraft(completeDraft([creatorA]), advertiser.token);
    const id = draft.content_request_id;
    const started = await call('POST', `/v2/content-requests/${id}/checkout`, {
      token: advertiser.token,
      body: { method: 'gateway' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const data = started.json().data;
    expect(data).toMatchObject({ status: 'awaiting_payment' });
    expect(data.payment_url).toContain('/sandbox/konnect/pay/');
    const status = async () =>
      (await call('GET', `/v2/content-requests/${id}`, { token: advertiser.token })).json().data
        .status;
    expect(await status()).toBe('awaiting_payment');
    expect((await payOnSandbox(ctx, data.payment_url)).statusCode).toBe(303);
    await waitFor(async () => (await status()) === 'sent', { what: 'the request sent' });
    const invoices = (await call('GET', '/v2/invoices', { token: advertiser.token })).json().data
      .items;
    expect(invoices).toEqual([expect.objectContaining({ purchase_kind: 'content_request' })]);
    // The wallet received the payment and paid the fee: nothing left over.
    expect(await walletOf(advertiser.userId)).toMatchObject({ available: 0, reserved: 0 });
  });
});

describe('checkout through the gateway, unpaid', () => {
  it('puts the request back to draft when its payment expires unpaid', async () => {
    const advertiser = await newBrand();
    const draft = await createDraft(completeDraft([creatorA]), advertiser.token);
    const id = draft.content_request_id;
    const started = (
      await call('POST', `/v2/content-requests/${id}/checkout`, {
        token: advertiser.token,
        body: { method: 'gateway' },
      })
    ).json().data;
    await ctx.database.db.execute(
      sql`update payments set expires_at = now() - interval '1 minute' where id = ${started.payment_id}`,
    );
    await ctx.payments.service.settleWithGateway(started.payment_id, { expireIfUnpaid: true });
    const request = (
      await call('GET', `/v2/content-requests/${id}`, { token: advertiser.token })
    ).json().data;
    expect(request).toMatchObject({ status: 'draft', lines: [] });
  });
});

describe('the lines', () => {
  type Role = 'creator' | 'advertiser' | 'otherCreator' | 'otherAdvertiser';
  const cases: Array<{ transition: string; role: Role; status: number; to?: string }> = [
    { transition: 'accept', role: 'creator', status: 200, to: 'accepted' },
    { transition: 'accept', role: 'advertiser', status: 403 },
    { transition: 'accept', role: 'otherCreator', status: 404 },
    { transition: 'decline', role: 'creator', status: 200, to: 'declined' },
    { transition: 'decline', role: 'otherAdvertiser', status: 404 },
    { transition: 'cancel', role: 'advertiser', status: 200, to: 'cancelled' },
    { transition: 'cancel', role: 'creator', status: 403 },
    { transition: 'expire', role: 'creator', status: 403 },
    { transition: 'expire', role: 'advertiser', status: 403 },
    { transition: 'expire_delivery', role: 'advertiser', status: 403 },
    { transition: 'submit', role: 'creator', status: 409 },
  ];

  it('covers every part-1 transition of the process', () => {
    const covered = new Set(cases.map((c) => c.transition));
    for (const name of contentRequestLinePart1Transitions)
      expect(covered.has(name), name).toBe(true);
  });

  it.each(cases)(
    '$transition by $role from sent → $status',
    async ({ transition: name, role, status, to }) => {
      const creator = await newCreator();
      const sent = await sendRequest([creator]);
      const lineId = sent.lineOf(creator);
      const otherCreator = creatorB;
      const otherAdvertiser = await newBrand();
      const token = { creator, advertiser: brand, otherCreator, otherAdvertiser }[role].token;
      const answer = await transition(lineId, token, name, 'Not this month');
      expect(answer.statusCode, answer.body).toBe(status);
      // Part-2 steps have routes of their own: the generic route names them (issue 11).
      if (status === 409) expect(answer.json().error.code).toBe('INVALID_TRANSITION');
      if (to) {
        expect(answer.json().data.status).toBe(to);
        const line = await lineRow(lineId);
        expect(line.state).toBe(to);
        if (to !== 'accepted') {
          // The content fee went back to the wallet: no hold stays behind a terminal state.
          const [hold] = await ctx.database.db
            .select()
            .from(ledgerHolds)
            .where(eq(ledgerHolds.id, line.holdId!));
          expect(hold!.status).toBe('settled');
          expect(hold!.capturedAmount).toBe(0);
        }
      } else {
        expect((await lineRow(lineId)).state).toBe('sent');
      }
    },
  );

  it('refuses a step the state does not allow (409) and a decline without a reason', async () => {
    const creator = await newCreator();
    const sent = await sendRequest([creator]);
    const lineId = sent.lineOf(creator);
    const noReason = await transition(lineId, creator.token, 'decline');
    expect(noReason.statusCode).toBe(400);
    expect((await transition(lineId, creator.token, 'decline', 'Busy')).statusCode).toBe(200);
    const again = await transition(lineId, creator.token, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_TRANSITION');
    expect((await transition(lineId, brand.token, 'cancel')).statusCode).toBe(409);
    const seen = (
      await call('GET', `/v2/content-request-influencers/${lineId}`, { token: brand.token })
    ).json().data;
    expect(seen).toMatchObject({ viewer: 'advertiser', status: 'declined', reason: 'Busy' });
  });

  it('lets only validated creators with their financial info accept', async () => {
    const noFinance = await newCreator({ financial: false });
    const sent = await sendRequest([noFinance]);
    const answer = await transition(sent.lineOf(noFinance), noFinance.token, 'accept');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('FINANCIAL_INFO_REQUIRED');
    const unvalidated = await newCreator();
    const other = await sendRequest([unvalidated]);
    await ctx.database.db
      .update(users)
      .set({ isValidated: false })
      .where(eq(users.id, unvalidated.userId));
    const refused = await transition(other.lineOf(unvalidated), unvalidated.token, 'accept');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ACCOUNT_NOT_VALIDATED');
  });

  it('shows a creator their line only: no other creator, no payment', async () => {
    const sent = await sendRequest([creatorA, creatorB]);
    const mine = await call('GET', `/v2/content-request-influencers/${sent.lineOf(creatorA)}`, {
      token: creatorA.token,
    });
    expect(mine.statusCode).toBe(200);
    const data = mine.json().data;
    expect(data).toMatchObject({ viewer: 'creator', status: 'sent', funds_secured: true });
    expect(data.allowed_transitions).toEqual(['accept', 'decline']);
    const text = JSON.stringify(data);
    expect(text).not.toContain('payment');
    const nameOfB = sent.request.lines.find(
      (l: { influencer_id: number }) => l.influencer_id === creatorB.influencerId,
    ).influencer_name as string;
    expect(nameOfB).not.toBe('');
    expect(text).not.toContain(nameOfB);
    expect(text).not.toContain('"influencer_id"');
    expect(Object.keys(data)).not.toContain('lines');
    const theirs = await call('GET', `/v2/content-request-influencers/${sent.lineOf(creatorB)}`, {
      token: creatorA.token,
    });
    expect(theirs.statusCode).toBe(404);
    const list = (
      await call('GET', '/v2/content-request-influencers?filter=sent&limit=50', {
        token: creatorA.token,
      })
    ).json().data;
    const ids = list.map(
      (l: { content_request_influencer_id: number }) => l.content_request_influencer_id,
    );
    expect(ids).toContain(sent.lineOf(creatorA));
    expect(ids).not.toContain(sent.lineOf(creatorB));
    const stranger = await newBrand();
    expect(
      (await call('GET', `/v2/content-requests/${sent.id}`, { token: stranger.token })).statusCode,
    ).toBe(404);
  });

  it('lets exactly one of accept and expire win when they come at once', async () => {
    const creator = await newCreator();
    const sent = await sendRequest([creator]);
    const lineId = sent.lineOf(creator);
    const [accepted, expired] = await Promise.allSettled([
      transition(lineId, creator.token, 'accept'),
      ctx.workflow.applyIfStill({
        process: contentRequestLineProcess,
        subjectId: lineId,
        transition: 'expire',
        actor: systemActor,
      }),
    ]);
    const acceptWon = accepted.status === 'fulfilled' && accepted.value.statusCode === 200;
    const expireWon = expired.status === 'fulfilled' && expired.value !== null;
    expect(acceptWon !== expireWon).toBe(true);
    const line = await lineRow(lineId);
    expect(line.state).toBe(acceptWon ? 'accepted' : 'expired');
    expect(line.version).toBe(1);
  });
});

describe('timers and reminders', () => {
  it('expires a line after the acceptance window and gives its content fee back', async () => {
    const advertiser = await newBrand(1_000_000);
    const creator = await newCreator();
    const sent = await sendRequest([creator], advertiser);
    const lineId = sent.lineOf(creator);
    const reservedBefore = (await walletOf(advertiser.userId)).reserved;
    expect(reservedBefore).toBeGreaterThan(0);
    await runJobNow('workflow-timer', { subjectId: lineId, transition: 'expire' });
    await waitFor(async () => (await lineRow(lineId)).state === 'expired', {
      what: 'the line expired',
    });
    expect(await walletOf(advertiser.userId)).toMatchObject({ reserved: 0 });
  });

  it('reminds a creator before the acceptance window closes, not once they answered', async () => {
    const creator = await newCreator();
    const sent = await sendRequest([creator]);
    const lineId = sent.lineOf(creator);
    await runJobNow('content-request-acceptance-reminder', { lineId });
    const reminders = () =>
      ctx.database.db
        .select()
        .from(outboxEvents)
        .where(
          and(
            eq(outboxEvents.type, 'content-request-line.reminder'),
            sql`${outboxEvents.payload}->>'lineId' = ${String(lineId)}`,
          ),
        );
    const [event] = await waitFor(async () => {
      const rows = await reminders();
      return rows.length > 0 && rows;
    });
    expect(event!.payload).toEqual({
      lineId,
      kind: 'acceptance',
      influencerUserId: creator.userId,
    });

    // A creator who answered is not reminded: the reminder armed for `sent` does nothing.
    const answered = await newCreator();
    const other = await sendRequest([answered]);
    const answeredLine = other.lineOf(answered);
    expect((await transition(answeredLine, answered.token, 'accept')).statusCode).toBe(200);
    await runJobNow('content-request-acceptance-reminder', { lineId: answeredLine });
    await waitFor(
      () => jobCompleted('content-request-acceptance-reminder', { lineId: answeredLine }),
      {
        what: 'the reminder job run',
      },
    );
    const none = await ctx.database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.type, 'content-request-line.reminder'),
          sql`${outboxEvents.payload}->>'lineId' = ${String(answeredLine)}`,
        ),
      );
    expect(none).toEqual([]);
  });

  it('expires an accepted line at its delivery deadline and reminds before it', async () => {
    const advertiser = await newBrand(1_000_000);
    const creator = await newCreator();
    const sent = await sendRequest([creator], advertiser);
    const lineId = sent.lineOf(creator);
    expect((await transition(lineId, creator.token, 'accept')).statusCode).toBe(200);
    await runJobNow('content-request-submission-reminder', { lineId, version: 1 });
    await waitFor(
      async () =>
        (
          await ctx.database.db
            .select()
            .from(outboxEvents)
            .where(
              and(
                eq(outboxEvents.type, 'content-request-line.reminder'),
                sql`${outboxEvents.payload}->>'lineId' = ${String(lineId)}`,
                sql`${outboxEvents.payload}->>'kind' = 'submission'`,
              ),
            )
        ).length === 1,
      { what: 'the submission reminder' },
    );
    await runJobNow('content-request-expire-delivery', { lineId, version: 1 });
    await waitFor(async () => (await lineRow(lineId)).state === 'expired', {
      what: 'the line expired at its deadline',
    });
    expect(await walletOf(advertiser.userId)).toMatchObject({ reserved: 0 });
  });
});

describe('similar creators offered when creators will not make the video (§5)', () => {
  /** A creator in the micro band with one category of this test's own. */
  async function creatorOf(categoryId: number) {
    const creator = await newCreator();
    const { db } = ctx.database;
    await db
      .insert(influencerCategories)
      .values({ influencerId: creator.influencerId, categoryId });
    await db.insert(influencerStats).values({
      influencerId: creator.influencerId,
      platform: 'instagram',
      followersCount: 20_000,
      engagementRate: '3.00',
      source: 'verified',
      updatedAt: new Date(),
    });
    return creator;
  }

  it('offers creators like the one who declined, none of the request, only to its advertiser', async () => {
    const categoryId = 800_000 + (process.pid % 100_000);
    await ctx.database.db.execute(sql`
      insert into categories (category_id, slug, label_en, label_fr, label_ar)
      values (${categoryId}, ${`cr-similar-${process.pid}`}, 'Soap', 'Savon', 'صابون')
      on conflict do nothing`);
    const taking = await creatorOf(categoryId);
    const declining = await creatorOf(categoryId);
    const alike = await creatorOf(categoryId);
    const sent = await sendRequest([taking, declining]);
    const url = `/v2/content-requests/${sent.id}/similar-creators`;

    // Every creator still may answer: nothing to offer yet.
    expect((await call('GET', url)).json()).toEqual({ data: [] });

    expect((await transition(sent.lineOf(taking), taking.token, 'accept')).statusCode).toBe(200);
    expect(
      (await transition(sent.lineOf(declining), declining.token, 'decline', 'Busy')).statusCode,
    ).toBe(200);
    const offered = await call('GET', url);
    expect(offered.statusCode, offered.body).toBe(200);
    const ids = (offered.json().data as { influencer_id: number }[]).map((c) => c.influencer_id);
    expect(ids).toEqual([alike.influencerId]);

    const other = await newBrand();
    expect((await call('GET', url, { token: other.token })).statusCode).toBe(404);
    expect((await call('GET', url, { token: declining.token })).statusCode).toBe(403);
  });
});
