import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunityReference } from '@clipmarket/contracts/opportunities';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { workflowAudit } from '../../platform/workflow/workflow.schema.js';
import {
  callAs,
  fundWallet,
  newBrand,
  newCreator,
} from '../content-requests/content-requests.test-support.js';
import { ledgerHolds } from '../ledger/ledger.schema.js';
import { payOnSandbox, REFUSED_CARD } from '../payments/payments.test-support.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
import {
  applyTo,
  checkoutOpportunity,
  draftOpportunity,
  publishOpportunity,
  OPPORTUNITY_FEE_TOTAL,
} from './opportunities.test-support.js';

/**
 * Approving an application when the wallet does not cover the creator's price (spec §4): a card
 * payment of what is missing, credited to the wallet, then the same acceptance as an approval
 * from the wallet in the payment's transaction — or, when the approval is no longer possible,
 * the money kept in the wallet with its reason. Sessions reused, expiry and refusals, the books.
 */

let ctx: TestContext;
let keys = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const applicationUrl = (id: number, applicationId: number) =>
  `/v2/opportunities/${id}/applications/${applicationId}`;
const quote = (user: TestUser, id: number, applicationId: number) =>
  callAs(ctx, user.token, 'GET', `${applicationUrl(id, applicationId)}/approval-payment`);
const startPayment = (
  user: TestUser,
  id: number,
  applicationId: number,
  key = `approval-${(keys += 1)}`,
) =>
  callAs(
    ctx,
    user.token,
    'POST',
    `${applicationUrl(id, applicationId)}/approval-payment`,
    {},
    { 'idempotency-key': key },
  );
const approveFromWallet = (user: TestUser, id: number, applicationId: number) =>
  callAs(ctx, user.token, 'POST', `${applicationUrl(id, applicationId)}/decision`, {
    decision: 'accept',
  });
const applicationOf = async (user: TestUser, id: number, applicationId: number) =>
  (await callAs(ctx, user.token, 'GET', applicationUrl(id, applicationId))).json().data as {
    state: string;
    line: { state: string } | null;
  };
const paymentOf = async (user: TestUser, paymentId: number) =>
  (await callAs(ctx, user.token, 'GET', `/v2/payments/${paymentId}`)).json().data as {
    status: string;
    amount: number;
    kept_in_wallet: string | null;
  };
const walletOf = (user: TestUser) =>
  ctx.ledger.service.walletBalances(ctx.database.db, user.userId);
const booksBalanced = async () => (await ctx.ledger.service.reconcile(ctx.database.db)).isBalanced;
const holdsOf = (applicationId: number) =>
  ctx.database.db
    .select()
    .from(ledgerHolds)
    .where(eq(ledgerHolds.idempotencyKey, `opportunity-application:${applicationId}`));

/** The payer's card on the sandbox's page, then the gateway's answer read back. */
async function payByCard(payUrl: string, paymentId: number, card?: string) {
  const paid = await payOnSandbox(ctx, payUrl, card);
  expect(paid.statusCode).toBe(303);
  await ctx.payments.service.settleWithGateway(paymentId);
  return paid;
}

/** A live opportunity whose brand has `wallet` available, and an application at `price`. */
async function applicationUnderReview({ wallet = 30_000, price = 100_000, spots = 3 } = {}) {
  const brand = await newBrand(ctx, OPPORTUNITY_FEE_TOTAL + wallet);
  const id = await publishOpportunity(ctx, brand, { spots });
  const creator = await newCreator(ctx);
  const applicationId = await applyTo(ctx, creator, id, price);
  return { brand, creator, id, applicationId };
}

describe('approving through the checkout when the wallet does not cover the price', () => {
  it('approves once the card pays what is missing: the price held, the line open, funds secured', async () => {
    const { brand, creator, id, applicationId } = await applicationUnderReview();
    expect((await quote(brand, id, applicationId)).json().data).toEqual({
      price: 100_000,
      wallet_available: 30_000,
      wallet_covers: false,
      missing: 70_000,
    });
    // From the wallet alone it is still refused, with nothing taken.
    const refused = await approveFromWallet(brand, id, applicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INSUFFICIENT_FUNDS');

    const started = await startPayment(brand, id, applicationId);
    expect(started.statusCode, started.body).toBe(200);
    const { payment_id: paymentId, payment_url: payUrl, amount } = started.json().data;
    expect(amount).toBe(70_000);
    // Nothing happens before the money arrives.
    expect((await applicationOf(brand, id, applicationId)).state).toBe('submitted');
    expect(await walletOf(brand)).toMatchObject({ available: 30_000, reserved: 0 });

    const paid = await payByCard(payUrl, paymentId);
    expect(paid.headers.location).toContain(
      `/publish-opportunity/${id}/applications/${applicationId}/payment/success?payment=${paymentId}&payment_ref=`,
    );
    expect(await paymentOf(brand, paymentId)).toMatchObject({
      status: 'paid',
      amount: 70_000,
      kept_in_wallet: null,
    });
    expect(await applicationOf(brand, id, applicationId)).toMatchObject({
      state: 'accepted',
      line: { state: 'accepted' },
    });
    const own = await callAs(ctx, creator.token, 'GET', `/v2/my-applications/${applicationId}`);
    expect(own.json().data.line).toMatchObject({ state: 'accepted', funds_secured: true });
    // The card brought exactly what was missing: all of it is held, nothing more was taken.
    expect(await walletOf(brand)).toEqual({ available: 0, reserved: 100_000, balance: 100_000 });
    expect(await holdsOf(applicationId)).toEqual([
      expect.objectContaining({ amount: 100_000, status: 'pending' }),
    ]);
    const opportunity = await callAs(ctx, brand.token, 'GET', `/v2/opportunities/${id}`);
    expect(opportunity.json().data).toMatchObject({ spots_taken: 1, state: 'live' });
    // The same `accept` step as from the wallet, taken by the advertiser who paid.
    const steps = await ctx.database.db
      .select()
      .from(workflowAudit)
      .where(
        and(
          eq(workflowAudit.process, 'opportunity-application'),
          eq(workflowAudit.subjectId, applicationId),
        ),
      );
    expect(steps.map((step) => [step.transition, step.actorRole, step.actorUserId])).toEqual([
      ['accept', 'BRAND', brand.userId],
    ]);
    // The creator hears of it as of any approval.
    await waitFor(
      async () => {
        const list = await callAs(ctx, creator.token, 'GET', '/v2/notifications?page=1&limit=50');
        return (list.json().data as Array<{ notification_type: string }>).some(
          (notice) => notice.notification_type === 'application_accepted',
        );
      },
      { what: 'the creator told of the approval' },
    );
    // Admins see the payment by the opportunity's reference.
    const admin = await createAdmin(ctx);
    const listed = await callAs(ctx, admin.token, 'GET', '/v2/admin/payments?limit=100');
    expect(
      (
        listed.json().data.items as Array<{ payment_id: number; purpose_reference: string | null }>
      ).find((payment) => payment.payment_id === paymentId),
    ).toMatchObject({
      purpose: 'opportunity-approval',
      purpose_reference: opportunityReference(id),
    });
    expect(await booksBalanced()).toBe(true);
  });

  it('keeps the money in the wallet when the last spot was taken meanwhile, and says why', async () => {
    const { brand, id, applicationId } = await applicationUnderReview({ spots: 1 });
    const started = (await startPayment(brand, id, applicationId)).json().data;
    // Meanwhile another creator is approved from the wallet: the only spot is taken.
    const other = await applyTo(ctx, await newCreator(ctx), id, 80_000);
    await fundWallet(ctx, brand.userId, 80_000);
    expect((await approveFromWallet(brand, id, other)).statusCode).toBe(200);

    await payByCard(started.payment_url, started.payment_id);
    expect(await paymentOf(brand, started.payment_id)).toMatchObject({
      status: 'paid',
      kept_in_wallet: 'purchase_changed',
    });
    expect((await applicationOf(brand, id, applicationId)).state).toBe('submitted');
    expect(await holdsOf(applicationId)).toEqual([]);
    // Its 70 TND are available; only the other creator's price is held.
    expect(await walletOf(brand)).toMatchObject({ available: 100_000, reserved: 80_000 });
    const wallet = await callAs(ctx, brand.token, 'GET', '/v2/wallet');
    expect(wallet.json().data.kept_in_wallet).toEqual([
      expect.objectContaining({
        payment_id: started.payment_id,
        amount: 70_000,
        reason: 'purchase_changed',
        purpose: 'opportunity-approval',
        purpose_id: applicationId,
        // Named by its opportunity, and opening the applications where it is approved.
        reference: opportunityReference(id),
        page: `/publish-opportunity/${id}/applications`,
      }),
    ]);
    const opportunity = await callAs(ctx, brand.token, 'GET', `/v2/opportunities/${id}`);
    expect(opportunity.json().data).toMatchObject({ spots_taken: 1, state: 'ongoing' });
    expect(await booksBalanced()).toBe(true);
    // The advertiser is told, and led to the wallet.
    const notice = await waitFor(
      async () => {
        const list = await callAs(ctx, brand.token, 'GET', '/v2/notifications?page=1&limit=50');
        return (
          (list.json().data as Array<{ notification_type: string; redirection: string }>).find(
            (n) => n.notification_type === 'payment_kept_in_wallet',
          ) ?? false
        );
      },
      { what: 'the kept-in-wallet notification' },
    );
    expect(notice.redirection).toBe('/track-payments/my-wallet');
  });

  it('keeps it as already paid when the application was approved from the wallet meanwhile', async () => {
    const { brand, id, applicationId } = await applicationUnderReview();
    const started = (await startPayment(brand, id, applicationId)).json().data;
    await fundWallet(ctx, brand.userId, 70_000);
    expect((await approveFromWallet(brand, id, applicationId)).statusCode).toBe(200);

    await payByCard(started.payment_url, started.payment_id);
    expect((await paymentOf(brand, started.payment_id)).kept_in_wallet).toBe('already_paid');
    expect(await holdsOf(applicationId)).toHaveLength(1);
    expect(await walletOf(brand)).toMatchObject({ available: 70_000, reserved: 100_000 });
    expect(await booksBalanced()).toBe(true);
  });

  it('changes nothing when the card is refused or the payment expires', async () => {
    const { brand, id, applicationId } = await applicationUnderReview();
    const started = (await startPayment(brand, id, applicationId)).json().data;
    await payOnSandbox(ctx, started.payment_url, REFUSED_CARD);
    await ctx.payments.service.settleWithGateway(started.payment_id);
    expect((await paymentOf(brand, started.payment_id)).status).toBe('pending');
    expect((await applicationOf(brand, id, applicationId)).state).toBe('submitted');

    await ctx.database.db.execute(
      sql`update payments set expires_at = now() - interval '1 minute' where id = ${started.payment_id}`,
    );
    expect(
      await ctx.payments.service.settleWithGateway(started.payment_id, { expireIfUnpaid: true }),
    ).toBe('expired');
    expect((await paymentOf(brand, started.payment_id)).status).toBe('expired');
    expect((await applicationOf(brand, id, applicationId)).state).toBe('submitted');
    expect(await walletOf(brand)).toMatchObject({ available: 30_000, reserved: 0 });
    expect(await holdsOf(applicationId)).toEqual([]);

    // Pay again: a new session, since the first one has ended.
    const again = (await startPayment(brand, id, applicationId)).json().data;
    expect(again.payment_id).not.toBe(started.payment_id);
    expect(again.amount).toBe(70_000);
    expect(await booksBalanced()).toBe(true);
  });

  it('answers the open session again for the same amount, a new one for another; the newest decides', async () => {
    const { brand, id, applicationId } = await applicationUnderReview();
    const first = await startPayment(brand, id, applicationId, 'press-1');
    const second = await startPayment(brand, id, applicationId, 'press-2');
    expect(second.json().data).toEqual(first.json().data);
    // The same key again answers the first result.
    const replayed = await startPayment(brand, id, applicationId, 'press-1');
    expect(replayed.json().data).toEqual(first.json().data);

    // The wallet changed: another amount, another session.
    await fundWallet(ctx, brand.userId, 20_000);
    const third = (await startPayment(brand, id, applicationId, 'press-3')).json().data;
    expect(third.amount).toBe(50_000);
    expect(third.payment_id).not.toBe(first.json().data.payment_id);

    // The older session paid after all: a newer attempt is the one the approval waits for.
    await payByCard(first.json().data.payment_url, first.json().data.payment_id);
    expect((await paymentOf(brand, first.json().data.payment_id)).kept_in_wallet).toBe('replaced');
    expect((await applicationOf(brand, id, applicationId)).state).toBe('submitted');

    await payByCard(third.payment_url, third.payment_id);
    expect((await paymentOf(brand, third.payment_id)).kept_in_wallet).toBeNull();
    expect((await applicationOf(brand, id, applicationId)).state).toBe('accepted');
    expect(await walletOf(brand)).toMatchObject({ available: 70_000, reserved: 100_000 });
    expect(await booksBalanced()).toBe(true);
  });

  it('refuses foreign ids (404), creators (403), no token (401) and approvals that cannot be made (409)', async () => {
    const { brand, creator, id, applicationId } = await applicationUnderReview();
    const stranger = await newBrand(ctx, 1_000_000);
    expect((await quote(stranger, id, applicationId)).statusCode).toBe(404);
    expect((await startPayment(stranger, id, applicationId)).statusCode).toBe(404);
    expect((await startPayment(creator, id, applicationId)).statusCode).toBe(403);
    expect((await quote(creator, id, applicationId)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `${applicationUrl(id, applicationId)}/approval-payment`,
      headers: { 'idempotency-key': 'anonymous' },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const withoutKey = await callAs(
      ctx,
      brand.token,
      'POST',
      `${applicationUrl(id, applicationId)}/approval-payment`,
      {},
    );
    expect(withoutKey.statusCode).toBe(400);
    // An application of another opportunity of the same advertiser is not this one's.
    await fundWallet(ctx, brand.userId, OPPORTUNITY_FEE_TOTAL);
    const elsewhere = await publishOpportunity(ctx, brand);
    expect((await startPayment(brand, elsewhere, applicationId)).statusCode).toBe(404);
    expect((await startPayment(brand, id, 999_999_999)).statusCode).toBe(404);

    // A wallet that covers the price: approve from it, no card payment.
    const cheap = await applyTo(ctx, await newCreator(ctx), id, 80_000);
    await fundWallet(ctx, brand.userId, 50_000);
    expect((await quote(brand, id, cheap)).json().data).toMatchObject({
      wallet_covers: true,
      missing: 0,
    });
    const covered = await startPayment(brand, id, cheap);
    expect(covered.statusCode).toBe(409);
    expect(covered.json().error.code).toBe('WALLET_COVERS_PRICE');

    // No longer under review (declined): nothing to pay for.
    await callAs(ctx, brand.token, 'POST', `${applicationUrl(id, cheap)}/decision`, {
      decision: 'decline',
      reason: 'Another style.',
    });
    const declined = await startPayment(brand, id, cheap);
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error.code).toBe('INVALID_TRANSITION');

    // A closed opportunity takes no approval.
    await callAs(ctx, brand.token, 'POST', `/v2/opportunities/${id}/close`, { reason: 'Done' });
    const closed = await startPayment(brand, id, applicationId);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('APPLICATIONS_CLOSED');
    expect(await booksBalanced()).toBe(true);
  });
});

describe("an opportunity's card payment kept in the wallet", () => {
  it('names the opportunity in the wallet and opens it, when the wallet paid the fee first', async () => {
    const brand = await newBrand(ctx, OPPORTUNITY_FEE_TOTAL);
    const id = await draftOpportunity(ctx, brand);
    const byCard = await checkoutOpportunity(ctx, brand, id, 'gateway', `fee-card-${id}`);
    expect(byCard.statusCode, byCard.body).toBe(200);
    const { payment_url: payUrl, payment_id: paymentId } = byCard.json().data;
    // Meanwhile (another tab) the wallet pays the fee: the opportunity is live.
    const byWallet = await checkoutOpportunity(ctx, brand, id, 'wallet', `fee-wallet-${id}`);
    expect(byWallet.json().data).toMatchObject({ state: 'live' });

    await payByCard(payUrl, paymentId);
    expect((await paymentOf(brand, paymentId)).kept_in_wallet).toBe('already_paid');
    const wallet = await callAs(ctx, brand.token, 'GET', '/v2/wallet');
    expect(wallet.json().data.kept_in_wallet).toEqual([
      expect.objectContaining({
        payment_id: paymentId,
        amount: OPPORTUNITY_FEE_TOTAL,
        purpose: 'opportunity',
        purpose_id: id,
        reference: opportunityReference(id),
        page: `/publish-opportunity/${id}`,
      }),
    ]);
    expect(await booksBalanced()).toBe(true);
  });
});
