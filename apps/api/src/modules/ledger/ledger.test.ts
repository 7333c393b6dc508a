import { TransactionRollbackError, and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { notifications } from '../notifications/notifications.schema.js';
import { createAdmin, createAdvertiser, createTalent } from '../users/test-users.js';
import { waitFor } from '../../test/wait-for.js';
import { ledgerRepository } from './ledger.repository.js';
import { sourceSumsOf } from './ledger.test-support.js';
import type { LedgerService, Posting } from './ledger.service.js';

let ctx: TestContext;
let ledger: LedgerService;
let run = 0;
/** A key of this test run: the PostgreSQL test database is shared by the test files. */
const key = (name: string) => `test:${process.pid}:${Date.now()}:${(run += 1)}:${name}`;

const wallet = (ownerUserId: number) => ({ kind: 'advertiser_wallet', ownerUserId }) as const;
const earnings = (ownerUserId: number) => ({ kind: 'creator_earnings', ownerUserId }) as const;
const clearing = { kind: 'gateway_clearing' } as const;
const revenue = { kind: 'platform_revenue' } as const;

function topUp(ownerUserId: number, amount: number, idempotencyKey = key('top-up')) {
  return ledger.post(ctx.database.db, {
    idempotencyKey,
    kind: 'wallet.top-up',
    postings: [
      { account: clearing, amount: -amount },
      { account: wallet(ownerUserId), amount },
    ],
  });
}

function spend(ownerUserId: number, amount: number, idempotencyKey = key('spend')) {
  return ledger.post(ctx.database.db, {
    idempotencyKey,
    kind: 'purchase',
    postings: [
      { account: wallet(ownerUserId), amount: -amount },
      { account: revenue, amount },
    ],
  });
}

async function newAdvertiserWith(amount: number) {
  const { userId } = await createAdvertiser(ctx);
  if (amount > 0) await topUp(userId, amount);
  return userId;
}

async function sumOfEntries(ownerUserId: number, kind: string): Promise<number> {
  const result = await ctx.database.db.execute(sql`
    select coalesce(sum(e.amount), 0)::text as total
      from ledger_entries e join ledger_accounts a on a.id = e.account_id
     where a.owner_user_id = ${ownerUserId} and a.kind = ${kind}`);
  return Number(rowsOf<{ total: string }>(result)[0]!.total);
}

/** `tx.rollback()` ends a transaction by throwing this error; any other error is real. */
function ignoreRollback(error: unknown) {
  if (!(error instanceof TransactionRollbackError)) throw error;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ledger = ctx.ledger.service;
});
afterAll(async () => ctx?.close());

describe('posting', () => {
  it('moves money between accounts, with balances after each entry and account versions', async () => {
    const userId = await newAdvertiserWith(0);
    const first = await topUp(userId, 100_000);
    const second = await spend(userId, 24_800);

    expect(first.replayed).toBe(false);
    const walletEntries = [...first.entries, ...second.entries].filter(
      (e) => e.amount === 100_000 || e.amount === -24_800,
    );
    expect(walletEntries.map((e) => [e.amount, e.balanceAfter, e.accountVersion])).toEqual([
      [100_000, 100_000, 1],
      [-24_800, 75_200, 2],
    ]);
    expect(await ledger.walletBalances(ctx.database.db, userId)).toEqual({
      balance: 75_200,
      reserved: 0,
      available: 75_200,
    });
    expect(await sumOfEntries(userId, 'advertiser_wallet')).toBe(75_200);
  });

  it('posts once per idempotency key: the same movement again answers the first result', async () => {
    const userId = await newAdvertiserWith(0);
    const idempotencyKey = key('once');
    const first = await topUp(userId, 50_000, idempotencyKey);
    const again = await topUp(userId, 50_000, idempotencyKey);

    expect(again.replayed).toBe(true);
    expect(again.transaction.id).toBe(first.transaction.id);
    expect(await ledger.balanceOf(ctx.database.db, wallet(userId))).toBe(50_000);
  });

  it('refuses a key reused for another movement (409 IDEMPOTENCY_KEY_REUSED)', async () => {
    const userId = await newAdvertiserWith(0);
    const idempotencyKey = key('reused');
    await topUp(userId, 50_000, idempotencyKey);

    await expect(topUp(userId, 60_000, idempotencyKey)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      statusCode: 409,
    });
    expect(await ledger.balanceOf(ctx.database.db, wallet(userId))).toBe(50_000);
  });

  it('never takes a wallet below zero (409 INSUFFICIENT_FUNDS) and writes nothing then', async () => {
    const userId = await newAdvertiserWith(10_000);
    const idempotencyKey = key('too-much');

    await expect(spend(userId, 10_001, idempotencyKey)).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await ledgerRepository.findTransactionByKey(ctx.database.db, idempotencyKey)).toBe(
      undefined,
    );
    expect(await ledger.balanceOf(ctx.database.db, wallet(userId))).toBe(10_000);
    // Spending exactly what is there is fine.
    await spend(userId, 10_000);
    expect(await ledger.balanceOf(ctx.database.db, wallet(userId))).toBe(0);
  });

  it('refuses postings that do not balance, amounts that are not whole millimes, a single account', async () => {
    const userId = await newAdvertiserWith(0);
    const postings = (amounts: [number, number]): Posting[] => [
      { account: clearing, amount: amounts[0] },
      { account: wallet(userId), amount: amounts[1] },
    ];
    const attempt = (p: Posting[]) =>
      ledger.post(ctx.database.db, { idempotencyKey: key('bad'), kind: 'test', postings: p });

    await expect(attempt(postings([-1000, 999]))).rejects.toThrow(/sum to zero/);
    await expect(attempt(postings([-0.5, 0.5]))).rejects.toThrow(/whole millimes/);
    await expect(
      attempt([
        { account: wallet(userId), amount: 5 },
        { account: wallet(userId), amount: -5 },
      ]),
    ).rejects.toThrow(/two accounts/);
    expect(await ledger.balanceOf(ctx.database.db, wallet(userId))).toBe(0);
  });

  it('reverses a transaction with a new one, once per key', async () => {
    const userId = await newAdvertiserWith(0);
    const purchase = await topUp(userId, 30_000);
    const reversalKey = key('refund');
    const reversal = await ledger.reverse(ctx.database.db, {
      transactionId: purchase.transaction.id,
      idempotencyKey: reversalKey,
    });
    await ledger.reverse(ctx.database.db, {
      transactionId: purchase.transaction.id,
      idempotencyKey: reversalKey,
    });

    expect(reversal.transaction.reversesTransactionId).toBe(purchase.transaction.id);
    expect(reversal.transaction.kind).toBe('wallet.top-up.reversal');
    expect(await ledger.balanceOf(ctx.database.db, wallet(userId))).toBe(0);
  });

  it('cannot reverse a top-up whose money is already spent', async () => {
    const userId = await newAdvertiserWith(0);
    const purchase = await topUp(userId, 30_000);
    await spend(userId, 20_000);
    await expect(
      ledger.reverse(ctx.database.db, {
        transactionId: purchase.transaction.id,
        idempotencyKey: key('refund'),
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });
});

describe('the database keeps the books straight by itself', () => {
  it('refuses at commit a transaction whose entries do not sum to zero', async () => {
    const userId = await newAdvertiserWith(10_000);
    const account = await ledgerRepository.findAccount(
      ctx.database.db,
      'advertiser_wallet',
      userId,
    );
    const write = inTransaction(ctx.database.db, async (tx) => {
      const transaction = await ledgerRepository.insertTransaction(tx, {
        idempotencyKey: key('forged'),
        kind: 'forged',
      });
      await ledgerRepository.insertEntries(tx, [
        {
          transactionId: transaction.id,
          accountId: account!.id,
          amount: 5_000,
          balanceAfter: 15_000,
          accountVersion: 99,
        },
      ]);
    });
    await expect(write).rejects.toThrow();
    expect(await sumOfEntries(userId, 'advertiser_wallet')).toBe(10_000);
  });

  it('refuses to change or delete written entries and transactions', async () => {
    const userId = await newAdvertiserWith(0);
    const { transaction, entries } = await topUp(userId, 10_000);

    await expect(
      ctx.database.db.execute(
        sql`update ledger_entries set amount = 1 where id = ${entries[0]!.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.execute(sql`delete from ledger_entries where id = ${entries[0]!.id}`),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.execute(sql`delete from ledger_transactions where id = ${transaction.id}`),
    ).rejects.toThrow();
    expect(await sumOfEntries(userId, 'advertiser_wallet')).toBe(10_000);
  });

  it("refuses a person's account below zero even when code writes the balance directly", async () => {
    const userId = await newAdvertiserWith(1_000);
    await expect(
      ctx.database.db.execute(
        sql`update ledger_accounts set balance = -1
             where owner_user_id = ${userId} and kind = 'advertiser_wallet'`,
      ),
    ).rejects.toThrow();
  });
});

describe('holds', () => {
  it('reserves, then captures part for the creator and the platform and returns the rest', async () => {
    const advertiser = await newAdvertiserWith(200_000);
    const creator = await createTalent(ctx);
    const hold = await ledger.reserve(ctx.database.db, {
      idempotencyKey: key('hold'),
      ownerUserId: advertiser,
      amount: 150_000,
      reference: { content_request_influencer_id: 7 },
    });
    expect(await ledger.walletBalances(ctx.database.db, advertiser)).toEqual({
      balance: 200_000,
      reserved: 150_000,
      available: 50_000,
    });

    const captureKey = key('capture');
    const settled = await ledger.settle(ctx.database.db, {
      holdId: hold.id,
      idempotencyKey: captureKey,
      captures: [
        { account: earnings(creator.userId), amount: 100_000 },
        { account: revenue, amount: 20_000 },
      ],
    });
    expect(settled).toMatchObject({ status: 'settled', capturedAmount: 120_000 });
    expect(await ledger.walletBalances(ctx.database.db, advertiser)).toEqual({
      balance: 80_000,
      reserved: 0,
      available: 80_000,
    });
    expect(await ledger.balanceOf(ctx.database.db, earnings(creator.userId))).toBe(100_000);

    // The same capture again is answered, not applied; another settlement is refused.
    const again = await ledger.settle(ctx.database.db, {
      holdId: hold.id,
      idempotencyKey: captureKey,
      captures: [{ account: earnings(creator.userId), amount: 100_000 }],
    });
    expect(again.settleTransactionId).toBe(settled.settleTransactionId);
    await expect(
      ledger.release(ctx.database.db, { holdId: hold.id, idempotencyKey: key('release') }),
    ).rejects.toMatchObject({ code: 'HOLD_SETTLED', statusCode: 409 });
    expect(await ledger.balanceOf(ctx.database.db, earnings(creator.userId))).toBe(100_000);
  });

  it('releases a hold back to the wallet', async () => {
    const advertiser = await newAdvertiserWith(50_000);
    const hold = await ledger.reserve(ctx.database.db, {
      idempotencyKey: key('hold'),
      ownerUserId: advertiser,
      amount: 50_000,
    });
    expect((await ledger.walletBalances(ctx.database.db, advertiser)).available).toBe(0);
    await ledger.release(ctx.database.db, { holdId: hold.id, idempotencyKey: key('release') });
    expect(await ledger.walletBalances(ctx.database.db, advertiser)).toEqual({
      balance: 50_000,
      reserved: 0,
      available: 50_000,
    });
  });

  it('cannot reserve more than is available, and a reserved amount cannot be spent', async () => {
    const advertiser = await newAdvertiserWith(50_000);
    await expect(
      ledger.reserve(ctx.database.db, {
        idempotencyKey: key('hold'),
        ownerUserId: advertiser,
        amount: 50_001,
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await ledger.reserve(ctx.database.db, {
      idempotencyKey: key('hold'),
      ownerUserId: advertiser,
      amount: 40_000,
    });
    await expect(spend(advertiser, 10_001)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });

  it('cannot capture more than the hold', async () => {
    const advertiser = await newAdvertiserWith(50_000);
    const hold = await ledger.reserve(ctx.database.db, {
      idempotencyKey: key('hold'),
      ownerUserId: advertiser,
      amount: 10_000,
    });
    await expect(
      ledger.settle(ctx.database.db, {
        holdId: hold.id,
        idempotencyKey: key('capture'),
        captures: [{ account: revenue, amount: 10_001 }],
      }),
    ).rejects.toThrow(/within the hold/);
    expect((await ledger.walletBalances(ctx.database.db, advertiser)).reserved).toBe(10_000);
  });
});

describe('sums per content request and opportunity', () => {
  it('keeps each advertiser account summed per source its postings name, reversals included', async () => {
    const advertiser = await newAdvertiserWith(100_000);
    const creator = await createTalent(ctx);
    const db = ctx.database.db;
    const requestId = 910_001;
    const opportunityId = 920_002;
    const pay = (amount: number, reference: Record<string, string | number>) =>
      ledger.post(db, {
        idempotencyKey: key('fee'),
        kind: 'content-request.platform-fee',
        postings: [
          { account: wallet(advertiser), amount: -amount },
          { account: revenue, amount },
        ],
        reference,
      });

    // A fee naming the request, one naming the opportunity (its id written as text, as a
    // reference may), one naming neither.
    const requestFee = await pay(10_000, { content_request_id: requestId, payment_id: 1 });
    await pay(5_000, { content_opportunity_id: String(opportunityId) });
    await pay(3_000, { wallet_purchase_id: 4 });
    // The request's content fee reserved, then 15,000 of it captured, the rest returned.
    const requestHold = await ledger.reserve(db, {
      idempotencyKey: key('hold'),
      ownerUserId: advertiser,
      amount: 20_000,
      reference: { content_request_id: requestId, content_request_influencer_id: 1 },
    });
    await ledger.settle(db, {
      holdId: requestHold.id,
      idempotencyKey: key('capture'),
      captures: [{ account: earnings(creator.userId), amount: 15_000 }],
    });
    // The opportunity's content fee still reserved; the request's fee refunded.
    await ledger.reserve(db, {
      idempotencyKey: key('hold'),
      ownerUserId: advertiser,
      amount: 8_000,
      reference: { content_opportunity_id: opportunityId },
    });
    await ledger.reverse(db, {
      transactionId: requestFee.transaction.id,
      idempotencyKey: key('refund'),
    });

    const rows = await ledgerRepository.ownerSumsBySource(db, advertiser, {
      contentRequestIds: [requestId],
      contentOpportunityIds: [opportunityId],
    });
    const byKind = (kind: string) =>
      rows
        .filter((r) => r.kind === kind)
        .map(({ contentRequestId, contentOpportunityId, sum }) => ({
          contentRequestId,
          contentOpportunityId,
          sum,
        }))
        .sort((a, b) => (a.contentRequestId ?? 0) - (b.contentRequestId ?? 0));
    // Wallet: -10,000 + 10,000 (refund) - 20,000 + 5,000 for the request; -5,000 - 8,000 for the
    // opportunity. Reserved: +20,000 - 20,000 (a row at zero stays) and +8,000.
    expect(byKind('advertiser_wallet')).toEqual([
      { contentRequestId: null, contentOpportunityId: opportunityId, sum: -13_000 },
      { contentRequestId: requestId, contentOpportunityId: null, sum: -15_000 },
    ]);
    expect(byKind('advertiser_reserved')).toEqual([
      { contentRequestId: null, contentOpportunityId: opportunityId, sum: 8_000 },
      { contentRequestId: requestId, contentOpportunityId: null, sum: 0 },
    ]);
    // Only the sources asked for.
    expect(
      await ledgerRepository.ownerSumsBySource(db, advertiser, {
        contentRequestIds: [],
        contentOpportunityIds: [opportunityId],
      }),
    ).toHaveLength(2);
    expect(
      await ledger.advertiserSpending(db, advertiser, {
        contentRequestIds: [requestId, requestId + 1],
        contentOpportunityIds: [opportunityId],
      }),
    ).toEqual({
      spent: 20_000,
      committed: 8_000,
      bySource: new Map([
        [`content-request:${requestId}`, { spent: 15_000, committed: 0 }],
        [`opportunity:${opportunityId}`, { spent: 5_000, committed: 8_000 }],
      ]),
    });
    // The table holds exactly what the entries sum to, and nothing for the fee naming
    // neither, the top-up, the creator's earnings or the platform's revenue.
    const { table, fromEntries } = await sourceSumsOf(db, [advertiser, creator.userId]);
    expect(table).toEqual(fromEntries);
    expect(table).toHaveLength(4);
  });
});

describe('under concurrency', () => {
  it('gives exactly the affordable number of 50 simultaneous debits of one wallet', async () => {
    const advertiser = await newAdvertiserWith(1_000_000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => spend(advertiser, 30_000)),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) =>
        r.status === 'rejected' && (r.reason as { code?: string }).code === 'INSUFFICIENT_FUNDS',
    ).length;

    expect(succeeded).toBe(33);
    expect(refused).toBe(17);
    expect(await ledger.balanceOf(ctx.database.db, wallet(advertiser))).toBe(10_000);
    expect(await sumOfEntries(advertiser, 'advertiser_wallet')).toBe(10_000);
  });

  it('posts once when 50 requests carry the same idempotency key at the same time', async () => {
    const advertiser = await newAdvertiserWith(0);
    const idempotencyKey = key('same');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => topUp(advertiser, 5_000, idempotencyKey)),
    );
    expect(new Set(results.map((r) => r.transaction.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledger.balanceOf(ctx.database.db, wallet(advertiser))).toBe(5_000);
  });

  it('settles a hold once when a capture and a release race', async () => {
    const advertiser = await newAdvertiserWith(20_000);
    const hold = await ledger.reserve(ctx.database.db, {
      idempotencyKey: key('hold'),
      ownerUserId: advertiser,
      amount: 20_000,
    });
    const results = await Promise.allSettled([
      ledger.settle(ctx.database.db, {
        holdId: hold.id,
        idempotencyKey: key('capture'),
        captures: [{ account: revenue, amount: 20_000 }],
      }),
      ledger.release(ctx.database.db, { holdId: hold.id, idempotencyKey: key('release') }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const balances = await ledger.walletBalances(ctx.database.db, advertiser);
    expect(balances.reserved).toBe(0);
    expect([0, 20_000]).toContain(balances.available);
  });
});

describe('reconciliation', () => {
  it('finds the books balanced, and names an account whose cached balance was tampered with', async () => {
    expect((await ledger.reconcile(ctx.database.db)).isBalanced).toBe(true);

    const advertiser = await newAdvertiserWith(10_000);
    const account = await ledgerRepository.findAccount(
      ctx.database.db,
      'advertiser_wallet',
      advertiser,
    );
    // Tampered inside a transaction that is rolled back: other test files share the database.
    let report: Awaited<ReturnType<LedgerService['reconcile']>> | undefined;
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update ledger_accounts set balance = 12000 where id = ${account!.id}`);
        report = await ledger.reconcile(tx);
        tx.rollback();
      })
      .catch(ignoreRollback);

    expect(report?.isBalanced).toBe(false);
    expect(report?.accounts).toContainEqual({
      accountId: account!.id,
      kind: 'advertiser_wallet',
      cached: 12_000,
      sum: 10_000,
    });
    expect((await ledger.reconcile(ctx.database.db)).isBalanced).toBe(true);
  });

  it('alerts admins through an event when the books are off', async () => {
    const advertiser = await newAdvertiserWith(10_000);
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update ledger_accounts set balance = 1 where owner_user_id = ${advertiser}`,
        );
        await ctx.ledger.checkBooks(tx);
        const events = rowsOf<{ payload: { accountIds: number[] } }>(
          await tx.execute(
            sql`select payload from outbox_events where type = 'ledger.out-of-balance'`,
          ),
        );
        expect(events.at(-1)?.payload.accountIds.length).toBeGreaterThan(0);
        tx.rollback();
      })
      .catch(ignoreRollback);
  });

  it('tells every admin, in a notification, when the books are off', async () => {
    const admin = await createAdmin(ctx);
    await ctx.events.emit(ctx.database.db, 'ledger.out-of-balance', {
      accountIds: [1, 2],
      transactionIds: [],
      checkedAt: new Date().toISOString(),
    });
    const notification = await waitFor(async () => {
      const [row] = await ctx.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.receiverUserId, admin.userId),
            eq(notifications.type, 'ledger_out_of_balance'),
          ),
        );
      return row;
    });
    expect(notification).toMatchObject({ receiverRole: 'admin', module: 'payment' });
  });
});
