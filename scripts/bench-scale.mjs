// The scale-out part of `npm run bench` (issue 26 §6), written to docs/benchmarks.md:
//   npm run bench -- --scale                 1 then 2 API processes (+1 worker) behind the
//                                            round-robin proxy of the multi-process tests
//                                            (apps/api/cluster): autocannon on search, getMe,
//                                            the notifications list and a tracked link's
//                                            redirect, requests/s and p99 side by side with the
//                                            ratio 2 ÷ 1 ("Scale-out" section);
//   npm run bench -- --soak [--soak-minutes N]
//                                            2 API processes and a worker under a steady mixed
//                                            load for N minutes (default 30), each process's
//                                            resident memory sampled: passes with 0 errors and
//                                            no process growing more than 10 % after warm-up
//                                            ("Soak" section).
// The compiled API, as deployed (cluster.ts builds it), on PostgreSQL (BENCH_DATABASE_URL's
// server, default postgres://postgres@127.0.0.1:5432/clipmarket_bench; its `_scale` database,
// created fresh) and the S3 test server. Run with `node --import tsx` (scripts/bench.mjs does).
// Loopback only; every process is stopped at the end, on failure or Ctrl-C too.
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { machine, procMemory, replaceSection, round, sleep } from './bench-support.mjs';
import { root } from './lib.mjs';
import { startCluster } from '../apps/api/cluster/cluster.ts';
import { createSetupApp } from '../apps/api/cluster/setup-app.ts';
import { acceptedLine } from '../apps/api/src/modules/content-requests/content-requests.test-support.ts';
import {
  createCreator,
  createSearcher,
} from '../apps/api/src/modules/discovery/discovery.test-support.ts';
import { advertisers } from '../apps/api/src/modules/users/users.schema.ts';

const args = process.argv.slice(2);
const soak = args.includes('--soak') || args.includes('--soak-minutes');
const minutesArgument = args[args.indexOf('--soak-minutes') + 1];
const soakMinutes = args.includes('--soak-minutes') ? Number(minutesArgument) : 30;
if (!(soakMinutes > 0)) {
  console.error('--soak-minutes takes a number of minutes (default 30)');
  process.exit(2);
}

// The cluster reads DATABASE_URL (platform/env.ts): the bench's server, database `<name>_scale`.
process.env.DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clipmarket_bench';

const SECONDS_PER_ENDPOINT = 20;
const CONNECTIONS = 32;
const CREATORS = 300;
const SEARCHERS = 16;
const GOALS = { soakGrowth: 0.1 };
/** The soak's steady load: well under saturation, what a day's traffic looks like. */
const SOAK_RATE = 150;
const SOAK_SAMPLE_MS = 10_000;
const loadAtStart = round(os.loadavg()[0]);

/** Settings of every process: the load comes from one address, so no limit may stop it. */
const clusterEnv = {
  LOG_LEVEL: 'warn',
  AUTH_IP_RATE_LIMIT_PER_MINUTE: '1000000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
  LINK_RATE_LIMIT_PER_MINUTE: '1000000',
  UPLOAD_RATE_LIMIT_PER_MINUTE: '1000000',
  // A soak outlives the default 15 minutes of the tokens the bench signs once.
  ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600),
};

/** The four endpoints' requests, as one advertiser and one creator make them. */
async function prepare(setup) {
  for (let i = 0; i < CREATORS; i += 1) {
    await createCreator(setup, { instagram: { followersCount: 1000 + i * 37 } });
  }
  // Advertisers in turn: each search counts against its advertiser's quota row, which one
  // advertiser's concurrent searches would queue on.
  const searchers = [];
  for (let i = 0; i < SEARCHERS; i += 1) {
    searchers.push(await createSearcher(setup, { maxSearchCount: 100_000_000 }));
  }
  const { brand, creator, lineId } = await acceptedLine(setup);
  // The short link leads to the advertiser's page: its website here.
  await setup.database.db
    .update(advertisers)
    .set({ websiteUrl: 'https://brand.example.tn' })
    .where(eq(advertisers.userId, brand.userId));
  const toolbox = await fetchJson(setup, creator.token, `/v2/toolbox/${lineId}`);
  const shortUrl = /"short_url":"([^"]+)"/.exec(JSON.stringify(toolbox))?.[1];
  if (!shortUrl) throw new Error('No tracked link made for the line');
  const json = (token) => ({
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  });
  return [
    {
      label: 'search (`POST /v2/search/influencers`)',
      method: 'POST',
      path: '/v2/search/influencers',
      headers: json(searchers[0].token),
      body: JSON.stringify({}),
      tokens: searchers.map((searcher) => searcher.token),
    },
    {
      label: 'getMe (`GET /v2/user/getMe`)',
      method: 'GET',
      path: '/v2/user/getMe',
      headers: json(creator.token),
    },
    {
      label: 'notifications (`GET /v2/notifications`)',
      method: 'GET',
      path: '/v2/notifications?page=1&limit=20',
      headers: json(creator.token),
    },
    {
      label: 'tracked link (`GET /l/{code}`, 302)',
      method: 'GET',
      path: new URL(shortUrl).pathname,
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
      expected: 302,
    },
  ];
}

/** One JSON call to the setup app (in-process, no proxy): the bench's own preparation. */
async function fetchJson(setup, token, url) {
  const answer = await setup.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

/** An autocannon `setupRequest` signing each request with the next of `tokens`. */
function nextToken(tokens) {
  let next = 0;
  return (request) => {
    next = (next + 1) % tokens.length;
    return {
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${tokens[next]}` },
    };
  };
}

/** autocannon through the proxy; counts every status other than the endpoint's as an error. */
function load(url, requests, options) {
  const statuses = new Map();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        requests: requests.map(({ method, path: requestPath, headers, body, tokens }) => ({
          method,
          path: requestPath,
          headers,
          ...(body ? { body } : {}),
          ...(tokens ? { setupRequest: nextToken(tokens) } : {}),
        })),
        ...options,
      },
      (error, result) => {
        if (error) return reject(error);
        const expected = new Set(requests.map((r) => r.expected ?? 200));
        let unexpected = 0;
        for (const [status, count] of statuses) if (!expected.has(status)) unexpected += count;
        resolve({
          requestsPerSecond: result.requests.average,
          p99: result.latency.p99,
          total: result.requests.total,
          errors: result.errors + result.timeouts + unexpected,
          statuses: Object.fromEntries(statuses),
        });
      },
    );
    instance.on('response', (_client, status) =>
      statuses.set(status, (statuses.get(status) ?? 0) + 1),
    );
  });
}

async function withCluster(apis, body) {
  const cluster = await startCluster({ apis, workers: 1, env: clusterEnv, databaseLabel: 'scale' });
  let setup;
  const abort = () => void cluster.stop().finally(() => process.exit(130));
  process.once('SIGINT', abort);
  try {
    setup = await createSetupApp(cluster);
    return await body(cluster, setup);
  } finally {
    process.off('SIGINT', abort);
    await setup?.close();
    await cluster.stop();
  }
}

async function scale() {
  const runs = [];
  for (const apis of [1, 2]) {
    console.log(`\n${apis} API process(es) + 1 worker, through the proxy:`);
    const figures = await withCluster(apis, async (cluster, setup) => {
      const endpoints = await prepare(setup);
      const results = [];
      for (const endpoint of endpoints) {
        // A few seconds of warm-up (JIT, pools, caches), then the measured run.
        await load(cluster.url, [endpoint], { duration: 3 });
        const result = await load(cluster.url, [endpoint], { duration: SECONDS_PER_ENDPOINT });
        console.log(
          `  ${endpoint.label}: ${round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms, ${result.errors} errors`,
        );
        results.push({ endpoint: endpoint.label, ...result });
      }
      return results;
    });
    runs.push({ apis, figures });
  }
  const section = scaleMarkdown(runs);
  replaceSection(path.join(root, 'docs/benchmarks.md'), 'Scale-out', section);
  console.log(`\n${section}`);
  return runs.every((run) => run.figures.every((figure) => figure.errors === 0));
}

function scaleMarkdown([one, two]) {
  const rows = one.figures.map((single, i) => {
    const double = two.figures[i];
    const ratio = double.requestsPerSecond / single.requestsPerSecond;
    return `| ${single.endpoint} | ${round(single.requestsPerSecond)} | ${single.p99} | ${round(double.requestsPerSecond)} | ${double.p99} | ${round(ratio, 2)} | ${single.errors + double.errors} |`;
  });
  return `## Scale-out: 1 and 2 API processes (issue 26 §6)

Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --scale\` (scripts/bench-scale.mjs) on ${machine}.
The compiled API as deployed (apps/api/cluster: \`node dist/main.js\` with \`RUN_WORKERS=false\`, one
\`node dist/worker.js\`) on PostgreSQL and the S3 test server, behind the multi-process tests'
round-robin proxy (a new connection to an API process per request); autocannon with ${CONNECTIONS}
connections, ${SECONDS_PER_ENDPOINT} s per endpoint after 3 s of warm-up, ${CREATORS} validated creators
in the search, ${SEARCHERS} advertisers searching in turn. Everything shares the machine's CPUs: the load generator, the proxy, PostgreSQL and
the API processes, so the second process adds what the other parts leave of the CPUs; on
machines of their own the ratio would be that of the CPUs added. The machine's load average
when the run started: ${loadAtStart}${
    loadAtStart > os.availableParallelism()
      ? ` (above ${os.availableParallelism()}: other work was sharing the CPUs, compare runs only on a quiet machine)`
      : ' (a quiet machine)'
  }.

| endpoint | 1 process req/s | p99 ms | 2 processes req/s | p99 ms | ratio 2 ÷ 1 | errors |
|---|---|---|---|---|---|---|
${rows.join('\n')}

A ratio near 1 means the API processes were not what limited that endpoint on this machine: the
load generator, the proxy (a new connection per request) and PostgreSQL took the CPUs a second
process would have used. The search, whose cost is in the API process, gains the most.
`;
}

async function soakRun() {
  const minutes = soakMinutes;
  const warmUpMs = Math.max(60_000, minutes * 60_000 * 0.2);
  console.log(
    `Soak: 2 API processes + 1 worker, ${minutes} min of mixed load (${SOAK_RATE} req/s)`,
  );
  const result = await withCluster(2, async (cluster, setup) => {
    const endpoints = await prepare(setup);
    const processes = [...cluster.apis, ...cluster.workers];
    const samples = processes.map(() => []);
    const started = Date.now();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const at = Date.now() - started;
        processes.forEach((one, i) => {
          const rss = procMemory(one.pid, 'VmRSS');
          if (rss !== undefined) samples[i].push({ at, rss });
        });
        await sleep(SOAK_SAMPLE_MS);
      }
    })();
    const figures = await load(cluster.url, endpoints, {
      duration: minutes * 60,
      overallRate: SOAK_RATE,
      connections: 8,
    });
    sampling = false;
    await sampler;
    const perProcess = processes.map((one, i) => {
      // Memory at the end of warm-up against the end: the mean of three samples each, so one
      // garbage collection's moment does not decide.
      const after = samples[i].filter((s) => s.at >= warmUpMs);
      const mean = (list) => list.reduce((sum, s) => sum + s.rss, 0) / list.length;
      const baseline = mean(after.slice(0, 3));
      const end = mean(after.slice(-3));
      return {
        name: one.name,
        baselineMb: baseline / 1e6,
        endMb: end / 1e6,
        peakMb: Math.max(...samples[i].map((s) => s.rss)) / 1e6,
        growth: end / baseline - 1,
      };
    });
    return { figures, perProcess, warmUpMs };
  });
  const passed =
    result.figures.errors === 0 && result.perProcess.every((p) => p.growth <= GOALS.soakGrowth);
  const section = soakMarkdown(result, minutes, passed);
  replaceSection(path.join(root, 'docs/benchmarks.md'), 'Soak', section);
  console.log(`\n${section}`);
  return passed;
}

function soakMarkdown({ figures, perProcess, warmUpMs }, minutes, passed) {
  const rows = perProcess.map(
    (p) =>
      `| ${p.name} | ${round(p.baselineMb)} | ${round(p.endMb)} | ${round(p.peakMb)} | ${round(p.growth * 100)} % | ${p.growth <= GOALS.soakGrowth ? 'ok' : '**MISSED**'} |`,
  );
  return `## Soak: several processes (issue 26 §6)

Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --soak --soak-minutes ${minutes}\` (scripts/bench-scale.mjs) on ${machine}.
Two API processes and a worker (as in "Scale-out") under ${minutes} minutes of a steady mixed load
through the proxy: search, getMe, the notifications list and a tracked link's redirect in turn,
aiming at ${SOAK_RATE} requests/s from 8 connections; each process's resident memory (VmRSS) sampled every
${SOAK_SAMPLE_MS / 1000} s; the machine's load average when it started: ${loadAtStart}. Warm-up: the first ${round(warmUpMs / 60_000)} min; growth is the mean of the last three
samples against the first three after warm-up. Goals: 0 errors, no process growing more than
${GOALS.soakGrowth * 100} %. Verdict: **${passed ? 'passed' : 'FAILED'}**.

Requests: ${figures.total} (${round(figures.requestsPerSecond)}/s), p99 ${figures.p99} ms, errors ${figures.errors}${figures.errors ? ` (statuses ${JSON.stringify(figures.statuses)})` : ''}.

| process | after warm-up MB | end MB | peak MB | growth | ≤ ${GOALS.soakGrowth * 100} % |
|---|---|---|---|---|---|
${rows.join('\n')}

A ratio near 1 means the API processes were not what limited that endpoint on this machine: the
load generator, the proxy (a new connection per request) and PostgreSQL took the CPUs a second
process would have used. The search, whose cost is in the API process, gains the most.
`;
}

const ok = soak ? await soakRun() : await scale();
process.exit(ok ? 0 : 1);
