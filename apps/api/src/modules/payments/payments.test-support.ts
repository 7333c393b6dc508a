import type { TestContext } from '../../test/harness.js';

/** Konnect's test cards on the built-in sandbox (reference/tunisia-money.md). */
export const SUCCESS_CARD = '4509211111111119';
export const REFUSED_CARD = '5471251111111116';

let purposeId = 0;

/** A payment of `amount` millimes opened at the sandbox for a test purpose. */
export function startTestPayment(ctx: TestContext, ownerUserId: number, amount = 101_000) {
  purposeId += 1;
  const origin = `http://localhost:${ctx.env.PORT}`;
  return ctx.payments.service.start({
    ownerUserId,
    purpose: 'test',
    purposeId,
    amount,
    description: 'Wallet pack',
    successUrl: `${origin}/track-payments/purchase-pack/${purposeId}/success`,
    failUrl: `${origin}/track-payments/purchase-pack/${purposeId}/failed`,
  });
}

/** The payer's card on the sandbox's checkout page (the form it posts). */
export const payOnSandbox = (ctx: TestContext, payUrl: string, card = SUCCESS_CARD) =>
  ctx.app.inject({
    method: 'POST',
    url: new URL(payUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `card=${card}&action=pay`,
  });
