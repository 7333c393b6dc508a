/**
 * Load benchmark of the hot read paths (getMe, notifications list) with autocannon, on the
 * embedded database and on PostgreSQL, against a baseline measured in the same run
 * (/v2/health: HTTP stack + one `select 1`); discovery search at 100,000 creators on both
 * (bench-search.ts). Also measures the web's initial JavaScript. Results go to
 * docs/benchmarks.md. Loopback only; every run is bounded in time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/platform/db/client.js';
import { prepareDatabase } from '../src/prepare-database.js';
import { recreatePostgresDatabase } from '../src/platform/db/recreate.js';
import { loadEnv, repoRoot } from '../src/platform/env.js';
import { seedDemoData } from '../src/modules/demo-data/index.js';
import { benchSearch, searchBenchFailures, searchBenchMarkdown } from './bench-search.js';

const DURATION_SECONDS = 10;
const CONNECTIONS = 10;
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clipmarket_bench';

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

/** Initial JS (gzip) of a route: the entry chunk plus the lazy chunks the route needs first, with their static imports. */
function measureWebBundles() {
  const distDir = path.join(repoRoot, 'apps/web/dist');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
  const gzipSize = (file: string) =>
    zlib.gzipSync(fs.readFileSync(path.join(distDir, file))).length;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return [...seen].filter((k) => manifest[k]!.file.endsWith('.js'));
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const findKey = (pattern: RegExp) => Object.keys(manifest).filter((k) => pattern.test(k));
  const routes = [
    {
      route: 'Login page (/login)',
      keys: [entry, ...findKey(/features\/auth\/pages\/login-page/)],
    },
    {
      route: 'Shell (/profile/check-profile)',
      keys: [
        entry,
        ...findKey(/app\/(layout|shell)|features\/shell\//),
        ...findKey(/features\/showcase\/pages/),
      ],
    },
  ];
  return routes.map(({ route, keys }) => {
    const files = closure(keys);
    const bytes = files.reduce((sum, key) => sum + gzipSize(manifest[key]!.file), 0);
    return { route, kilobytes: Math.round((bytes / 1024) * 10) / 10, chunks: files.length };
  });
}

const rows = [...(await benchDatabase('pglite')), ...(await benchDatabase('postgres'))];
const searches = [await benchSearch('pglite'), await benchSearch('postgres')];
const bundles = measureWebBundles();
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const machine = `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;

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

## Web: initial JavaScript (gzip)

The JavaScript a browser must load before the route renders: entry chunk, the route's lazy chunks and
their static imports. Budget: under 200 KB gzip.

| route | KB gzip | chunks | budget |
|---|---:|---:|---|
${bundles.map((b) => `| ${b.route} | ${b.kilobytes} | ${b.chunks} | ${b.kilobytes < 200 ? 'ok' : 'OVER'} |`).join('\n')}

${searchBenchMarkdown(searches, machine)}`;
fs.writeFileSync(path.join(repoRoot, 'docs/benchmarks.md'), markdown);
console.log(markdown);
// Written first, so the figures and plans that show the problem are there to read.
const failures = searchBenchFailures(searches);
if (failures.length > 0) {
  console.error(`\nSearch benchmark FAILED:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
process.exit(0);
