/**
 * Load benchmark of the hot read paths (getMe, notifications list) with autocannon, on the
 * embedded database and on PostgreSQL, against a baseline measured in the same run
 * (/v2/health: HTTP stack + one `select 1`); discovery search at 100,000 creators on both
 * (bench-search.ts); first load of the web app in a real browser, with Lighthouse
 * (bench-web.ts). Results go to docs/benchmarks.md. Loopback only; every run is bounded in time.
 *
 * Only the web part (about two minutes instead of five or more):
 *   npm run bench -- --web        (or BENCH_ONLY=web npm run bench)
 * It rewrites the "Web" section of docs/benchmarks.md and keeps the other sections as they
 * are. `--no-lighthouse` skips Lighthouse (bundle sizes and LCP only).
 * Only the money part (ledger postings and wallet purchases, bench-money.ts):
 *   npm run bench -- --money
 * Only campaigns and tracked links (bench-campaigns.ts):
 *   npm run bench -- --campaigns
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/platform/db/client.js';
import { prepareDatabase } from '../src/prepare-database.js';
import { recreatePostgresDatabase } from '../src/platform/db/recreate.js';
import { loadEnv, repoRoot } from '../src/platform/env.js';
import { seedDemoData } from '../src/demo/index.js';
import { benchSearch, searchBenchFailures, searchBenchMarkdown } from './bench-search.js';
import { benchWeb, webBenchFailures, webBenchMarkdown } from './bench-web.js';
import { benchMoney, moneyBenchFailures, moneyBenchMarkdown } from './bench-money.js';
import { benchCampaigns, campaignBenchFailures, campaignBenchMarkdown } from './bench-campaigns.js';
import {
  benchOpportunities,
  opportunityBenchFailures,
  opportunityBenchMarkdown,
} from './bench-opportunities.js';

const DURATION_SECONDS = 10;
const CONNECTIONS = 10;
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clipmarket_bench';
const CAMPAIGNS_POSTGRES_URL =
  process.env.BENCH_CAMPAIGNS_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/clipmarket_bench_campaigns';
const OPPORTUNITIES_POSTGRES_URL =
  process.env.BENCH_OPPORTUNITIES_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/clipmarket_bench_opportunities';

interface Row {
  database: string;
  endpoint: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-bench-'));
  if (kind === 'postgres') await recreatePostgresDatabase(POSTGRES_URL);
  const env = loadEnv({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: kind === 'postgres' ? POSTGRES_URL : '',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_IP_RATE_LIMIT_PER_MINUTE: '1000',
  });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
  });
  await prepareDatabase(database);
  const { app, modules } = await buildApp(env, database);
  await seedDemoData(database, env, { media: modules.media.service });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${address}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'brand@clipmarket.tn', password: 'Demo1234' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const { data } = (await login.json()) as { data: { accessToken: string } };
  const headers = { authorization: `Bearer ${data.accessToken}` };

  const targets = [
    { endpoint: 'GET /v2/health (baseline)', url: '/v2/health' },
    { endpoint: 'GET /v2/user/getMe', url: '/v2/user/getMe' },
    { endpoint: 'GET /v2/notifications?page=1&limit=8', url: '/v2/notifications?page=1&limit=8' },
  ];
  const rows: Row[] = [];
  for (const target of targets) {
    const result = await autocannon({
      url: `${address}${target.url}`,
      headers,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    rows.push({
      database: kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15 (server)',
      endpoint: target.endpoint,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
    console.log(rows.at(-1));
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

const args = process.argv.slice(2);
const onlyWeb = args.includes('--web') || process.env.BENCH_ONLY === 'web';
const onlyMoney = args.includes('--money') || process.env.BENCH_ONLY === 'money';
const onlyOpportunities =
  args.includes('--opportunities') || process.env.BENCH_ONLY === 'opportunities';
const onlyCampaigns = args.includes('--campaigns') || process.env.BENCH_ONLY === 'campaigns';
const withLighthouse = !args.includes('--no-lighthouse');
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const machine = `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
const benchmarksFile = path.join(repoRoot, 'docs/benchmarks.md');
/** Rewrites one `## <heading>` section of docs/benchmarks.md, keeping the others. */
function replaceSection(heading: string, section: string) {
  const pattern = new RegExp(
    `^## ${heading}\\b[^\\n]*\\n[\\s\\S]*?(?=^## (?!#)|(?![\\s\\S]))`,
    'm',
  );
  const current = fs.existsSync(benchmarksFile) ? fs.readFileSync(benchmarksFile, 'utf8') : '';
  const updated = pattern.test(current)
    ? current.replace(pattern, `${section}\n`)
    : `${current.trimEnd()}\n\n${section}`;
  fs.writeFileSync(benchmarksFile, updated);
  console.log(section);
}

if (onlyWeb) {
  const web = await benchWeb({ lighthouse: withLighthouse });
  replaceSection('Web', webBenchMarkdown(web, machine));
  const failures = webBenchFailures(web);
  if (failures.length > 0)
    console.error(`\nWeb budget missed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(0);
}

if (onlyMoney) {
  const money = await benchMoney(POSTGRES_URL);
  replaceSection('Money', moneyBenchMarkdown(money, machine));
  const failures = moneyBenchFailures(money);
  if (failures.length > 0) {
    console.error(`\nMoney benchmark FAILED:\n${failures.map((f) => `- ${f}`).join('\n')}`);
    process.exit(1);
  }
  process.exit(0);
}

if (onlyCampaigns) {
  const campaigns = await benchCampaigns(CAMPAIGNS_POSTGRES_URL);
  replaceSection('Campaigns and tracked links', campaignBenchMarkdown(campaigns, machine));
  const failures = campaignBenchFailures(campaigns);
  if (failures.length > 0) {
    console.error(`\nCampaigns benchmark FAILED:\n${failures.map((f) => `- ${f}`).join('\n')}`);
    process.exit(1);
  }
  process.exit(0);
}

if (onlyOpportunities) {
  const opportunities = await benchOpportunities(OPPORTUNITIES_POSTGRES_URL);
  replaceSection('Opportunities', opportunityBenchMarkdown(opportunities, machine));
  const failures = opportunityBenchFailures(opportunities);
  if (failures.length > 0) {
    console.error(`\nOpportunities benchmark FAILED:\n${failures.map((f) => `- ${f}`).join('\n')}`);
    process.exit(1);
  }
  process.exit(0);
}

const rows = [...(await benchDatabase('pglite')), ...(await benchDatabase('postgres'))];
const searches = [await benchSearch('pglite'), await benchSearch('postgres')];
const web = await benchWeb({ lighthouse: withLighthouse });
const money = await benchMoney(POSTGRES_URL);
const opportunities = await benchOpportunities(OPPORTUNITIES_POSTGRES_URL);
const campaigns = await benchCampaigns(CAMPAIGNS_POSTGRES_URL);

const markdown = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}.

## API under load

autocannon, ${CONNECTIONS} connections for ${DURATION_SECONDS} s per endpoint, loopback, signed in as the demo
brand (demo data loaded). \`/v2/health\` is the baseline measured in the same run: the HTTP stack plus one
\`select 1\`. Latencies in milliseconds.

| database | endpoint | requests/s | p50 | p99 | errors |
|---|---|---:|---:|---:|---:|
${rows.map((r) => `| ${r.database} | ${r.endpoint} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} |`).join('\n')}

PGlite runs PostgreSQL in WebAssembly inside the API process and serves one query at a time, so it
shares the CPU with the HTTP work; the server scales with its connection pool.

${webBenchMarkdown(web, machine)}
${moneyBenchMarkdown(money, machine)}
${searchBenchMarkdown(searches, machine)}
${opportunityBenchMarkdown(opportunities, machine)}
${campaignBenchMarkdown(campaigns, machine)}`;
fs.writeFileSync(benchmarksFile, markdown);
console.log(markdown);
// Written first, so the figures and plans that show the problem are there to read.
const failures = [
  ...searchBenchFailures(searches),
  ...moneyBenchFailures(money),
  ...opportunityBenchFailures(opportunities),
  ...campaignBenchFailures(campaigns),
];
const webFailures = webBenchFailures(web);
if (webFailures.length > 0) {
  // Reported, not fatal: the first-load budget is a goal the figures above track.
  console.error(`\nWeb budget missed:\n${webFailures.map((f) => `- ${f}`).join('\n')}`);
}
if (failures.length > 0) {
  console.error(`\nBenchmark FAILED:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
process.exit(0);
