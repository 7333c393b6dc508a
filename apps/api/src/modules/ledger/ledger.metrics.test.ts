import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdvertiser } from '../users/test-users.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** `ledger_postings_total` of one kind, as the metrics port serves it. */
async function postingsOfKind(kind: string): Promise<number> {
  const metric = await ctx.metrics.registry.getSingleMetric('ledger_postings_total')?.get();
  return metric?.values.find((value) => value.labels.kind === kind)?.value ?? 0;
}

describe('ledger metrics', () => {
  it('counts each transaction posted, by kind, not its replays', async () => {
    const before = await postingsOfKind('wallet.top-up');
    const { userId } = await createAdvertiser(ctx);
    const topUp = {
      idempotencyKey: `metrics:${process.pid}:${Date.now()}`,
      kind: 'wallet.top-up',
      postings: [
        { account: { kind: 'gateway_clearing' }, amount: -1000 },
        { account: { kind: 'advertiser_wallet', ownerUserId: userId }, amount: 1000 },
      ],
    } as const;
    await ctx.ledger.service.post(ctx.database.db, topUp);
    await ctx.ledger.service.post(ctx.database.db, topUp);
    expect(await postingsOfKind('wallet.top-up')).toBe(before + 1);
  });
});
