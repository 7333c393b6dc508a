import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { DbOrTx } from './client.js';
import { rowsOf } from './raw-rows.js';
import { inTransaction, readAll } from './transaction.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Two reads that record how many of them were running at once. */
function countingReads(db: DbOrTx) {
  let running = 0;
  const seen = { mostAtOnce: 0 };
  const read = (n: number) => async () => {
    running += 1;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, running);
    try {
      return rowsOf<{ n: number }>(await db.execute(sql`select ${n}::int as n`))[0]?.n;
    } finally {
      running -= 1;
    }
  };
  return { reads: [read(1), read(2)] as const, seen };
}

describe('readAll', () => {
  it("runs a transaction's reads one after another: its one connection takes one query at a time", async () => {
    await inTransaction(ctx.database.db, async (tx) => {
      const { reads, seen } = countingReads(tx);
      expect(await readAll(tx, reads)).toEqual([1, 2]);
      expect(seen.mostAtOnce).toBe(1);
    });
  });

  it('runs reads on the database side by side (each takes a connection of the pool)', async () => {
    const { reads, seen } = countingReads(ctx.database.db);
    expect(await readAll(ctx.database.db, reads)).toEqual([1, 2]);
    expect(seen.mostAtOnce).toBe(2);
  });
});
