import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contentRequestLineReference } from '@clipmarket/contracts/content-requests';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { invoices } from '../../invoices/invoices.schema.js';
import { ledgerHolds, ledgerTransactions } from '../../ledger/ledger.schema.js';
import { payOnSandbox, REFUSED_CARD } from '../../payments/payments.test-support.js';
import { payouts } from '../../payouts/payouts.schema.js';
import { workflowAudit } from '../../../platform/workflow/workflow.schema.js';
import { createAdmin, type TestUser } from '../../users/test-users.js';
import { callAs, fundWallet, newBrand } from '../content-requests.test-support.js';
import { approveBody, lineRow, reviewed, submittedLine } from './review.test-support.js';

/**
 * Payment of the content fee (issue 11 §4): from the hold reserved at sending, from the wallet,
 * through the sandbox gateway; insufficient funds; who may pay in which state; idempotency (one
 * key twice, twenty payers at once: one movement); the payout, the invoice and the books.
 */

let ctx: TestContext;
let admin: TestUser;
let keys = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

const pay = (token: string, lineId: number, method: string, key = `pay-${(keys += 1)}`) =>
  callAs(
    ctx,
    token,
    'POST',
    `/v2/content-request-influencers/${lineId}/payment`,
    { method },
    { 'idempotency-key': key },
  );
const quote = (token: string, lineId: number) =>
  callAs(ctx, token, 'GET', `/v2/content-request-influencers/${lineId}/payment`);

const walletOf = (userId: number) => ctx.ledger.service.walletBalances(ctx.database.db, userId);
const earningsOf = (userId: number) =>
  ctx.ledger.service.balanceOf(ctx.database.db, { kind: 'creator_earnings', ownerUserId: userId });
const booksBalanced = async () => (await ctx.ledger.service.reconcile(ctx.database.db)).isBalanced;

/** The ledger movements of a line's content fee (capture or wallet posting). */
async function feeMovements(lineId: number) {
  return ctx.database.db
    .select()
    .from(ledgerTransactions)
    .where(sql`${ledgerTransactions.idempotencyKey} like ${`%line:${lineId}:content-fee%`}`);
}

/**
 * An approved line; with `funds` 40 000 the wallet covered the platform fee only: no hold, so
 * the line waits approved for its advertiser to pay (with a hold, approving pays it at once).
 */
async function approvedLine(funds?: number) {
  const line = await submittedLine(ctx, funds === undefined ? {} : { funds });
  await reviewed(ctx, line.brand.token, line.lineId, approveBody);
  return { ...line, price: (await lineRow(ctx, line.lineId)).price };
}

async function expectPaid(lineId: number, creatorUserId: number, price: number) {
  const row = await lineRow(ctx, lineId);
  expect(row.state).toBe('paid');
  expect(row.paidAt).not.toBeNull();
  expect(await earningsOf(creatorUserId)).toBe(price);
  expect(await feeMovements(lineId)).toHaveLength(1);
  const [payout] = await ctx.database.db
    .select()
    .from(payouts)
    .where(eq(payouts.sourceKey, `line:${lineId}`));
  expect(payout).toMatchObject({ creatorUserId, amount: price, status: 'pending' });
  expect(payout!.dueAt.getTime()).toBe(row.paidAt!.getTime() + 15 * 86_400_000);
  const [invoice] = await ctx.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.purchaseKind, 'content'), eq(invoices.purchaseId, lineId)));
  // Collected for the creator: no VAT, no stamp, exactly the price reserved at sending.
  expect(invoice).toMatchObject({ total: price, vatAmount: 0, stampAmount: 0, subtotal: price });
  expect(await booksBalanced()).toBe(true);
  return row;
}

describe('paying the content fee', () => {
  it('captures the hold reserved at sending in the advertiser’s approval, at once', async () => {
    const line = await submittedLine(ctx);
    const { brand, creator, lineId } = line;
    const price = (await lineRow(ctx, lineId)).price;
    expect(price).toBeGreaterThan(0);
    const before = await walletOf(brand.userId);
    expect(before.reserved).toBe(price);

    // The review's answer already shows the line paid: no job, no second request.
    const approved = await reviewed(ctx, brand.token, lineId, approveBody);
    expect(approved).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    const row = await expectPaid(lineId, creator.userId, price);
    const [hold] = await ctx.database.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.id, row.holdId!));
    expect(hold).toMatchObject({ status: 'settled', capturedAmount: price });
    expect(await walletOf(brand.userId)).toEqual({
      available: before.available,
      reserved: 0,
      balance: before.available,
    });
    // The approval's feedback and the payment are one story: approve, then mark_paid.
    const steps = await ctx.database.db
      .select({ transition: workflowAudit.transition })
      .from(workflowAudit)
      .where(
        and(eq(workflowAudit.process, 'content-request-line'), eq(workflowAudit.subjectId, lineId)),
      )
      .orderBy(workflowAudit.id);
    expect(steps.map((step) => step.transition)).toEqual([
      'accept',
      'submit',
      'approve',
      'mark_paid',
    ]);

    // Nothing left to pay.
    expect((await quote(brand.token, lineId)).statusCode).toBe(409);
    expect((await pay(brand.token, lineId, 'wallet')).statusCode).toBe(409);

    // Both sides see it paid, with the creator's expected payout date.
    const asCreator = (
      await callAs(ctx, creator.token, 'GET', `/v2/content-request-influencers/${lineId}`)
    ).json().data;
    expect(asCreator).toMatchObject({
      status: 'paid',
      paid_at: row.paidAt!.toISOString(),
      expected_payout_at: new Date(row.paidAt!.getTime() + 15 * 86_400_000).toISOString(),
      allowed_transitions: ['submit_link'],
    });
  });

  it('takes the fee from the wallet when nothing was reserved', async () => {
    const { brand, creator, lineId, price } = await approvedLine(40_000);
    expect((await lineRow(ctx, lineId)).holdId).toBeNull();
    await fundWallet(ctx, brand.userId, price);
    const before = await walletOf(brand.userId);
    expect((await quote(brand.token, lineId)).json().data).toMatchObject({
      funds_secured: false,
      wallet_covers: true,
    });
    const paid = await pay(brand.token, lineId, 'wallet');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('paid');
    await expectPaid(lineId, creator.userId, price);
    expect((await walletOf(brand.userId)).available).toBe(before.available - price);

    // Admins see what the payment was for by the line's public reference, not its table id.
    const line = await lineRow(ctx, lineId);
    const listed = await callAs(ctx, admin.token, 'GET', '/v2/admin/payments?limit=100');
    expect(
      listed
        .json()
        .data.items.find(
          (p: { purpose: string; purpose_id: number }) =>
            p.purpose === 'content-fee' && p.purpose_id === lineId,
        ),
    ).toMatchObject({
      purpose_reference: contentRequestLineReference(line.contentRequestId, line.lineNumber),
    });
  });

  it('refuses a wallet that does not cover the fee (409 INSUFFICIENT_FUNDS): nothing moves', async () => {
    const { brand, creator, lineId } = await approvedLine(40_000);
    const before = await walletOf(brand.userId);
    expect((await quote(brand.token, lineId)).json().data.wallet_covers).toBe(false);
    const refused = await pay(brand.token, lineId, 'wallet');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect((await lineRow(ctx, lineId)).state).toBe('approved');
    expect(await walletOf(brand.userId)).toEqual(before);
    expect(await earningsOf(creator.userId)).toBe(0);
  });

  it('pays through the gateway: the payment lands in the wallet and goes to the creator', async () => {
    const { brand, creator, lineId, price } = await approvedLine(40_000);
    const before = await walletOf(brand.userId);
    const opened = await pay(brand.token, lineId, 'gateway');
    expect(opened.statusCode, opened.body).toBe(200);
    const { status, payment_url: payUrl } = opened.json().data;
    expect(status).toBe('awaiting_payment');
    expect(payUrl).toEqual(expect.any(String));

    // A refused card first: nothing is paid, the line waits.
    await payOnSandbox(ctx, payUrl, REFUSED_CARD);
    expect((await lineRow(ctx, lineId)).state).toBe('approved');

    const again = await pay(brand.token, lineId, 'gateway');
    expect(again.statusCode, again.body).toBe(200);
    const paid = await payOnSandbox(ctx, again.json().data.payment_url);
    expect(paid.statusCode).toBeLessThan(400);
    await waitFor(async () => (await lineRow(ctx, lineId)).state === 'paid', {
      what: 'the line paid through the gateway',
    });
    await expectPaid(lineId, creator.userId, price);
    expect(await walletOf(brand.userId)).toEqual(before);
  });

  it('sends the payer back to a result page naming this very payment (`?payment=`)', async () => {
    const { brand, lineId, price } = await approvedLine(40_000);
    const opened = await pay(brand.token, lineId, 'gateway');
    expect(opened.statusCode, opened.body).toBe(200);
    const cardId = (await lineRow(ctx, lineId)).paymentId!;

    // Meanwhile (another tab) the wallet pays the line: the card's money is kept, visibly.
    await fundWallet(ctx, brand.userId, price);
    expect((await pay(brand.token, lineId, 'wallet')).json().data.status).toBe('paid');
    const paid = await payOnSandbox(ctx, opened.json().data.payment_url);
    expect(paid.headers.location).toContain(
      `/manage-content/${lineId}/payment/success?payment=${cardId}&payment_ref=`,
    );
    await ctx.payments.service.settleWithGateway(cardId);
    const card = await callAs(ctx, brand.token, 'GET', `/v2/payments/${cardId}`);
    expect(card.json().data).toMatchObject({ status: 'paid', kept_in_wallet: 'already_paid' });
    expect(await feeMovements(lineId)).toHaveLength(1);
    // The wallet's history names the line and opens its review.
    const wallet = await callAs(ctx, brand.token, 'GET', '/v2/wallet');
    expect(wallet.json().data.kept_in_wallet).toEqual([
      expect.objectContaining({
        payment_id: cardId,
        purpose: 'content-fee',
        purpose_id: lineId,
        reference: expect.stringMatching(/^CR-\d{6}-\d+$/),
        page: `/manage-content/${lineId}`,
      }),
    ]);
  });

  it('lets only the line’s advertiser pay, once approved', async () => {
    const { brand, creator, lineId } = await approvedLine();
    const stranger = await newBrand(ctx, 1_000_000);
    const unauthenticated = await ctx.app.inject({
      method: 'POST',
      url: `/v2/content-request-influencers/${lineId}/payment`,
      headers: { 'idempotency-key': 'anonymous' },
      payload: { method: 'wallet' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect((await pay(creator.token, lineId, 'wallet')).statusCode).toBe(404);
    expect((await pay(stranger.token, lineId, 'wallet')).statusCode).toBe(404);
    expect((await quote(stranger.token, lineId)).statusCode).toBe(404);
    expect((await pay(admin.token, lineId, 'wallet')).statusCode).toBe(403);
    expect((await pay(brand.token, lineId, 'cash')).statusCode).toBe(400);
    const noKey = await callAs(
      ctx,
      brand.token,
      'POST',
      `/v2/content-request-influencers/${lineId}/payment`,
      { method: 'wallet' },
    );
    expect(noKey.statusCode).toBe(400);

    const submitted = await submittedLine(ctx);
    const early = await pay(submitted.brand.token, submitted.lineId, 'wallet');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('INVALID_TRANSITION');
    expect((await quote(submitted.brand.token, submitted.lineId)).statusCode).toBe(409);
  });
});

describe('paying twice never moves money twice', () => {
  it('answers the same Idempotency-Key with the first result; another key on a paid line is 409', async () => {
    const { brand, creator, lineId, price } = await approvedLine(40_000);
    await fundWallet(ctx, brand.userId, price);
    const first = await pay(brand.token, lineId, 'wallet', `same-${lineId}`);
    const second = await pay(brand.token, lineId, 'wallet', `same-${lineId}`);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const other = await pay(brand.token, lineId, 'wallet');
    expect(other.statusCode).toBe(409);
    await expectPaid(lineId, creator.userId, price);
  });

  it('pays once when twenty payments race (wallet, distinct keys)', async () => {
    const { brand, creator, lineId, price } = await approvedLine(40_000);
    await fundWallet(ctx, brand.userId, price * 20);
    const before = await walletOf(brand.userId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(brand.token, lineId, 'wallet')),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    await expectPaid(lineId, creator.userId, price);
    expect((await walletOf(brand.userId)).available).toBe(before.available - price);
  });

  it('pays once when twenty requests with one key race', async () => {
    const { brand, creator, lineId, price } = await approvedLine(40_000);
    await fundWallet(ctx, brand.userId, price);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(brand.token, lineId, 'wallet', `race-${lineId}`)),
    );
    // The first runs; the others wait for it (409 REQUEST_IN_PROGRESS) or replay its answer.
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    await expectPaid(lineId, creator.userId, price);
  });
});
