import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { callAs } from '../content-requests/content-requests.test-support.js';
import { eventsOfLine, lineRow } from '../content-requests/delivery/review.test-support.js';
import { invoices } from '../invoices/invoices.schema.js';
import { ledgerTransactions } from '../ledger/ledger.schema.js';
import { payouts } from '../payouts/payouts.schema.js';
import type { TestUser } from '../users/test-users.js';
import { expiryOf, startFirstTerm } from './index.js';
import { inTransaction } from '../../platform/db/transaction.js';
import {
  DAY,
  approvedUnpaidLine,
  getLicence,
  originalLink,
  paidLine,
  renew,
  setExpiry,
  termsOf,
} from './licences.test-support.js';

/**
 * Issue 27 §1, part B: term 1 starts when the content fee is paid; the expiry job reminds the
 * advertiser 14 and 3 days before (once each) and marks the end; the HD original is refused at
 * read time once `expires_at` has passed; the one-click renewal moves money through the ledger
 * (books balanced), schedules the creator's payout, issues the invoice and extends the
 * licence; two renewals at once renew once; a perpetual licence is not renewable.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'http://localhost:3000' });
});
afterEach(() => {
  ctx.modules.licenceLifecycle.clock.now = () => new Date();
});
afterAll(async () => ctx?.close());

const lifecycle = () => ctx.modules.licenceLifecycle;
const at = (instant: Date) => {
  lifecycle().clock.now = () => instant;
};
const walletOf = async (userId: number) =>
  (await ctx.ledger.service.walletBalances(ctx.database.db, userId)).available;
const earningsOf = (userId: number) =>
  ctx.ledger.service.balanceOf(ctx.database.db, { kind: 'creator_earnings', ownerUserId: userId });
const booksBalanced = async () => (await ctx.ledger.service.reconcile(ctx.database.db)).isBalanced;

async function notificationsOf(user: TestUser, type: string) {
  const answer = await callAs(ctx, user.token, 'GET', '/v2/notifications?page=1&limit=50');
  return (answer.json().data as { notification_type: string; content: string }[]).filter(
    (item) => item.notification_type === type,
  );
}

describe('start', () => {
  it('starts term 1 when the content fee is paid, once, ending as its duration says', async () => {
    const unpaid = await approvedUnpaidLine(ctx);
    expect((await termsOf(ctx, unpaid.lineId))[0]).toMatchObject({
      startsAt: null,
      expiresAt: null,
    });

    const line = await paidLine(ctx, { duration: '90_days' });
    const [first] = await termsOf(ctx, line.lineId);
    expect(first!.startsAt!.getTime()).toBe(line.paidAt.getTime());
    expect(first!.expiresAt!.getTime()).toBe(expiryOf(line.paidAt, '90_days')!.getTime());

    // Replayed (a second payment path, a retried job): nothing moves.
    await inTransaction(ctx.database.db, (tx) =>
      startFirstTerm(tx, line.lineId, new Date(line.paidAt.getTime() + DAY)),
    );
    const [again] = await termsOf(ctx, line.lineId);
    expect(again!.startsAt!.getTime()).toBe(line.paidAt.getTime());

    // Both parties read it in the delivery view.
    for (const token of [line.brand.token, line.creator.token]) {
      const view = await callAs(
        ctx,
        token,
        'GET',
        `/v2/content-request-influencers/${line.lineId}`,
      );
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json().data.usage_licence).toMatchObject({
        term: 1,
        state: 'active',
        duration: '90_days',
        expires_at: first!.expiresAt!.toISOString(),
      });
    }
  });

  it('a perpetual licence starts with no end', async () => {
    const line = await paidLine(ctx, { duration: 'perpetual' });
    const [first] = await termsOf(ctx, line.lineId);
    expect(first!.startsAt).not.toBeNull();
    expect(first!.expiresAt).toBeNull();
    const page = (await getLicence(ctx, line.brand.token, line.lineId)).json().data;
    expect(page.licence).toMatchObject({ state: 'perpetual', renewal_price: null });
    expect(page.can_renew).toBe(false);
  });
});

describe('expiry job', () => {
  it('reminds 14 and 3 days before, once each, then marks the end and tells both', async () => {
    const line = await paidLine(ctx);
    const [first] = await termsOf(ctx, line.lineId);
    const end = first!.expiresAt!;

    at(new Date(end.getTime() - 20 * DAY));
    await lifecycle().expiry.run();
    expect(await eventsOfLine(ctx, 'licence.expiring', line.lineId)).toHaveLength(0);

    at(new Date(end.getTime() - 13 * DAY));
    await lifecycle().expiry.run();
    await lifecycle().expiry.run();
    expect(await eventsOfLine(ctx, 'licence.expiring', line.lineId)).toEqual([
      expect.objectContaining({ daysBefore: 14, term: 1, expiresAt: end.toISOString() }),
    ]);

    at(new Date(end.getTime() - 2 * DAY));
    await lifecycle().expiry.run();
    await lifecycle().expiry.run();
    const reminders = await eventsOfLine(ctx, 'licence.expiring', line.lineId);
    expect(reminders.map((event) => event.daysBefore)).toEqual([14, 3]);
    const reminded = await waitFor(
      async () => {
        const found = await notificationsOf(line.brand, 'licence_expiring');
        return found.length === 2 && found;
      },
      { what: 'both reminders in the bell' },
    );
    expect(reminded.map((item) => item.content).sort()).toEqual([
      expect.stringContaining('ends in 14 days'),
      expect.stringContaining('ends in 3 days'),
    ]);

    // Not expired yet: HD still opens.
    expect((await originalLink(ctx, line.brand.token, line.lineId, line.videoId)).statusCode).toBe(
      200,
    );

    at(new Date(end.getTime() + 60_000));
    await lifecycle().expiry.run();
    await lifecycle().expiry.run();
    const [marked] = await termsOf(ctx, line.lineId);
    expect(marked!.expiredAt).not.toBeNull();
    expect(await eventsOfLine(ctx, 'licence.expired', line.lineId)).toHaveLength(1);
    await waitFor(async () => (await notificationsOf(line.brand, 'licence_expired')).length === 1, {
      what: "the advertiser's expiry notice",
    });
    await waitFor(
      async () => (await notificationsOf(line.creator, 'licence_expired_talent')).length === 1,
      { what: "the creator's expiry notice" },
    );
    // The job's clock says expired: so does the HD gate, at the same clock.
    const refused = await originalLink(ctx, line.brand.token, line.lineId, line.videoId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('LICENCE_EXPIRED');
  });

  it('a licence found within 3 days gets the 3-day reminder only', async () => {
    const line = await paidLine(ctx);
    const [first] = await termsOf(ctx, line.lineId);
    at(new Date(first!.expiresAt!.getTime() - DAY));
    await lifecycle().expiry.run();
    const reminders = await eventsOfLine(ctx, 'licence.expiring', line.lineId);
    expect(reminders.map((event) => event.daysBefore)).toEqual([3]);
  });
});

describe('HD gate at read time', () => {
  it('refuses the HD original once expires_at has passed, without the job, and the views say so', async () => {
    const line = await paidLine(ctx);
    expect((await originalLink(ctx, line.brand.token, line.lineId, line.videoId)).statusCode).toBe(
      200,
    );
    const past = new Date(Date.now() - 60_000);
    await setExpiry(ctx, line.lineId, 1, past);

    const refused = await originalLink(ctx, line.brand.token, line.lineId, line.videoId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'LICENCE_EXPIRED' });
    expect(refused.json().error.message).toContain('renew');
    // The creator keeps their own original.
    expect(
      (await originalLink(ctx, line.creator.token, line.lineId, line.videoId)).statusCode,
    ).toBe(200);

    const view = (
      await callAs(ctx, line.brand.token, 'GET', `/v2/content-request-influencers/${line.lineId}`)
    ).json().data;
    expect(view.usage_licence).toMatchObject({ state: 'expired', expires_at: past.toISOString() });
    expect(view.usage_licence.renewal_price).toBeGreaterThan(0);
    // No playing link to the original either.
    expect(view.videos[0].original_url).toBeNull();
  });
});

describe('renewal', () => {
  it('moves the price from the wallet to the creator, schedules the payout, invoices, extends', async () => {
    const line = await paidLine(ctx, { channels: ['organic', 'paid_ads'], territory: 'mena' });
    const past = new Date(Date.now() - 60_000);
    await setExpiry(ctx, line.lineId, 1, past);
    const before = {
      wallet: await walletOf(line.brand.userId),
      earnings: await earningsOf(line.creator.userId),
    };
    const page = (await getLicence(ctx, line.brand.token, line.lineId)).json().data;
    // 300.000 base: 20 % (30-day renewal) + 30 % paid ads + 20 % MENA = 210.000 TND.
    expect(page.licence.renewal_price).toBe(210_000);
    expect(page.can_renew).toBe(true);

    const answer = await renew(ctx, line.brand.token, line.lineId, 1);
    expect(answer.statusCode, answer.body).toBe(200);
    const { renewed, licence } = answer.json().data;
    expect(renewed).toBe(true);
    expect(licence).toMatchObject({ term: 2, state: 'active', renewal_price: 210_000 });

    expect(await walletOf(line.brand.userId)).toBe(before.wallet - 210_000);
    expect(await earningsOf(line.creator.userId)).toBe(before.earnings + 210_000);
    expect(await booksBalanced()).toBe(true);

    const terms = await termsOf(ctx, line.lineId);
    expect(terms).toHaveLength(2);
    const second = terms[1]!;
    expect(second.addOnPrice).toBe(210_000);
    expect(second.ledgerTransactionId).not.toBeNull();
    // Expired: the new term runs from now, for the same 30 days.
    expect(second.startsAt!.getTime()).toBeGreaterThan(past.getTime());
    expect(second.expiresAt!.getTime()).toBe(expiryOf(second.startsAt!, '30_days')!.getTime());

    const [payout] = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.sourceKey, `line:${line.lineId}:licence:2`));
    expect(payout).toMatchObject({ creatorUserId: line.creator.userId, amount: 210_000 });
    const [invoice] = await ctx.database.db
      .select()
      .from(invoices)
      .where(
        sql`${invoices.purchaseKind} = 'licence_renewal' and ${invoices.purchaseId} = ${second.id}`,
      );
    expect(invoice).toBeDefined();
    expect(invoice!.ownerUserId).toBe(line.brand.userId);
    expect(invoice!.total).toBe(210_000);

    // HD opens again, and the creator hears of the renewal.
    expect((await originalLink(ctx, line.brand.token, line.lineId, line.videoId)).statusCode).toBe(
      200,
    );
    await waitFor(
      async () => (await notificationsOf(line.creator, 'licence_renewed')).length === 1,
      {
        what: "the creator's renewal notice",
      },
    );
  });

  it('a running licence is renewed from its end, and the old term ends silently', async () => {
    const line = await paidLine(ctx, { duration: '1_year' });
    const [first] = await termsOf(ctx, line.lineId);
    // 20 % + 40 % (1 year) of 300.000.
    const answer = await renew(ctx, line.brand.token, line.lineId, 1);
    expect(answer.statusCode, answer.body).toBe(200);
    const second = (await termsOf(ctx, line.lineId))[1]!;
    expect(second.addOnPrice).toBe(180_000);
    expect(second.startsAt!.getTime()).toBe(first!.expiresAt!.getTime());
    expect(second.expiresAt!.getTime()).toBe(expiryOf(first!.expiresAt!, '1_year')!.getTime());

    // Term 1's end is not the licence's: no reminder, no expiry notice for it.
    at(new Date(first!.expiresAt!.getTime() + 60_000));
    await lifecycle().expiry.run();
    expect(await eventsOfLine(ctx, 'licence.expiring', line.lineId)).toHaveLength(0);
    expect(await eventsOfLine(ctx, 'licence.expired', line.lineId)).toHaveLength(0);
    expect((await termsOf(ctx, line.lineId))[0]!.expiredAt).not.toBeNull();
    expect((await originalLink(ctx, line.brand.token, line.lineId, line.videoId)).statusCode).toBe(
      200,
    );
  });

  it('two renewals at once renew once', async () => {
    const line = await paidLine(ctx);
    const wallet = await walletOf(line.brand.userId);
    const answers = await Promise.all([
      renew(ctx, line.brand.token, line.lineId, 1),
      renew(ctx, line.brand.token, line.lineId, 1),
      renew(ctx, line.brand.token, line.lineId, 1),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().data.renewed)).toHaveLength(1);
    expect(await termsOf(ctx, line.lineId)).toHaveLength(2);
    const movements = await ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(
        sql`${ledgerTransactions.idempotencyKey} like ${`line:${line.lineId}:licence-term:%`}`,
      );
    expect(movements).toHaveLength(1);
    expect(await walletOf(line.brand.userId)).toBe(wallet - 60_000);
    expect(await booksBalanced()).toBe(true);

    // The same key again answers the first result.
    const key = `same-key-${line.lineId}`;
    const first = await renew(ctx, line.brand.token, line.lineId, 2, key);
    const repeat = await renew(ctx, line.brand.token, line.lineId, 2, key);
    expect(repeat.json()).toEqual(first.json());
    expect(await termsOf(ctx, line.lineId)).toHaveLength(3);
  });

  it('refuses a perpetual licence, a term not started, and a wallet too short', async () => {
    const perpetual = await paidLine(ctx, { duration: 'perpetual' });
    const refused = await renew(ctx, perpetual.brand.token, perpetual.lineId, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('LICENCE_NOT_RENEWABLE');

    const unpaid = await approvedUnpaidLine(ctx);
    const early = await renew(ctx, unpaid.brand.token, unpaid.lineId, 1);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('LICENCE_NOT_RENEWABLE');

    const short = await paidLine(ctx);
    // The wallet emptied but 10.000 TND (test only: straight to the platform's revenue).
    const available = await walletOf(short.brand.userId);
    await ctx.ledger.service.post(ctx.database.db, {
      idempotencyKey: `test-drain-${short.lineId}`,
      kind: 'test.drain',
      postings: [
        {
          account: { kind: 'advertiser_wallet', ownerUserId: short.brand.userId },
          amount: -(available - 10_000),
        },
        { account: { kind: 'platform_revenue' }, amount: available - 10_000 },
      ],
    });
    const poor = await renew(ctx, short.brand.token, short.lineId, 1);
    expect(poor.statusCode).toBe(409);
    expect(poor.json().error).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      fields: [{ field: 'missing_amount', message: '50000' }],
    });
    expect(await termsOf(ctx, short.lineId)).toHaveLength(1);
    expect(await walletOf(short.brand.userId)).toBe(10_000);
    expect((await lineRow(ctx, short.lineId)).state).toBe('paid');
  });
});
