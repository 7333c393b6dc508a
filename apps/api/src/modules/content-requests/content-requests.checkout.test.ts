import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contentRequestReference } from '@clipmarket/contracts/content-requests';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { ledgerTransactions } from '../ledger/ledger.schema.js';
import { payments } from '../payments/payments.schema.js';
import { payOnSandbox } from '../payments/payments.test-support.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
import {
  callAs,
  createDraft,
  newBrand,
  newCreator,
  type TestCreator,
} from './content-requests.test-support.js';

/**
 * The checkout's edges met by a new user (walk of 2026-11-27): two tabs paying one request
 * (wallet and card), Pay pressed again while the gateway's page is open, and a one-time promo
 * code held by the request's own open payment.
 */

let ctx: TestContext;
let creator: TestCreator;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  creator = await newCreator(ctx);
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

let keys = 0;
const checkout = (brand: TestUser, id: number, body: Record<string, unknown>) =>
  callAs(ctx, brand.token, 'POST', `/v2/content-requests/${id}/checkout`, body, {
    'idempotency-key': `checkout-${Date.now()}-${(keys += 1)}`,
  });
const quote = (brand: TestUser, id: number, body: Record<string, unknown> = {}) =>
  callAs(ctx, brand.token, 'POST', `/v2/content-requests/${id}/quote`, body);

const newDraft = (brand: TestUser) =>
  createDraft(ctx, brand, [creator], { title: 'Two tabs launch' });

/** A brand whose wallet holds exactly the platform fee (the content fees are not reserved). */
async function brandWithFee() {
  const probe = await newBrand(ctx);
  const id = await newDraft(probe);
  const fee = (await quote(probe, id)).json().data.fee.total as number;
  const brand = await newBrand(ctx, fee);
  return { brand, fee, id: await newDraft(brand) };
}

const paymentsOf = (id: number) =>
  ctx.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, 'content-request'), eq(payments.purposeId, id)));

const invoicesOf = async (brand: TestUser) =>
  (
    (await callAs(ctx, brand.token, 'GET', '/v2/invoices')).json().data.items as Array<{
      purchase_kind: string;
    }>
  ).filter((invoice) => invoice.purchase_kind === 'content_request');

const feesPosted = async (id: number) =>
  (
    await ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `content-request:${id}:fee`))
  ).length;

const received = async (paymentId: number) =>
  (
    await ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `payment:${paymentId}:received`))
  ).length;

const walletOf = async (brand: TestUser) =>
  (await callAs(ctx, brand.token, 'GET', '/v2/wallet')).json().data as {
    available: number;
    reserved: number;
    kept_in_wallet: Array<{ payment_id: number; amount: number; reason: string }>;
  };

describe('a card payment arriving for a request paid from the wallet in another tab', () => {
  it('pays the request once and keeps the card money in the wallet, visibly', async () => {
    const { brand, fee, id } = await brandWithFee();
    // Tab B: card, up to the gateway's page.
    const b = await checkout(brand, id, { method: 'gateway' });
    expect(b.statusCode, b.body).toBe(200);
    const card = b.json().data as { payment_id: number; payment_url: string };
    // The result page follows its own payment.
    const [recorded] = await paymentsOf(id);
    expect(recorded?.id).toBe(card.payment_id);

    // Tab A: the wallet pays and sends the request.
    const a = await checkout(brand, id, { method: 'wallet' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().data.status).toBe('sent');

    // Tab B: the good card.
    expect((await payOnSandbox(ctx, card.payment_url)).statusCode).toBe(303);
    await ctx.payments.service.settleWithGateway(card.payment_id);

    const payment = await callAs(ctx, brand.token, 'GET', `/v2/payments/${card.payment_id}`);
    expect(payment.json().data).toMatchObject({ status: 'paid', kept_in_wallet: 'already_paid' });
    // Paid once: one fee, one invoice.
    expect(await feesPosted(id)).toBe(1);
    expect(await invoicesOf(brand)).toHaveLength(1);
    // The card's money is a ledger line into the wallet, and the wallet's history shows it.
    expect(await received(card.payment_id)).toBe(1);
    const wallet = await walletOf(brand);
    expect(wallet.available).toBe(fee);
    expect(wallet.kept_in_wallet).toEqual([
      expect.objectContaining({
        payment_id: card.payment_id,
        amount: fee,
        reason: 'already_paid',
        purpose: 'content-request',
        purpose_id: id,
        reference: contentRequestReference(id),
        page: `/request-content/${id}`,
      }),
    ]);
    // The advertiser is told, and led to the wallet.
    const notice = await waitFor(
      async () => {
        const list = await callAs(ctx, brand.token, 'GET', '/v2/notifications?page=1&limit=50');
        return (
          (
            list.json().data as Array<{
              notification_type: string;
              content: string;
              redirection: string;
            }>
          ).find((n) => n.notification_type === 'payment_kept_in_wallet') ?? false
        );
      },
      { what: 'the kept-in-wallet notification' },
    );
    expect(notice.content).toContain('"Two tabs launch"');
    expect(notice.redirection).toBe('/track-payments/my-wallet');
    expect((await ctx.ledger.service.reconcile(ctx.database.db)).isBalanced).toBe(true);
  });

  it('lets exactly one of the wallet and the card pay the request when they come at once', async () => {
    const { brand, fee, id } = await brandWithFee();
    const card = (await checkout(brand, id, { method: 'gateway' })).json().data as {
      payment_id: number;
      payment_url: string;
    };
    expect((await payOnSandbox(ctx, card.payment_url)).statusCode).toBe(303);

    const [wallet] = await Promise.all([
      checkout(brand, id, { method: 'wallet' }),
      ctx.payments.service.settleWithGateway(card.payment_id),
    ]);
    await ctx.payments.service.settleWithGateway(card.payment_id);

    const [cardRow] = (await paymentsOf(id)).filter((p) => p.id === card.payment_id);
    expect(cardRow?.state).toBe('paid');
    if (wallet.statusCode === 200) {
      // The wallet won: the card's money stayed in the wallet, with its reason.
      expect(cardRow?.keptInWalletReason).toBe('already_paid');
      expect((await walletOf(brand)).kept_in_wallet).toHaveLength(1);
    } else {
      // The card won: the wallet was refused and nothing left it.
      expect(wallet.statusCode, wallet.body).toBe(409);
      expect(cardRow?.keptInWalletReason).toBeNull();
      expect((await walletOf(brand)).kept_in_wallet).toEqual([]);
    }
    const request = await callAs(ctx, brand.token, 'GET', `/v2/content-requests/${id}`);
    expect(request.json().data.status).toBe('sent');
    expect(await feesPosted(id)).toBe(1);
    expect(await invoicesOf(brand)).toHaveLength(1);
    expect(await received(card.payment_id)).toBe(1);
    // Whichever won, the wallet holds one fee: its own, or the card's.
    expect((await walletOf(brand)).available).toBe(fee);
    expect((await ctx.ledger.service.reconcile(ctx.database.db)).isBalanced).toBe(true);
  });
});

describe('Pay pressed again while the gateway page is open', () => {
  it('answers the session already open instead of opening another', async () => {
    const brand = await newBrand(ctx);
    const id = await newDraft(brand);
    const first = await checkout(brand, id, { method: 'gateway' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await checkout(brand, id, { method: 'gateway' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await paymentsOf(id)).toHaveLength(1);

    // The checkout offers to continue on that page.
    const quoted = (await quote(brand, id)).json().data;
    expect(quoted.open_payment).toMatchObject({
      payment_id: first.json().data.payment_id,
      payment_url: first.json().data.payment_url,
      promo_code: null,
    });
  });

  it('opens a new session once the open one is about to expire', async () => {
    const brand = await newBrand(ctx);
    const id = await newDraft(brand);
    const first = (await checkout(brand, id, { method: 'gateway' })).json().data;
    await ctx.database.db.execute(
      sql`update payments set expires_at = now() + interval '1 minute' where id = ${first.payment_id}`,
    );
    expect((await quote(brand, id)).json().data.open_payment).toBeNull();
    const again = (await checkout(brand, id, { method: 'gateway' })).json().data;
    expect(again.payment_id).not.toBe(first.payment_id);
  });
});

describe('a one-time promo code held by the request’s own open payment', () => {
  it('stays valid for that request (verify, quote, pay again) and for it only', async () => {
    const created = await callAs(ctx, admin.token, 'POST', '/v2/admin/promo-codes', {
      code: `BACK${Date.now()}`,
      percent_basis_points: 1000,
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      ends_at: null,
      max_redemptions: null,
      max_redemptions_per_advertiser: 1,
      applies_to: ['content_request'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().data.code as string;
    const brand = await newBrand(ctx);
    const id = await newDraft(brand);

    const first = await checkout(brand, id, { method: 'gateway', promo_code: code });
    expect(first.statusCode, first.body).toBe(200);

    // Back from the gateway: the code is typed again for the same request.
    const verify = (purchaseId?: number) =>
      callAs(ctx, brand.token, 'POST', '/v2/promo-codes/verify', {
        code,
        purchase_kind: 'content_request',
        ...(purchaseId === undefined ? {} : { purchase_id: purchaseId }),
      });
    const verified = await verify(id);
    expect(verified.statusCode, verified.body).toBe(200);
    const quoted = await quote(brand, id, { promo_code: code });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data.fee.discount).toBeGreaterThan(0);
    expect(quoted.json().data.open_payment.promo_code).toBe(code);
    const again = await checkout(brand, id, { method: 'gateway', promo_code: code });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.payment_url).toBe(first.json().data.payment_url);

    // Used once already: another request of the advertiser may not use it.
    expect((await verify()).statusCode).toBe(422);
    const other = await newDraft(brand);
    expect((await verify(other)).statusCode).toBe(422);
    expect((await quote(brand, other, { promo_code: code })).statusCode).toBe(422);
  });
});
