import { sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.js';

/** Arbitrary constant: serialises two app instances seeding the same PostgreSQL at once. */
const DEMO_SEED_LOCK_KEY = 720_431_905;

/** Held until the transaction ends (an advisory lock: no table of any module). */
export async function lockDemoSeed(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
}
