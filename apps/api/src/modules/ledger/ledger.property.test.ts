import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tx } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdvertiser, createTalent } from '../users/test-users.js';
import type { LedgerService } from './ledger.service.js';
import { sourceSumsOf } from './ledger.test-support.js';

/**
 * Model-based property test (issue 9 §9): random sequences of top-ups, purchases, holds,
 * captures, releases, refunds and replays, each checked against a model of what the balances
 * must be, then against the invariants of the books and the sums per request and opportunity
 * the ledger's trigger keeps. Each sequence runs in a transaction that is rolled back, so every
 * one starts from empty accounts and the tables stay small (the database's own commit-time
 * checks have their tests in ledger.test.ts).
 */

/** What a movement's reference names: a content request, an opportunity, or neither. */
type Source = Record<string, string | number>;

type Command =
  | { op: 'top-up'; advertiser: number; amount: number; source: Source }
  | { op: 'purchase'; advertiser: number; amount: number; source: Source }
  | { op: 'reserve'; advertiser: number; amount: number; source: Source }
  | { op: 'capture'; hold: number; creatorPart: number; platformPart: number }
  | { op: 'release'; hold: number }
  | { op: 'refund'; movement: number }
  | { op: 'replay'; movement: number };

const amount = fc.integer({ min: 1, max: 300_000 });
const advertiser = fc.integer({ min: 0, max: 1 });
const index = fc.nat({ max: 9 });
const part = fc.integer({ min: 0, max: 100 });
// A few ids, written as numbers or as text (a reference may hold either): the sums per source
// (ledger_source_sums) must stay what the entries add up to.
const sourceId = fc.integer({ min: 1, max: 3 });
const source: fc.Arbitrary<Source> = fc
  .oneof(
    fc.constant({}),
    fc.record({ content_request_id: sourceId }),
    fc.record({ content_request_id: sourceId.map(String) }),
    fc.record({ content_opportunity_id: sourceId }),
    fc.record({ content_opportunity_id: sourceId, payment_id: sourceId }),
  )
  .map((r): Source => ({ ...r })); // fast-check's records have no prototype: plain objects for jsonb
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('top-up' as const), advertiser, amount, source }),
  fc.record({ op: fc.constant('purchase' as const), advertiser, amount, source }),
  fc.record({ op: fc.constant('reserve' as const), advertiser, amount, source }),
  fc.record({
    op: fc.constant('capture' as const),
    hold: index,
    creatorPart: part,
    platformPart: part,
  }),
  fc.record({ op: fc.constant('release' as const), hold: index }),
  fc.record({ op: fc.constant('refund' as const), movement: index }),
  fc.record({ op: fc.constant('replay' as const), movement: index }),
);

class Rollback extends Error {}

let ctx: TestContext;
let ledger: LedgerService;
let advertisers: number[];
let creator: number;
let sequence = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  ledger = ctx.ledger.service;
  advertisers = [(await createAdvertiser(ctx)).userId, (await createAdvertiser(ctx)).userId];
  creator = (await createTalent(ctx)).userId;
});
afterAll(async () => ctx?.close());

async function runSequence(commands: Command[]): Promise<void> {
  sequence += 1;
  const keyPrefix = `property:${process.pid}:${sequence}:`;
  const key = (name: string) => `${keyPrefix}${name}`;
  const model = { wallet: [0, 0], reserved: [0, 0], earnings: 0 };
  const holds: Array<{ id: number; advertiser: number; amount: number; settled: boolean }> = [];
  const movements: Array<{
    transactionId: number;
    advertiser: number;
    walletChange: number;
    redo: (tx: Tx) => Promise<unknown>;
    refunded: boolean;
  }> = [];
  const expectRefusal = async (work: Promise<unknown>, code: string) => {
    await expect(work).rejects.toMatchObject({ code });
  };

  await ctx.database.db
    .transaction(async (tx) => {
      for (const [step, c] of commands.entries()) {
        switch (c.op) {
          case 'top-up':
          case 'purchase': {
            const sign = c.op === 'top-up' ? 1 : -1;
            const other = c.op === 'top-up' ? 'gateway_clearing' : 'platform_revenue';
            const input = {
              idempotencyKey: key(`move-${step}`),
              kind: c.op,
              postings: [
                {
                  account: { kind: 'advertiser_wallet', ownerUserId: advertisers[c.advertiser]! },
                  amount: sign * c.amount,
                },
                { account: { kind: other }, amount: -sign * c.amount },
              ],
              reference: c.source,
            } as const;
            const redo = (db: Tx) => ledger.post(db, input);
            if (model.wallet[c.advertiser]! + sign * c.amount < 0) {
              await expectRefusal(inSavepoint(tx, redo), 'INSUFFICIENT_FUNDS');
              break;
            }
            const { transaction } = await ledger.post(tx, input);
            model.wallet[c.advertiser]! += sign * c.amount;
            movements.push({
              transactionId: transaction.id,
              advertiser: c.advertiser,
              walletChange: sign * c.amount,
              redo,
              refunded: false,
            });
            break;
          }
          case 'reserve': {
            const input = {
              idempotencyKey: key(`hold-${step}`),
              ownerUserId: advertisers[c.advertiser]!,
              amount: c.amount,
              reference: c.source,
            };
            if (model.wallet[c.advertiser]! < c.amount) {
              await expectRefusal(
                inSavepoint(tx, (db) => ledger.reserve(db, input)),
                'INSUFFICIENT_FUNDS',
              );
              break;
            }
            const hold = await ledger.reserve(tx, input);
            model.wallet[c.advertiser]! -= c.amount;
            model.reserved[c.advertiser]! += c.amount;
            holds.push({ id: hold.id, advertiser: c.advertiser, amount: c.amount, settled: false });
            break;
          }
          case 'capture':
          case 'release': {
            const hold = holds[c.hold % Math.max(holds.length, 1)];
            if (!hold) break;
            // Parts of the hold, in percent: what the creator and the platform get.
            const creatorAmount =
              c.op === 'capture' ? Math.floor((hold.amount * c.creatorPart) / 200) : 0;
            const platformAmount =
              c.op === 'capture' ? Math.floor((hold.amount * c.platformPart) / 200) : 0;
            const captures = [
              ...(creatorAmount > 0
                ? [
                    {
                      account: { kind: 'creator_earnings', ownerUserId: creator } as const,
                      amount: creatorAmount,
                    },
                  ]
                : []),
              ...(platformAmount > 0
                ? [{ account: { kind: 'platform_revenue' } as const, amount: platformAmount }]
                : []),
            ];
            const settle = (db: Tx) =>
              ledger.settle(db, {
                holdId: hold.id,
                idempotencyKey: key(`settle-${step}`),
                captures,
              });
            if (hold.settled) {
              await expectRefusal(inSavepoint(tx, settle), 'HOLD_SETTLED');
              break;
            }
            await settle(tx);
            hold.settled = true;
            model.reserved[hold.advertiser]! -= hold.amount;
            model.wallet[hold.advertiser]! += hold.amount - creatorAmount - platformAmount;
            model.earnings += creatorAmount;
            break;
          }
          case 'refund': {
            const movement = movements[c.movement % Math.max(movements.length, 1)];
            if (!movement) break;
            const refund = (db: Tx) =>
              ledger.reverse(db, {
                transactionId: movement.transactionId,
                idempotencyKey: key(`refund-${movement.transactionId}`),
              });
            if (movement.refunded) {
              // The same refund again is answered, not applied.
              expect((await refund(tx)).replayed).toBe(true);
              break;
            }
            if (model.wallet[movement.advertiser]! - movement.walletChange < 0) {
              await expectRefusal(inSavepoint(tx, refund), 'INSUFFICIENT_FUNDS');
              break;
            }
            await refund(tx);
            movement.refunded = true;
            model.wallet[movement.advertiser]! -= movement.walletChange;
            break;
          }
          case 'replay': {
            const movement = movements[c.movement % Math.max(movements.length, 1)];
            if (movement) expect(await movement.redo(tx)).toMatchObject({ replayed: true });
            break;
          }
        }
      }
      await expectBooksToMatch(tx, model, keyPrefix);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

/**
 * A refused command must leave the sequence's transaction usable: it runs in a savepoint
 * (a nested drizzle transaction) that is rolled back on its error.
 */
function inSavepoint<T>(tx: Tx, work: (db: Tx) => Promise<T>): Promise<T> {
  return tx.transaction((savepoint) => work(savepoint));
}

async function expectBooksToMatch(
  tx: Tx,
  model: { wallet: number[]; reserved: number[]; earnings: number },
  keyPrefix: string,
) {
  for (const [i, userId] of advertisers.entries()) {
    expect(await ledger.walletBalances(tx, userId)).toEqual({
      available: model.wallet[i],
      reserved: model.reserved[i],
      balance: model.wallet[i]! + model.reserved[i]!,
    });
  }
  expect(await ledger.balanceOf(tx, { kind: 'creator_earnings', ownerUserId: creator })).toBe(
    model.earnings,
  );
  // Cached balances equal the sums of entries, the sequence's transactions sum to zero, and
  // nobody is below zero. The whole books are reconciled every hundredth sequence (a full scan).
  const owners = sql.join(
    [...advertisers, creator].map((id) => sql`${id}`),
    sql`, `,
  );
  const offBalance = rowsOf(
    await tx.execute(sql`
      select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
       where a.owner_user_id in (${owners})
       group by a.id having a.balance <> coalesce(sum(e.amount), 0) or a.balance < 0`),
  );
  expect(offBalance).toEqual([]);
  const offZero = rowsOf(
    await tx.execute(sql`
      select t.id from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
       where t.idempotency_key like ${`%${keyPrefix}%`}
       group by t.id having sum(e.amount) <> 0 or count(*) < 2`),
  );
  expect(offZero).toEqual([]);
  // The trigger's sums per account and source are the entries grouped as they were before it.
  const { table, fromEntries } = await sourceSumsOf(tx, advertisers);
  expect(table).toEqual(fromEntries);
  if (sequence % 100 === 0) expect(await ledger.reconcile(tx)).toMatchObject({ isBalanced: true });
}

it('keeps every invariant of the books over 1,000 random sequences of money movements', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), runSequence),
    {
      numRuns: 1_000,
    },
  );
}, 600_000);
