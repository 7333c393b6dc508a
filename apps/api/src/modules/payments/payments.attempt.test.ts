import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdvertiser, type TestUser } from '../users/test-users.js';
import { payOnSandbox, REFUSED_CARD, startTestPayment } from './payments.test-support.js';

/**
 * Back from the gateway's page without paying: a refused card or a cancellation. The payer's
 * result page tells which from the payment's last attempt at the gateway.
 */
let ctx: TestContext;
let advertiser: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  advertiser = await createAdvertiser(ctx);
});
afterAll(async () => ctx?.close());

const attemptOf = (paymentRef: string, token = advertiser.token) =>
  ctx.app.inject({
    url: `/v2/payments/attempt?payment_ref=${encodeURIComponent(paymentRef)}`,
    headers: { authorization: `Bearer ${token}` },
  });

/** The payer presses "Cancel" on the sandbox's checkout page. */
const cancelOnSandbox = (payUrl: string) =>
  ctx.app.inject({
    method: 'POST',
    url: new URL(payUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=cancel',
  });

describe('GET /v2/payments/attempt', () => {
  it('tells a refused card from a cancellation, and a paid payment from both', async () => {
    const refused = await startTestPayment(ctx, advertiser.userId);
    const declined = await payOnSandbox(ctx, refused.payUrl!, REFUSED_CARD);
    expect(declined.statusCode).toBeLessThan(400);
    const afterRefusal = await attemptOf(refused.gatewayRef!);
    expect(afterRefusal.statusCode, afterRefusal.body).toBe(200);
    expect(afterRefusal.json().data).toEqual({ status: 'pending', card_refused: true });

    const cancelled = await startTestPayment(ctx, advertiser.userId);
    const back = await cancelOnSandbox(cancelled.payUrl!);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain('/failed');
    expect((await attemptOf(cancelled.gatewayRef!)).json().data).toEqual({
      status: 'pending',
      card_refused: false,
    });

    // A refused card, then a good one: paid, not refused.
    await payOnSandbox(ctx, refused.payUrl!);
    expect((await attemptOf(refused.gatewayRef!)).json().data).toEqual({
      status: 'paid',
      card_refused: false,
    });
  });

  it("is the payer's only: another advertiser and an unknown reference get 404", async () => {
    const payment = await startTestPayment(ctx, advertiser.userId);
    const other = await createAdvertiser(ctx);
    expect((await attemptOf(payment.gatewayRef!, other.token)).statusCode).toBe(404);
    expect((await attemptOf('no-such-reference')).statusCode).toBe(404);
  });
});
