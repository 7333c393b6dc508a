import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/raw-rows.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { createAdvertiser, type TestUser } from '../users/test-users.js';
import { payOnSandbox as payOnSandboxPage, startTestPayment } from './payments.test-support.js';

/**
 * Payments through the Konnect client and the built-in sandbox (issue 9 §3, §9): paid only on
 * the gateway's read-back, once, whatever the webhooks, polls and forged references.
 */
let ctx: TestContext;
let advertiser: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  advertiser = await createAdvertiser(ctx);
});
afterAll(async () => ctx?.close());

const origin = () => `http://localhost:${ctx.env.PORT}`;

const startPayment = (amount = 101_000, ownerUserId = advertiser.userId) =>
  startTestPayment(ctx, ownerUserId, amount);

const webhook = (paymentRef: string) =>
  ctx.app.inject({ url: `/v2/payments/konnect/webhook?payment_ref=${paymentRef}` });

const getPayment = (paymentId: number, token = advertiser.token) =>
  ctx.app.inject({
    url: `/v2/payments/${paymentId}`,
    headers: { authorization: `Bearer ${token}` },
  });

const payOnSandbox = (payUrl: string, card?: string) => payOnSandboxPage(ctx, payUrl, card);

const wallet = (userId = advertiser.userId) =>
  ctx.ledger.service.walletBalances(ctx.database.db, userId);

async function receivedTransactions(paymentId: number): Promise<number> {
  const rows = rowsOf<{ count: number }>(
    await ctx.database.db.execute(
      sql`select count(*)::int as count from ledger_transactions
           where idempotency_key = ${`payment:${paymentId}:received`}`,
    ),
  );
  return rows[0]!.count;
}

describe('payments', () => {
  it('opens a payment at the gateway: pending, with its checkout page', async () => {
    const payment = await startPayment();
    expect(payment).toMatchObject({ state: 'pending', amount: 101_000 });
    expect(payment.payUrl).toBe(`${origin()}/sandbox/konnect/pay/${payment.gatewayRef}`);

    const answer = await getPayment(payment.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      data: {
        payment_id: payment.id,
        status: 'pending',
        amount: 101_000,
        pay_url: payment.payUrl,
        kept_in_wallet: null,
      },
    });
  });

  it('becomes paid when the payer pays: the webhook makes us read it back, the wallet is credited once', async () => {
    const before = (await wallet()).available;
    const payment = await startPayment(150_000);
    expect((await payOnSandbox(payment.payUrl!)).statusCode).toBe(303);

    // The sandbox calls our webhook (a job); we read the payment back and apply it.
    await waitFor(
      async () => (await ctx.payments.service.find(ctx.database.db, payment.id))?.state === 'paid',
    );
    expect((await wallet()).available).toBe(before + 150_000);

    // Ten more notices for the paid payment change nothing.
    for (let i = 0; i < 10; i += 1)
      expect((await webhook(payment.gatewayRef!)).statusCode).toBe(200);
    expect((await wallet()).available).toBe(before + 150_000);
    expect(await receivedTransactions(payment.id)).toBe(1);
    expect((await getPayment(payment.id)).json().data).toMatchObject({
      status: 'paid',
      pay_url: null,
    });
  });

  it('changes nothing on a forged notice: unknown reference, or a payment not paid at the gateway', async () => {
    const before = (await wallet()).available;
    expect((await webhook('ffffffffffffffffffffffff')).statusCode).toBe(404);

    const unpaid = await startPayment();
    expect((await webhook(unpaid.gatewayRef!)).statusCode).toBe(200);
    expect((await ctx.payments.service.find(ctx.database.db, unpaid.id))?.state).toBe('pending');
    expect((await wallet()).available).toBe(before);
    expect(await receivedTransactions(unpaid.id)).toBe(0);
  });

  it('stays pending after a refused card (the payer may try again)', async () => {
    const payment = await startPayment();
    const refused = await payOnSandbox(payment.payUrl!, '5471251111111116');
    expect(refused.headers.location).toContain('/failed?payment_ref=');
    await webhook(payment.gatewayRef!);
    expect((await getPayment(payment.id)).json().data.status).toBe('pending');
  });

  it('repairs a lost webhook (a crash between the gateway and our write) on the next poll', async () => {
    const before = (await wallet()).available;
    const payment = await startPayment(120_000);
    // Paid at the gateway, but no notice reaches us: the sandbox row changes behind our back.
    await ctx.database.query(
      `update konnect_sandbox_payments set status = 'completed', reached_amount = amount where payment_ref = $1`,
      [payment.gatewayRef],
    );
    expect((await ctx.payments.service.find(ctx.database.db, payment.id))?.state).toBe('pending');

    const polled = await getPayment(payment.id);
    expect(polled.json().data.status).toBe('paid');
    expect((await wallet()).available).toBe(before + 120_000);
  });

  it('expires an unpaid payment after its lifespan, and still confirms it if the gateway says paid later', async () => {
    const before = (await wallet()).available;
    const payment = await startPayment(100_000);
    await ctx.database.query(
      `update payments set expires_at = now() - interval '1 minute' where id = $1`,
      [payment.id],
    );
    expect(await ctx.payments.service.settleWithGateway(payment.id, { expireIfUnpaid: true })).toBe(
      'expired',
    );
    expect((await getPayment(payment.id)).json().data.status).toBe('expired');

    await ctx.database.query(
      `update konnect_sandbox_payments set status = 'completed', reached_amount = amount where payment_ref = $1`,
      [payment.gatewayRef],
    );
    await webhook(payment.gatewayRef!);
    expect((await getPayment(payment.id)).json().data.status).toBe('paid');
    expect((await wallet()).available).toBe(before + 100_000);
  });

  it("answers 404 for another advertiser's payment and 401 without a token", async () => {
    const payment = await startPayment();
    const other = await createAdvertiser(ctx);
    expect((await getPayment(payment.id, other.token)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/v2/payments/${payment.id}` })).statusCode).toBe(401);
    expect((await getPayment(2_147_483_648)).statusCode).toBe(400);
  });

  it('applies a payment once when the webhook and a poll arrive together', async () => {
    const before = (await wallet()).available;
    const payment = await startPayment(110_000);
    await ctx.database.query(
      `update konnect_sandbox_payments set status = 'completed', reached_amount = amount where payment_ref = $1`,
      [payment.gatewayRef],
    );
    await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(payment.gatewayRef!)),
      ...Array.from({ length: 5 }, () => getPayment(payment.id)),
    ]);
    expect((await wallet()).available).toBe(before + 110_000);
    expect(await receivedTransactions(payment.id)).toBe(1);
  });
});

describe('payments when the gateway cannot be reached', () => {
  it('fail with 502 PAYMENT_GATEWAY_UNAVAILABLE and stay failed', async () => {
    const offline = await createTestContext({ KONNECT_API_URL: 'http://127.0.0.1:9/api/v2' });
    try {
      const owner = await createAdvertiser(offline);
      await expect(
        offline.payments.service.start({
          ownerUserId: owner.userId,
          purpose: 'test',
          purposeId: 1,
          amount: 100_000,
          description: 'Wallet pack',
          successUrl: 'http://localhost/success',
          failUrl: 'http://localhost/failed',
        }),
      ).rejects.toMatchObject({ code: 'PAYMENT_GATEWAY_UNAVAILABLE', statusCode: 502 });
      const rows = rowsOf<{ state: string; failure_reason: string }>(
        await offline.database.db.execute(
          sql`select state, failure_reason from payments where owner_user_id = ${owner.userId}`,
        ),
      );
      expect(rows).toEqual([
        { state: 'failed', failure_reason: expect.stringContaining('unreachable') },
      ]);
    } finally {
      await offline.close();
    }
  });
});
