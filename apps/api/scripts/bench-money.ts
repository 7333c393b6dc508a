/**
 * Money benchmark (issue 9 §10): ledger postings per second and wallet pack purchases per
 * second under 50 concurrent clients, on the embedded database and on PostgreSQL. A purchase is
 * the whole path: checkout (priced, recorded, Idempotency-Key), the Konnect client opening the
 * payment at the built-in sandbox, the payer paying there, our read-back confirming it and the
 * wallet credited, stamp booked and invoice numbered in one transaction.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app.js';
import { openDatabase, type Database } from '../src/platform/db/client.js';
import { recreatePostgresDatabase } from '../src/platform/db/recreate.js';
import { loadEnv } from '../src/platform/env.js';
import { prepareDatabase } from '../src/prepare-database.js';
import { advertisers, users } from '../src/modules/users/users.schema.js';

export const MONEY_CLIENTS = 50;
const POSTINGS = 2_000;
const CONTENDED_POSTINGS = 1_000;
const PURCHASES = 300;
const SUCCESS_CARD = '4509211111111119';

export interface MoneyBenchRow {
  database: string;
  operation: string;
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Whether the books balanced and the balances came out exact after the run. */
  isExact: boolean;
}

/** Runs `total` operations with `clients` workers; answers the latencies (ms) and the time. */
async function runConcurrently(
  total: number,
  clients: number,
  operation: (index: number) => Promise<void>,
) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const index = next;
        next += 1;
        const begin = performance.now();
        await operation(index);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.floor(q * (latencies.length - 1))]! * 10) / 10;
  return { perSecond: Math.round(total / seconds), p50: at(0.5), p99: at(0.99) };
}

async function createAdvertisers(database: Database, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const [user] = await database.db
      .insert(users)
      .values({
        email: `bench-${Date.now()}-${i}@clipmarket.test`,
        passwordHash: 'not-a-login',
        role: 'BRAND',
        isVerified: true,
      })
      .returning({ id: users.id });
    await database.db.insert(advertisers).values({
      userId: user!.id,
      name: `Bench brand ${i}`,
      companyName: `Bench ${i} SARL`,
      taxRegistrationNumber: '1234567A/A/M/000',
      domiciliationAddress: 'Tunis',
      phoneCompany: '71000000',
      phoneCompanyPrefix: '+216',
    });
    ids.push(user!.id);
  }
  return ids;
}

async function benchOne(kind: 'pglite' | 'postgres', postgresUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-bench-money-'));
  if (kind === 'postgres') await recreatePostgresDatabase(postgresUrl);
  const env = loadEnv({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: kind === 'postgres' ? postgresUrl : '',
    SEED_DEMO_DATA: 'false',
  });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
  });
  await prepareDatabase(database);
  const built: App = await buildApp(env, database);
  await built.app.ready();
  const label = kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15 (server)';
  const { ledger } = built;
  const db = database.db;
  const owners = await createAdvertisers(database, MONEY_CLIENTS);
  const rows: MoneyBenchRow[] = [];
  const books = async () => (await ledger.checkBooks()).isBalanced;

  // Top-ups, each client to its own wallet: accounts never wait for each other.
  const spread = await runConcurrently(POSTINGS, MONEY_CLIENTS, async (i) => {
    await ledger.service.post(db, {
      idempotencyKey: `bench:${kind}:spread:${i}`,
      kind: 'bench.top-up',
      postings: [
        { account: { kind: 'gateway_clearing' }, amount: -1_000 },
        {
          account: { kind: 'advertiser_wallet', ownerUserId: owners[i % owners.length]! },
          amount: 1_000,
        },
      ],
    });
  });
  const spreadTotal = (
    await Promise.all(owners.map((o) => ledger.service.walletBalances(db, o)))
  ).reduce((sum, w) => sum + w.available, 0);
  rows.push({
    database: label,
    operation: `ledger postings, ${MONEY_CLIENTS} clients, one wallet each`,
    count: POSTINGS,
    ...spread,
    isExact: spreadTotal === POSTINGS * 1_000 && (await books()),
  });

  // Debits of one wallet by every client at once: the hardest case (one row lock).
  const contendedOwner = owners[0]!;
  const startBalance = (await ledger.service.walletBalances(db, contendedOwner)).available;
  let refused = 0;
  const contended = await runConcurrently(CONTENDED_POSTINGS, MONEY_CLIENTS, async (i) => {
    try {
      await ledger.service.post(db, {
        idempotencyKey: `bench:${kind}:contended:${i}`,
        kind: 'bench.spend',
        postings: [
          { account: { kind: 'advertiser_wallet', ownerUserId: contendedOwner }, amount: -10 },
          { account: { kind: 'platform_revenue' }, amount: 10 },
        ],
      });
    } catch {
      refused += 1;
    }
  });
  const endBalance = (await ledger.service.walletBalances(db, contendedOwner)).available;
  rows.push({
    database: label,
    operation: `ledger postings, ${MONEY_CLIENTS} clients, one shared wallet`,
    count: CONTENDED_POSTINGS,
    ...contended,
    isExact:
      endBalance === startBalance - (CONTENDED_POSTINGS - refused) * 10 &&
      endBalance >= 0 &&
      (await books()),
  });

  // Whole wallet pack purchases: checkout → gateway → pay → read-back → credit + invoice.
  const sandbox = built.konnectSandbox!;
  const wallet = built.modules.wallet.service;
  const before = await Promise.all(owners.map((o) => ledger.service.walletBalances(db, o)));
  const purchases = await runConcurrently(PURCHASES, MONEY_CLIENTS, async (i) => {
    const owner = owners[i % owners.length]!;
    const bought = await wallet.buy(owner, { amount: 100_000 });
    const payment = await built.payments.service.find(db, bought.payment_id);
    await sandbox.service.pay(payment!.gatewayRef!, SUCCESS_CARD);
    await built.payments.service.settleWithGateway(bought.payment_id);
  });
  const after = await Promise.all(owners.map((o) => ledger.service.walletBalances(db, o)));
  const credited = after.reduce((sum, w, i) => sum + w.available - before[i]!.available, 0);
  rows.push({
    database: label,
    operation: `wallet pack purchases paid end to end, ${MONEY_CLIENTS} clients`,
    count: PURCHASES,
    ...purchases,
    isExact: credited === PURCHASES * 100_000 && (await books()),
  });
  for (const row of rows) console.log(row);

  await built.app.close();
  await built.realtime.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

export async function benchMoney(postgresUrl: string): Promise<MoneyBenchRow[]> {
  return [...(await benchOne('pglite', postgresUrl)), ...(await benchOne('postgres', postgresUrl))];
}

export function moneyBenchFailures(rows: MoneyBenchRow[]): string[] {
  return rows
    .filter((row) => !row.isExact)
    .map((row) => `${row.database}: ${row.operation}: balances or books not exact`);
}

export function moneyBenchMarkdown(rows: MoneyBenchRow[], machine: string): string {
  return `## Money: ledger and wallet purchases

Measured by \`npm run bench\` (or \`npm run bench -- --money\`) on ${new Date().toISOString().slice(0, 10)}; ${machine}.
In process, ${MONEY_CLIENTS} concurrent clients, latencies in milliseconds. A purchase is the whole path: checkout
(priced, recorded), the Konnect client opening the payment at the built-in sandbox, paying there, the read-back
confirming it and crediting the wallet with the stamp booked and the invoice numbered, in one transaction.
"exact" checks after each run that every balance is what the operations add up to and that the books balance.

| database | operation | count | per second | p50 | p99 | exact |
|---|---|---:|---:|---:|---:|:-:|
${rows.map((r) => `| ${r.database} | ${r.operation} | ${r.count} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.isExact ? 'yes' : '**no**'} |`).join('\n')}

PGlite serves one query at a time, so concurrent clients queue inside the process. On the server, a posting
locks only the person's accounts it touches (in id order); the platform's accounts (\`gateway_clearing\`,
\`platform_revenue\`, …) keep no cached balance and are never locked (ADR 014, amended after this benchmark's first
run showed every payment queued behind one \`gateway_clearing\` row). Debits of one shared wallet still wait on its
row, by design. A purchase waits for two ledger transactions, the invoice counter of the year (one row, locked:
numbers without gaps) and four HTTP calls to the in-process sandbox.
`;
}
