import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessFetch } from '../../platform/http/in-process-fetch.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { createKonnectClient, PaymentGatewayError } from '../payments/index.js';

/**
 * The production Konnect client against the sandbox built into the app (ADR 017): the API
 * Konnect documents, its hosted checkout page with the test cards, redirects and webhook.
 */
let ctx: TestContext;
const origin = 'http://localhost:3000';
/** A webhook on the product's own origin (any route answering 2xx does). */
const webhookUrl = `${origin}/v2/health`;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: origin });
});
afterAll(async () => {
  await ctx?.close();
});

/** The states of the sandbox's webhook calls to `url` (jobs, retried until answered 2xx). */
async function webhookCallsTo(url: string): Promise<string[]> {
  const { rows } = await ctx.database.query<{ state: string }>(
    `select state from ${ctx.env.JOBS_SCHEMA}.job where name = 'konnect-sandbox-webhook' and data @> $1::jsonb`,
    [JSON.stringify({ url })],
  );
  return rows.map((row) => row.state);
}

const initInput = (orderId: string) => ({
  amount: 101_000,
  orderId,
  description: 'Wallet pack',
  lifespanMinutes: 30,
  webhookUrl,
  successUrl: `${origin}/track-payments/purchase-pack/1/success`,
  failUrl: `${origin}/track-payments/purchase-pack/1/failed`,
});

async function submitCheckout(payUrl: string, form: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: new URL(payUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('Konnect client and sandbox', () => {
  it('inits a payment, shows the checkout page, pays with the success card, redirects and calls the webhook', async () => {
    const { payUrl, paymentRef } = await ctx.paymentGateway.initPayment(initInput('order-1'));
    expect(payUrl).toBe(`${origin}/sandbox/konnect/pay/${paymentRef}`);
    expect(paymentRef).toMatch(/^[0-9a-f]{24}$/);
    expect(await ctx.paymentGateway.getPayment(paymentRef)).toMatchObject({
      status: 'pending',
      amount: 101_000,
      reachedAmount: 0,
      orderId: 'order-1',
    });

    const page = await ctx.app.inject({ url: `${new URL(payUrl).pathname}?lang=ar` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('101.000 TND');

    const paid = await submitCheckout(payUrl, { card: '4509211111111119', action: 'pay' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${origin}/track-payments/purchase-pack/1/success?payment_ref=${paymentRef}`,
    );
    expect(await ctx.paymentGateway.getPayment(paymentRef)).toMatchObject({
      status: 'completed',
      reachedAmount: 101_000,
    });
    await waitFor(async () =>
      (await webhookCallsTo(`${webhookUrl}?payment_ref=${paymentRef}`)).includes('completed'),
    );

    // Paying again changes nothing.
    const again = await submitCheckout(payUrl, { card: '4509211111111119', action: 'pay' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses the failure card: back to failUrl, the payment stays payable (pending)', async () => {
    const { payUrl, paymentRef } = await ctx.paymentGateway.initPayment(initInput('order-2'));
    const refused = await submitCheckout(payUrl, { card: '5471251111111116', action: 'pay' });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toContain('/failed?payment_ref=');
    expect(await ctx.paymentGateway.getPayment(paymentRef)).toMatchObject({
      status: 'pending',
      lastAttemptFailed: true,
    });
    // The payer may try again with a good card until the link expires.
    const paid = await submitCheckout(payUrl, { card: '5440 2127 1111 1110', action: 'pay' });
    expect(paid.headers.location).toContain('/success?payment_ref=');
  });

  it('goes back to failUrl when the payer cancels, and refuses an unknown card', async () => {
    const { payUrl, paymentRef } = await ctx.paymentGateway.initPayment(initInput('order-3'));
    const unknownCard = await submitCheckout(payUrl, { card: '4111111111111111', action: 'pay' });
    expect(unknownCard.statusCode).toBe(400);
    expect(unknownCard.body).toContain('Choose one of the test cards.');
    const cancelled = await submitCheckout(payUrl, { action: 'cancel' });
    expect(cancelled.headers.location).toContain(`/failed?payment_ref=${paymentRef}`);
    expect((await ctx.paymentGateway.getPayment(paymentRef))?.status).toBe('pending');
  });

  it('answers null for an unknown reference and refuses a wrong API key or wallet', async () => {
    expect(await ctx.paymentGateway.getPayment('000000000000000000000000')).toBeNull();
    const withKey = (apiKey: string, walletId = ctx.env.KONNECT_WALLET_ID) =>
      createKonnectClient({
        baseUrl: `${origin}/sandbox/konnect/api/v2`,
        apiKey,
        walletId,
        fetch: createInProcessFetch(ctx.app, [origin]),
      });
    await expect(withKey('wrong').initPayment(initInput('order-4'))).rejects.toBeInstanceOf(
      PaymentGatewayError,
    );
    await expect(
      withKey(ctx.env.KONNECT_API_KEY, 'another-wallet').initPayment(initInput('order-5')),
    ).rejects.toThrow(/404/);
  });

  it('shows an expired link as expired and refuses to pay it', async () => {
    const { payUrl, paymentRef } = await ctx.paymentGateway.initPayment({
      ...initInput('order-6'),
      lifespanMinutes: 1,
    });
    await ctx.database.query(
      `update konnect_sandbox_payments set expires_at = now() - interval '1 minute' where payment_ref = $1`,
      [paymentRef],
    );
    const page = await ctx.app.inject({ url: new URL(payUrl).pathname });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This payment link has expired.');
    const paid = await submitCheckout(payUrl, { card: '4509211111111119', action: 'pay' });
    expect(paid.statusCode).toBe(410);
    expect((await ctx.paymentGateway.getPayment(paymentRef))?.status).toBe('pending');
  });

  describe('calls back and redirects to the product only (PUBLIC_URL origin)', () => {
    const initPayment = (links: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/sandbox/konnect/api/v2/payments/init-payment',
        headers: { 'x-api-key': ctx.env.KONNECT_API_KEY },
        payload: {
          receiverWalletId: ctx.env.KONNECT_WALLET_ID,
          token: 'TND',
          amount: 101_000,
          webhook: webhookUrl,
          successUrl: `${origin}/track-payments/purchase-pack/1/success`,
          failUrl: `${origin}/track-payments/purchase-pack/1/failed`,
          ...links,
        },
      });

    it.each([
      ['webhook', 'http://169.254.169.254/latest/meta-data/'],
      ['webhook', 'http://127.0.0.1:5432/'],
      ['successUrl', 'https://phishing.example/clipmarket/login'],
      ['failUrl', 'https://phishing.example/'],
      ['successUrl', 'https://localhost:3000/track-payments'],
      ['failUrl', 'http://localhost:3001/track-payments'],
      ['webhook', 'http://localhost.phishing.example:3000/v2/health'],
    ])('refuses a %s on another origin (%s) with 400 URL_NOT_ALLOWED', async (field, url) => {
      const answer = await initPayment({ [field]: url });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        errors: [{ code: 'URL_NOT_ALLOWED', message: `${field} must be an address on ${origin}` }],
      });
    });

    it('accepts links on its own origin', async () => {
      const answer = await initPayment({});
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ paymentRef: expect.stringMatching(/^[0-9a-f]{24}$/) });
    });

    it('neither calls nor redirects to foreign links stored before the rule', async () => {
      const { payUrl, paymentRef } = await ctx.paymentGateway.initPayment(initInput('order-7'));
      const foreignWebhook = 'http://169.254.169.254/latest/meta-data/';
      await ctx.database.query(
        `update konnect_sandbox_payments set webhook = $2, success_url = $3, fail_url = $3 where payment_ref = $1`,
        [paymentRef, foreignWebhook, 'https://phishing.example/'],
      );
      const cancelled = await submitCheckout(payUrl, { action: 'cancel' });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.headers.location).toBeUndefined();
      const paid = await submitCheckout(payUrl, { card: '4509211111111119', action: 'pay' });
      expect(paid.statusCode).toBe(200);
      expect(paid.headers.location).toBeUndefined();
      expect(paid.body).toContain('101.000 TND');
      expect(await webhookCallsTo(`${foreignWebhook}?payment_ref=${paymentRef}`)).toEqual([]);
    });
  });
});
