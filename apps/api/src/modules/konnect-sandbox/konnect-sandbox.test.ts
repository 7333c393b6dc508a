import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
const webhookCalls: string[] = [];
/** A merchant's webhook on another host, as Konnect calls it: over the network. */
const webhookServer = http.createServer((request, response) => {
  webhookCalls.push(`${request.method} ${request.url}`);
  response.end('ok');
});
let webhookUrl = '';

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: origin });
  await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/webhook`;
});
afterAll(async () => {
  webhookServer.close();
  await ctx?.close();
});

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
    await waitFor(() => webhookCalls.includes(`GET /webhook?payment_ref=${paymentRef}`));

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
});
