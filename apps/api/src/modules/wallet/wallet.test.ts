import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { advertisers } from '../users/users.schema.js';
import { walletRepository } from './wallet.repository.js';
import { WALLET_PURCHASE_PURPOSE } from './wallet.service.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { priceOrder } from '../checkout/index.js';
import { payOnSandbox as payOnSandboxPage } from '../payments/payments.test-support.js';
import { createAdmin, createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';

/**
 * Wallet packs (issue 9 §4, §5): priced by the server, paid through the Konnect client and the
 * built-in sandbox, credited once with the stamp and any promotion booked, invoiced, behind the
 * legal-info gate and an Idempotency-Key.
 */
let ctx: TestContext;
let brand: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await createAdvertiser(ctx);
  await completeLegalInfo(brand.userId);
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

async function completeLegalInfo(userId: number) {
  await ctx.database.db
    .update(advertisers)
    .set({
      companyName: 'Société Jasmin SARL',
      taxRegistrationNumber: '1234567A/A/M/000',
      domiciliationAddress: '12 rue de Marseille, Tunis',
      phoneCompany: '71000000',
      phoneCompanyPrefix: '+216',
    })
    .where(eq(advertisers.userId, userId));
}

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${(keyCounter += 1)}`;

const call = (
  method: 'GET' | 'POST',
  url: string,
  options: {
    token?: string;
    body?: Record<string, unknown>;
    key?: string | null;
    /** Another client address: its own count under the routes' rate limits. */
    from?: string;
  } = {},
) =>
  ctx.app.inject({
    method,
    url,
    ...(options.from ? { remoteAddress: options.from } : {}),
    headers: {
      authorization: `Bearer ${options.token ?? brand.token}`,
      ...(method === 'POST' && options.key !== null
        ? { 'idempotency-key': options.key ?? newKey() }
        : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body }),
  });

const buy = (
  body: Record<string, unknown>,
  options: { token?: string; key?: string | null; from?: string } = {},
) => call('POST', '/v2/wallet/purchases', { ...options, body });

const payOnSandbox = (payUrl: string) => payOnSandboxPage(ctx, payUrl);

const getWallet = async (token = brand.token) =>
  (await call('GET', '/v2/wallet', { token })).json();

async function purchaseStatus(id: number, token = brand.token) {
  return (await call('GET', `/v2/wallet/purchases/${id}`, { token })).json().data?.status;
}

async function createPromoCode(body: Record<string, unknown>) {
  const answer = await call('POST', '/v2/admin/promo-codes', { token: admin.token, body });
  expect(answer.statusCode).toBe(201);
  return answer.json().data;
}

/** A platform account's balance (the sum of its entries). */
/**
 * What one payment's ledger transactions booked on a platform account (the account is shared:
 * other test files post to it at the same time, so its balance before and after says nothing).
 */
async function bookedByPayment(
  kind: 'stamp_payable' | 'promotions_given',
  paymentId: number,
): Promise<number> {
  const { rows } = await ctx.database.query<{ amount: string | null }>(
    `select sum(e.amount) as amount from ledger_entries e
       join ledger_accounts a on a.id = e.account_id
       join ledger_transactions t on t.id = e.transaction_id
      where a.kind = $1 and t.reference->>'payment_id' = $2`,
    [kind, String(paymentId)],
  );
  return Number(rows[0]?.amount ?? 0);
}

describe('wallet packs', () => {
  it('prices a pack: the pack, no VAT, one fiscal stamp', async () => {
    const answer = await call('POST', '/v2/wallet/purchases/quote', { body: { amount: 250_000 } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      lines: [{ kind: 'wallet_pack', quantity: 1, unit_amount: 250_000, amount: 250_000 }],
      subtotal: 250_000,
      discount: 0,
      vat_amount: 0,
      stamp_amount: 1_000,
      total: 251_000,
      promo_code: null,
    });
  });

  it('refuses an amount out of the 100–2000 TND range or not in whole dinars', async () => {
    for (const amount of [99_000, 2_001_000]) {
      const answer = await buy({ amount });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.fields).toEqual([
        { field: 'amount', message: 'A wallet pack is between 100.000 TND and 2,000.000 TND' },
      ]);
    }
    const fraction = await buy({ amount: 150_500 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().error.fields[0]).toMatchObject({ field: 'amount' });
    expect((await getWallet()).data.purchases).toEqual([]);
  });

  it('asks for the legal info first, and lets creators and strangers in no way', async () => {
    const newcomer = await createAdvertiser(ctx);
    const refused = await buy({ amount: 100_000 }, { token: newcomer.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('LEGAL_INFO_REQUIRED');
    // Every field the settings save still needs, the profile's too, in one answer (as the
    // content request's checkout answers).
    const fields = refused.json().error.fields as Array<{ field: string; message: string }>;
    expect(fields.map((f) => f.field).sort()).toEqual(
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
    expect(fields).toContainEqual({
      field: 'campany_name',
      message: expect.stringMatching(/company name/i),
    });
    expect((await getWallet(newcomer.token)).data.purchases).toEqual([]);

    const creator = await createTalent(ctx);
    expect((await call('GET', '/v2/wallet', { token: creator.token })).statusCode).toBe(403);
  });

  it('buys a pack through the sandbox: credited once, stamp booked, invoiced', async () => {
    const created = await buy({ amount: 300_000 });
    expect(created.statusCode).toBe(201);
    const { wallet_purchase_id: id, payment_id: paymentId, pay_url: payUrl } = created.json().data;
    expect(payUrl).toContain('/sandbox/konnect/pay/');
    expect((await call('GET', `/v2/payments/${paymentId}`)).json().data).toMatchObject({
      status: 'pending',
      amount: 301_000,
    });
    expect(await purchaseStatus(id)).toBe('pending');

    expect((await payOnSandbox(payUrl)).statusCode).toBe(303);
    await waitFor(async () => (await purchaseStatus(id)) === 'paid');

    const wallet = (await getWallet()).data;
    expect(wallet).toMatchObject({ balance: 300_000, reserved: 0, available: 300_000 });
    expect(wallet.purchases[0]).toMatchObject({
      wallet_purchase_id: id,
      reference: `WP-${String(id).padStart(6, '0')}`,
      purchased_amount: 300_000,
      available_amount: 300_000,
      balance: 300_000,
      total: 301_000,
      status: 'paid',
      payment_id: paymentId,
    });
    expect(wallet.pack_limits).toEqual({ min: 100_000, max: 2_000_000 });
    // The stamp this payment booked (the account is the platform's: other files post to it too).
    expect(await bookedByPayment('stamp_payable', paymentId)).toBe(1_000);

    const invoices = (await call('GET', '/v2/invoices')).json().data.items;
    expect(invoices.some((invoice: { total: number }) => invoice.total === 301_000)).toBe(true);

    // More notices and polls change nothing.
    const payment = await ctx.payments.service.find(ctx.database.db, paymentId);
    for (let i = 0; i < 5; i += 1) {
      await ctx.app.inject({
        url: `/v2/payments/konnect/webhook?payment_ref=${payment!.gatewayRef}`,
      });
    }
    expect(await purchaseStatus(id)).toBe('paid');
    expect((await getWallet()).data.available).toBe(300_000);
  });

  it('answers the first result for a repeated Idempotency-Key and refuses it for another body', async () => {
    const key = newKey();
    const first = await buy({ amount: 100_000 }, { key });
    const again = await buy({ amount: 100_000 }, { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    const other = await buy({ amount: 200_000 }, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const missing = await buy({ amount: 100_000 }, { key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_FAILED');

    const pending = (await getWallet()).data.purchases.filter(
      (p: { status: string }) => p.status === 'pending',
    );
    expect(pending).toHaveLength(1);
  });

  it('buys once for one key sent five times at once', async () => {
    const buyer = await createAdvertiser(ctx);
    await completeLegalInfo(buyer.userId);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => buy({ amount: 100_000 }, { token: buyer.token, key })),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const waiting = answers.filter((a) => a.statusCode !== 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of created) expect(answer.json()).toEqual(created[0]!.json());
    for (const answer of waiting) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('REQUEST_IN_PROGRESS');
    }
    expect((await getWallet(buyer.token)).data.purchases).toHaveLength(1);
  });

  it('lets a refused request run again with the same key once the payer fixed it', async () => {
    const newcomer = await createAdvertiser(ctx);
    const key = newKey();
    expect((await buy({ amount: 100_000 }, { token: newcomer.token, key })).statusCode).toBe(409);
    await completeLegalInfo(newcomer.userId);
    expect((await buy({ amount: 100_000 }, { token: newcomer.token, key })).statusCode).toBe(201);
  });

  it('takes a pack promo code off the price: the wallet still gets the whole pack', async () => {
    const code = `PACK${Date.now() % 100_000}`;
    await createPromoCode({
      code,
      percent_basis_points: 1_000,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      applies_to: ['wallet_pack'],
      max_redemptions: 1,
    });
    const buyer = await createAdvertiser(ctx);
    await completeLegalInfo(buyer.userId);

    const quote = await call('POST', '/v2/wallet/purchases/quote', {
      token: buyer.token,
      body: { amount: 200_000, promo_code: ` ${code.toLowerCase()} ` },
    });
    expect(quote.json().data).toMatchObject({
      promo_code: code,
      promotion_basis_points: 1_000,
      discount: 20_000,
      total: 181_000,
    });

    const created = (
      await buy({ amount: 200_000, promo_code: code }, { token: buyer.token })
    ).json().data;
    expect((await payOnSandbox(created.pay_url)).statusCode).toBe(303);
    await waitFor(
      async () => (await purchaseStatus(created.wallet_purchase_id, buyer.token)) === 'paid',
    );
    expect((await getWallet(buyer.token)).data.available).toBe(200_000);
    expect(await bookedByPayment('promotions_given', created.payment_id)).toBe(-20_000);

    // The code allowed one redemption: the next buyer is told it is no longer valid.
    const late = await call('POST', '/v2/wallet/purchases/quote', {
      body: { amount: 200_000, promo_code: code },
    });
    expect(late.json().error).toMatchObject({
      code: 'PROMO_CODE_INVALID',
      message: 'Promo code is no longer valid!',
    });
  });

  it('gives the promo code back when the payment expires unpaid', async () => {
    const code = `FAIL${Date.now() % 100_000}`;
    await createPromoCode({
      code,
      percent_basis_points: 500,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      applies_to: ['wallet_pack'],
      max_redemptions: 1,
    });
    const created = (await buy({ amount: 100_000, promo_code: code })).json().data;
    await ctx.database.db.execute(
      sql`update payments set expires_at = now() - interval '1 minute' where id = ${created.payment_id}`,
    );
    await ctx.payments.service.settleWithGateway(created.payment_id, { expireIfUnpaid: true });
    expect(await purchaseStatus(created.wallet_purchase_id)).toBe('expired');
    const quote = await call('POST', '/v2/wallet/purchases/quote', {
      body: { amount: 100_000, promo_code: code },
    });
    expect(quote.statusCode).toBe(200);
  });

  it('expires a purchase whose payment never reached the gateway (a crash in between)', async () => {
    // What `buy` records in its transaction, then nothing: the process died before the gateway.
    const { purchaseId, paymentId } = await inTransaction(ctx.database.db, async (tx) => {
      const order = priceOrder({
        items: [
          { kind: 'wallet_pack', description: 'Wallet pack', quantity: 1, unitAmount: 100_000 },
        ],
        rates: { vatRateBasisPoints: 1_900, fiscalStampMillimes: 1_000 },
      });
      const row = await walletRepository.insertPurchase(tx, {
        ownerUserId: brand.userId,
        order,
        promoCode: null,
      });
      const payment = await ctx.payments.service.record(tx, {
        ownerUserId: brand.userId,
        purpose: WALLET_PURCHASE_PURPOSE,
        purposeId: row.id,
        amount: row.total,
        description: 'Wallet pack',
        successUrl: 'http://localhost/success',
        failUrl: 'http://localhost/failed',
      });
      await walletRepository.setPayment(tx, row.id, payment.id);
      return { purchaseId: row.id, paymentId: payment.id };
    });
    expect(await purchaseStatus(purchaseId)).toBe('pending');

    // Its expiry check, due after the payment's lifespan, ends both.
    await ctx.database.db.execute(
      sql`update payments set expires_at = now() - interval '1 minute' where id = ${paymentId}`,
    );
    await ctx.payments.service.settleWithGateway(paymentId, { expireIfUnpaid: true });
    expect(await purchaseStatus(purchaseId)).toBe('expired');
  });

  it("hides another advertiser's purchase (404)", async () => {
    const created = (await buy({ amount: 100_000 })).json().data;
    const other = await createAdvertiser(ctx);
    const answer = await call('GET', `/v2/wallet/purchases/${created.wallet_purchase_id}`, {
      token: other.token,
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('the wallet page tells one story', () => {
  it("shares the available amount among the packs, never the reserved part, with each pack's balance after purchase", async () => {
    const buyer = await createAdvertiser(ctx);
    await completeLegalInfo(buyer.userId);
    const paid: number[] = [];
    for (const amount of [300_000, 200_000]) {
      const created = (await buy({ amount }, { token: buyer.token, from: '10.0.9.1' })).json().data;
      expect((await payOnSandbox(created.pay_url)).statusCode).toBe(303);
      await waitFor(
        async () => (await purchaseStatus(created.wallet_purchase_id, buyer.token)) === 'paid',
      );
      paid.push(created.wallet_purchase_id);
    }
    // Content in progress holds 270 TND: the cards say 230 available of 500.
    await ctx.ledger.service.reserve(ctx.database.db, {
      idempotencyKey: `wallet-test-hold-${buyer.userId}`,
      ownerUserId: buyer.userId,
      amount: 270_000,
      reference: { test: 'reserved for content' },
    });

    const wallet = (await getWallet(buyer.token)).data;
    expect(wallet).toMatchObject({ balance: 500_000, reserved: 270_000, available: 230_000 });
    const shares = wallet.purchases.map(
      (p: { available_amount: number }) => p.available_amount,
    ) as number[];
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(wallet.available);
    // The oldest pack is used first: the newest keeps all of its 200, the first 30 of its 300.
    expect(wallet.purchases).toMatchObject([
      { wallet_purchase_id: paid[1], available_amount: 200_000, balance: 500_000 },
      { wallet_purchase_id: paid[0], available_amount: 30_000, balance: 300_000 },
    ]);
  });
});

describe('an abandoned pack purchase', () => {
  it('is cancelled by its payer: its payment ends, its promo code is given back, and it stays cancelled', async () => {
    const code = `GIVEUP${Date.now() % 100_000}`;
    await createPromoCode({
      code,
      percent_basis_points: 1_000,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      applies_to: ['wallet_pack'],
      max_redemptions: 1,
    });
    const buyer = await createAdvertiser(ctx);
    await completeLegalInfo(buyer.userId);
    const created = (
      await buy({ amount: 100_000, promo_code: code }, { token: buyer.token, from: '10.0.9.2' })
    ).json().data;

    const cancelled = await call(
      'POST',
      `/v2/wallet/purchases/${created.wallet_purchase_id}/cancel`,
      { token: buyer.token, key: null },
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      wallet_purchase_id: created.wallet_purchase_id,
      status: 'cancelled',
      available_amount: 0,
    });
    const payment = await ctx.payments.service.find(ctx.database.db, created.payment_id);
    expect(payment!.state).toBe('expired');
    // The code is free again for another purchase.
    const quote = await call('POST', '/v2/wallet/purchases/quote', {
      token: buyer.token,
      body: { amount: 100_000, promo_code: code },
    });
    expect(quote.statusCode).toBe(200);

    // Asked again: the same answer; the expiry check later changes nothing.
    const again = await call('POST', `/v2/wallet/purchases/${created.wallet_purchase_id}/cancel`, {
      token: buyer.token,
      key: null,
    });
    expect(again.json().data.status).toBe('cancelled');
    await ctx.payments.service.settleWithGateway(created.payment_id, { expireIfUnpaid: true });
    expect(await purchaseStatus(created.wallet_purchase_id, buyer.token)).toBe('cancelled');
  });

  it('cannot be cancelled once paid, nor by another advertiser', async () => {
    const created = (await buy({ amount: 100_000 }, { from: '10.0.9.3' })).json().data;
    const other = await createAdvertiser(ctx);
    const foreign = await call(
      'POST',
      `/v2/wallet/purchases/${created.wallet_purchase_id}/cancel`,
      {
        token: other.token,
        key: null,
      },
    );
    expect(foreign.statusCode).toBe(404);

    // Paid on the gateway's page before the cancel arrives: the purchase is paid, not cancelled.
    expect((await payOnSandbox(created.pay_url)).statusCode).toBe(303);
    const late = await call('POST', `/v2/wallet/purchases/${created.wallet_purchase_id}/cancel`, {
      key: null,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('INVALID_TRANSITION');
    expect(await purchaseStatus(created.wallet_purchase_id)).toBe('paid');
  });
});
