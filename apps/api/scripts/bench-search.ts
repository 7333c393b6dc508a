/**
 * Discovery search at 100,000 creators (ADR 007), run by bench.ts on each database:
 * 1. bulk-loads 100,000 generated creators (not the demo data) with the creator_search
 *    triggers off, then `refresh_all_creator_search()` and VACUUM ANALYZE;
 * 2. drives POST /v2/search/influencers with 50 clients, every request a different random
 *    filter combination, order, free text or next page: flat out with autocannon, then paced
 *    like people who read the results before searching again;
 * 3. checks that no search read creator_search or influencers sequentially: the tables'
 *    `seq_scan` counters over the load test, and EXPLAIN ANALYZE of the SQL the repository ran
 *    for a fixed list of combinations and for random ones.
 * Loopback only; every phase is bounded in time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import type { SearchInfluencersBody } from '@clipmarket/contracts/discovery';
import { ageIntervals } from '@clipmarket/contracts/enums';
import {
  communityBandValues,
  engagementBandValues,
  sizeBandValues,
} from '@clipmarket/contracts/reference-data';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database, type OpenOptions } from '../src/platform/db/client.js';
import { prepareDatabase } from '../src/prepare-database.js';
import { recreatePostgresDatabase } from '../src/platform/db/recreate.js';
import { loadEnv, type Env } from '../src/platform/env.js';
import {
  buildDemoCreators,
  createRandom,
  DEMO_COUNTRIES,
  loadDemoCities,
  type DemoCreator,
  type Random,
} from '../src/demo/index.js';

export type BenchDatabaseKind = 'pglite' | 'postgres';

export const SEARCH_BENCH_CREATORS = 100_000;
export const SEARCH_BENCH_CLIENTS = 50;
/** The goal on PostgreSQL (the issue): p95 under 50 ms. */
export const SEARCH_P95_GOAL_MS = 50;
const DEFAULT_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 20);
const WARM_UP_SECONDS = 3;
/** Paced clients wait this long on average (exponentially) between a result and their next search. */
const THINK_MS = 1_000;
/** Not the demo seed: the bench creators are a population of their own. */
const CREATOR_SEED = 100_000_001;
const REQUEST_SEED = 100_000_002;
const EXPLAIN_SEED = 100_000_003;
/** Rows per INSERT; arrays travel as one parameter per column (unnest), so any size fits. */
const BATCH_SIZE = 5_000;
/** Next-page cursors fetched per advertiser before the load test (a cursor is signed for its advertiser and filters). */
const CURSOR_PAGES_PER_ADVERTISER = 2;
/** Share of the load test's requests that ask for a next page. */
const NEXT_PAGE_SHARE = 0.25;
/** Random combinations EXPLAINed besides the fixed list. */
const RANDOM_EXPLAINS = 200;
const POSTGRES_URL =
  process.env.BENCH_SEARCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/clipmarket_bench_search';

/**
 * One brand per client, as 50 people searching are 50 advertisers: each search counts on its
 * advertiser's row, so a single shared advertiser would measure that row's queue instead.
 */
const advertiserOf = (index: number) => ({
  role: 'BRAND' as const,
  email: `search-bench-${index + 1}@clipmarket.tn`,
  password: 'Bench1234',
  name: `Search Bench ${index + 1}`,
});
const CREATOR_PASSWORD_HASH = 'bench-creator-never-logs-in';
const SOURCE_TABLES = ['influencers', 'influencer_stats', 'influencer_categories'] as const;
const WATCHED_TABLES = ['creator_search', 'influencers'] as const;
/** Marks the worker threads this module starts for the load (see runLoadInWorker). */
const LOAD_WORKER_ROLE = 'search-bench-load';
const SEQ_SCAN_ON_WATCHED = /Seq Scan on (creator_search|influencers)\b/;

type SeqScans = Record<(typeof WATCHED_TABLES)[number], number>;

export interface LoadTimings {
  generateSeconds: number;
  insertSeconds: number;
  refreshSeconds: number;
  analyzeSeconds: number;
  totalSeconds: number;
  searchRows: number;
}

export interface LatencyFigures {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadTestFigures {
  durationSeconds: number;
  /** autocannon: each connection sends its next search as soon as it has an answer. */
  saturated: LatencyFigures;
  /** Each client waits THINK_MS on average after an answer, as a person reading results. */
  paced: LatencyFigures;
  /** Change of pg_stat_user_tables.seq_scan over the cursor searches, warm-up and both runs. */
  seqScans: SeqScans;
}

export interface ExplainFigures {
  combination: string;
  /** Median of three runs of the page query, from EXPLAIN ANALYZE's summary. */
  executionMs: number;
  rows: number;
  seqScan: boolean;
  plan: string;
}

export interface RandomExplainFigures {
  combinations: number;
  p50: number;
  p95: number;
  max: number;
  slowest: { ms: number; body: string }[];
  seqScans: string[];
}

export interface SearchBenchResult {
  kind: BenchDatabaseKind;
  database: string;
  load: LoadTimings;
  loadTest: LoadTestFigures;
  explains: ExplainFigures[];
  randomExplains: RandomExplainFigures;
}

interface Sample {
  firstNames: string[];
  lastNames: string[];
  categoryIds: number[];
  /** Cities the bench creators live in, per country of residence, most populated first. */
  citiesByCountry: Map<string, string[]>;
  /** The country and city with the fewest bench creators. */
  rarestPlace: { country: string; city: string };
}

interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** One connection for statements that must share a session (transaction, settings). */
interface Session {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  release(): void;
}

type App = Awaited<ReturnType<typeof buildApp>>['app'];

interface SearchAnswer {
  data: { items: { influencer_id: number }[]; next_cursor: string | null };
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return Math.round(value * 10) / 10;
}

async function openSession(database: Database): Promise<Session> {
  if (database.pool) {
    const client = await database.pool.connect();
    return {
      query: async <T>(sql: string, params?: unknown[]) =>
        (await client.query(sql, params)).rows as T[],
      release: () => client.release(),
    };
  }
  // PGlite has a single connection: its plain query is already one session.
  return {
    query: async <T>(sql: string, params?: unknown[]) =>
      (await database.query<T>(sql, params)).rows,
    release: () => {},
  };
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Data

async function listCategories(database: Database) {
  const { rows } = await database.query<{ id: number; label: string }>(
    'select category_id as id, label_en as label from categories order by sort_order, category_id',
  );
  return rows;
}

async function generateCreators(categories: { id: number; label: string }[]) {
  const demoCategories = categories.map((c) => ({
    id: c.id,
    labelEn: c.label,
    labelFr: c.label,
    labelAr: c.label,
  }));
  const cities = await loadDemoCities();
  return buildDemoCreators(
    createRandom(CREATOR_SEED),
    demoCategories,
    cities,
    SEARCH_BENCH_CREATORS,
  ).map((creator, i) => ({
    ...creator,
    // Never a demo address: the demo seed must not take these for its own creators.
    email: `creator${i + 1}@search-bench.invalid`,
  }));
}

function sampleOf(creators: DemoCreator[], categoryIds: number[]): Sample {
  const places = new Map<string, Map<string, number>>();
  for (const c of creators) {
    const cities = places.get(c.country) ?? new Map<string, number>();
    cities.set(c.city, (cities.get(c.city) ?? 0) + 1);
    places.set(c.country, cities);
  }
  let rarest = { country: 'TN', city: 'Tunis', count: Infinity };
  for (const [country, cities] of places) {
    for (const [city, count] of cities) {
      if (count < rarest.count) rarest = { country, city, count };
    }
  }
  return {
    firstNames: [...new Set(creators.map((c) => c.firstName))],
    lastNames: [...new Set(creators.map((c) => c.lastName))],
    categoryIds,
    citiesByCountry: new Map(
      [...places].map(([country, cities]) => [
        country,
        [...cities].sort((a, b) => b[1] - a[1]).map(([city]) => city),
      ]),
    ),
    rarestPlace: { country: rarest.country, city: rarest.city },
  };
}

/**
 * Inserts the creators with `unnest` INSERTs (one array parameter per column), the
 * creator_search triggers off: one set-based refresh afterwards instead of one per statement
 * (ADR 007). One transaction, so a failure leaves neither rows nor disabled triggers.
 */
async function insertCreators(database: Database, creators: DemoCreator[]): Promise<void> {
  const session = await openSession(database);
  const now = new Date().toISOString();
  try {
    await session.query('begin');
    for (const table of SOURCE_TABLES) {
      await session.query(`alter table ${table} disable trigger user`);
    }
    for (const batch of chunks(creators, BATCH_SIZE)) {
      const column = <T>(pick: (c: DemoCreator) => T) => batch.map(pick);
      const users = await session.query<{ id: number; email: string }>(
        `insert into users (email, password_hash, role, is_verified, is_validated, created_at)
         select u.email, $2, 'TALENT', true, u.validated, $3::timestamptz
         from unnest($1::text[], $4::boolean[]) as u(email, validated)
         returning id, email`,
        [column((c) => c.email), CREATOR_PASSWORD_HASH, now, column((c) => c.isValidated)],
      );
      const userIdOf = new Map(users.map((u) => [u.email, u.id]));
      const userIds = column((c) => userIdOf.get(c.email) as number);
      const influencers = await session.query<{ id: number; user_id: number }>(
        `insert into influencers (user_id, first_name, last_name, influencer_name, ig_username,
           tiktok_username, gender, age_intervale, country, country_of_origin, city, phone,
           phone_prefix, is_show_media_kit, domiciliation_address, influencer_bio, created_at)
         select i.*, $17::timestamptz
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
           $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
           $13::text[], $14::boolean[], $15::text[], $16::text[]) as i
         returning id, user_id`,
        [
          userIds,
          column((c) => c.firstName),
          column((c) => c.lastName),
          column((c) => c.igUsername ?? c.tiktokUsername),
          column((c) => c.igUsername),
          column((c) => c.tiktokUsername),
          column((c) => c.gender),
          column((c) => c.ageInterval),
          column((c) => c.country),
          column((c) => c.countryOfOrigin),
          column((c) => c.city),
          column((c) => c.phone),
          column((c) => c.phonePrefix),
          column((c) => c.isShowMediaKit),
          column((c) => c.address),
          column((c) => c.bio),
          now,
        ],
      );
      const influencerIdOf = new Map(influencers.map((i) => [i.user_id, i.id]));
      const ids = userIds.map((userId) => influencerIdOf.get(userId) as number);

      const categories = batch.flatMap((c, i) =>
        c.categoryIds.map((categoryId) => ({ id: ids[i] as number, categoryId })),
      );
      await session.query(
        `insert into influencer_categories (influencer_id, category_id)
         select * from unnest($1::int[], $2::int[])`,
        [categories.map((r) => r.id), categories.map((r) => r.categoryId)],
      );

      const stats = batch.flatMap((c, i) => c.stats.map((s) => ({ id: ids[i] as number, ...s })));
      const stat = <T>(pick: (s: (typeof stats)[number]) => T) => stats.map(pick);
      await session.query(
        `insert into influencer_stats (influencer_id, platform, followers_count, posts_count,
           avg_likes, avg_comments, avg_video_views, engagement_rate, persons_reached, source,
           updated_at)
         select s.*, $11::timestamptz
         from unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[],
           $7::int[], $8::numeric[], $9::int[], $10::text[]) as s`,
        [
          stat((s) => s.id),
          stat((s) => s.platform),
          stat((s) => s.followersCount),
          stat((s) => s.postsCount),
          stat((s) => s.avgLikes),
          stat((s) => s.avgComments),
          stat((s) => s.avgVideoViews),
          stat((s) => s.engagementRate),
          stat((s) => s.personsReached),
          stat((s) => s.source),
          now,
        ],
      );
    }
    for (const table of SOURCE_TABLES) {
      await session.query(`alter table ${table} enable trigger user`);
    }
    await session.query('commit');
  } catch (error) {
    await session.query('rollback');
    throw error;
  } finally {
    session.release();
  }
}

async function loadCreators(
  database: Database,
  creators: DemoCreator[],
  generateSeconds: number,
): Promise<LoadTimings> {
  const start = performance.now();
  await insertCreators(database, creators);
  const insertSeconds = seconds(start);
  const refreshStart = performance.now();
  await database.query('select refresh_all_creator_search()');
  const refreshSeconds = seconds(refreshStart);
  const analyzeStart = performance.now();
  // VACUUM too: it sets the visibility map (index-only scans) as autovacuum soon would, and
  // done now, autovacuum has nothing left to do during the load test.
  for (const table of ['users', ...SOURCE_TABLES, 'creator_search']) {
    await database.query(`vacuum (analyze) ${table}`);
  }
  const analyzeSeconds = seconds(analyzeStart);
  const { rows } = await database.query<{ count: number }>(
    'select count(*)::integer as count from creator_search',
  );
  return {
    generateSeconds,
    insertSeconds,
    refreshSeconds,
    analyzeSeconds,
    totalSeconds: Math.round((generateSeconds + seconds(start)) * 10) / 10,
    searchRows: rows[0]?.count ?? 0,
  };
}

/** Signs the advertiser up through the API, then gives it a running paid period (no quota). */
async function createAdvertisers(app: App, database: Database): Promise<void> {
  for (let index = 0; index < SEARCH_BENCH_CLIENTS; index += 1) {
    const payload = advertiserOf(index);
    const res = await app.inject({ method: 'POST', url: '/v2/auth/register', payload });
    if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    const userId = (res.json() as { data: { user: { user_id: number } } }).data.user.user_id;
    // A paid period: the bench measures searching, not the trial's limit.
    // The quota is discovery's (search_quotas, one row per advertiser).
    await database.query(
      `insert into search_quotas (advertiser_id, account_validity_from, account_validity_to)
       select id, $2::date, $3::date from advertisers where user_id = $1
       on conflict (advertiser_id) do update
       set account_validity_from = excluded.account_validity_from,
           account_validity_to = excluded.account_validity_to`,
      [userId, isoDay(-1), isoDay(365)],
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

/** A word with two inner letters swapped, as fast typing does ("Yasmine" → "Yasmnie"). */
function withTypo(random: Random, word: string): string {
  if (word.length < 4) return word;
  const i = random.int(1, word.length - 3);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** Random but valid filters: each filter present or not, values taken from the loaded data. */
function randomFilters(random: Random, sample: Sample): SearchInfluencersBody {
  const body: SearchInfluencersBody = {
    platform: random.chance(0.7) ? 'instagram' : 'tiktok',
    order_by: random.pick(['followers_count', 'avg_video_views', 'engagement_rate'] as const),
  };
  if (random.chance(0.35)) body.categories = random.sample(sample.categoryIds, random.int(1, 3));
  const gender = random.chance(0.3) ? random.sample(['F', 'M'] as const, random.int(1, 2)) : [];
  if (gender.length > 0) body.gender = gender;
  if (random.chance(0.3)) {
    // Tied bands ("F:18-25") are what the panel sends to ask for ages per gender.
    const tiedTo = gender.length > 0 ? gender : random.sample(['F', 'M'] as const, 1);
    body.age = random.chance(0.5)
      ? random.sample(ageIntervals, random.int(1, 2))
      : tiedTo.flatMap((g) =>
          random.sample(ageIntervals, random.int(1, 2)).map((age) => `${g}:${age}`),
        );
  }
  if (random.chance(0.15)) body.origin = random.sample(['TN', 'DZ', 'MA', 'FR'], random.int(1, 2));
  if (random.chance(0.4)) {
    if (random.chance(0.5)) {
      body.residence = random.sample(DEMO_COUNTRIES, random.int(1, 2));
    } else {
      const country = random.chance(0.6) ? 'TN' : random.pick(DEMO_COUNTRIES);
      const cities = sample.citiesByCountry.get(country) ?? [];
      body.city = { [country]: random.sample(cities, random.int(1, 3)) };
    }
  }
  if (random.chance(0.3)) body.followersCount = random.sample(sizeBandValues, random.int(1, 2));
  if (random.chance(0.2)) {
    body.engagementRate = random.sample(engagementBandValues, random.int(1, 2));
  }
  if (random.chance(0.2)) body.personReached = random.sample(communityBandValues, random.int(1, 2));
  if (random.chance(0.2)) {
    // Names only in Latin script: the generator has no Arabic names to look for.
    const name = random.chance(0.7)
      ? random.pick(sample.firstNames)
      : random.pick(sample.lastNames);
    const typed = random.chance(0.3) ? withTypo(random, name) : name;
    body.q = random.chance(0.5) ? typed.toLowerCase() : typed;
  }
  return body;
}

/** One search of the load: whose it is and what it asks. */
interface BenchSearch {
  token: string;
  body: SearchInfluencersBody;
}

/** As a browser sends them; Accept-Language picks the category labels (else one more query). */
function searchHeaders(token: string) {
  return {
    'content-type': 'application/json',
    'accept-language': 'en',
    authorization: `Bearer ${token}`,
  };
}

async function postSearch(address: string, token: string, body: SearchInfluencersBody) {
  const res = await fetch(`${address}/v2/search/influencers`, {
    method: 'POST',
    headers: searchHeaders(token),
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`search failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SearchAnswer;
}

async function login(address: string, index: number): Promise<string> {
  const res = await fetch(`${address}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: advertiserOf(index).email,
      password: advertiserOf(index).password,
    }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

function figuresOf(
  latencies: number[],
  durationSeconds: number,
  errors: number,
  non2xx: number,
): LatencyFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    requestsPerSecond: Math.round(sorted.length / durationSeconds),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    errors,
    non2xx,
  };
}

/** autocannon, every connection sending its next search as soon as it has an answer. */
function runSaturated(
  address: string,
  durationSeconds: number,
  nextSearch: () => BenchSearch,
): Promise<LatencyFigures> {
  const latencies: number[] = [];
  let failuresShown = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: address,
        connections: SEARCH_BENCH_CLIENTS,
        duration: durationSeconds,
        requests: [
          {
            method: 'POST',
            path: '/v2/search/influencers',
            setupRequest: (request) => {
              const { token, body } = nextSearch();
              return { ...request, headers: searchHeaders(token), body: JSON.stringify(body) };
            },
            onResponse: (status, body) => {
              if (status >= 300 && failuresShown++ < 5) console.error(`  ${status} ${body}`);
            },
          },
        ],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve(
              // autocannon reports p97.5 and p99 but no p95: computed from every response.
              figuresOf(latencies, durationSeconds, result.errors + result.timeouts, result.non2xx),
            ),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/**
 * Clients that read the results before searching again: after each answer a client waits a
 * random time (exponential, THINK_MS on average), so arrivals are spread as people's are.
 */
async function runPaced(
  address: string,
  durationSeconds: number,
  nextSearch: (client: number) => BenchSearch,
  random: Random,
): Promise<LatencyFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const end = performance.now() + durationSeconds * 1000;
  const think = () => -Math.log(1 - random.next()) * THINK_MS;
  const client = async (_: unknown, index: number) => {
    await sleep(random.next() * THINK_MS);
    while (performance.now() < end) {
      const { token, body } = nextSearch(index);
      const start = performance.now();
      try {
        const res = await fetch(`${address}/v2/search/influencers`, {
          method: 'POST',
          headers: searchHeaders(token),
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - start);
        if (!res.ok) non2xx += 1;
      } catch {
        errors += 1;
      }
      await sleep(think());
    }
  };
  await Promise.all(Array.from({ length: SEARCH_BENCH_CLIENTS }, client));
  return figuresOf(latencies, durationSeconds, errors, non2xx);
}

/**
 * seq_scan of the watched tables. A backend publishes its counters when idle (at most once a
 * second) or when it exits: on PostgreSQL this waits until the bench database has no other
 * client backend; PGlite, a single backend, is told to publish them now.
 */
async function readSeqScans(kind: BenchDatabaseKind, pglite?: Database): Promise<SeqScans> {
  const sql = `select relname, seq_scan::integer as seq_scan from pg_stat_user_tables
               where relname = any($1::text[])`;
  let rows: { relname: string; seq_scan: number }[];
  if (kind === 'pglite') {
    if (!pglite) throw new Error('readSeqScans: the PGlite database is needed');
    await pglite.query('select pg_stat_force_next_flush()');
    rows = (await pglite.query<{ relname: string; seq_scan: number }>(sql, [WATCHED_TABLES])).rows;
  } else {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      for (let attempt = 0; ; attempt += 1) {
        const others = await client.query<{ count: number }>(
          `select count(*)::integer as count from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()
             and backend_type = 'client backend'`,
        );
        if (others.rows[0]?.count === 0) break;
        if (attempt >= 100) throw new Error('sessions still open on the bench database');
        await sleep(100);
      }
      rows = (await client.query<{ relname: string; seq_scan: number }>(sql, [WATCHED_TABLES]))
        .rows;
    } finally {
      await client.end();
    }
  }
  const of = (table: string) => rows.find((r) => r.relname === table)?.seq_scan ?? 0;
  return { creator_search: of('creator_search'), influencers: of('influencers') };
}

interface LoadTask {
  mode: 'saturated' | 'paced';
  address: string;
  /** One access token per advertiser; paced client i is advertiser i. */
  tokens: string[];
  durationSeconds: number;
  /** Per advertiser, first-page bodies with the cursor of their next page. */
  pages: SearchInfluencersBody[][];
  sample: Sample;
}

/**
 * Runs one load in a worker thread: the generator has its own event loop, so building bodies
 * and reading answers never delays the API's answers it measures (the API, and PGlite, run on
 * this thread).
 */
function runLoadInWorker(task: LoadTask): Promise<LatencyFigures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-search-worker.mjs', import.meta.url), {
      workerData: { role: LOAD_WORKER_ROLE, task },
    });
    worker.once('message', (figures: LatencyFigures) => resolve(figures));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load worker stopped with code ${code}`));
    });
  });
}

async function runLoadTask(task: LoadTask): Promise<LatencyFigures> {
  const random = createRandom(REQUEST_SEED + (task.mode === 'paced' ? 1 : 0));
  const nextSearch = (client = random.int(0, task.tokens.length - 1)): BenchSearch => {
    const pages = task.pages[client] ?? [];
    const body =
      pages.length > 0 && random.chance(NEXT_PAGE_SHARE)
        ? random.pick(pages)
        : randomFilters(random, task.sample);
    return { token: task.tokens[client]!, body };
  };
  return task.mode === 'saturated'
    ? runSaturated(task.address, task.durationSeconds, () => nextSearch())
    : runPaced(task.address, task.durationSeconds, nextSearch, random);
}

async function loadTest(
  kind: BenchDatabaseKind,
  env: Env,
  openOptions: OpenOptions,
  sample: Sample,
  durationSeconds: number,
): Promise<LoadTestFigures> {
  const database = await openDatabase(openOptions);
  // Counted from here: the cursor searches and the warm-up are searches too.
  const before = await readSeqScans(kind, database);
  const { app } = await buildApp(env, database);
  let saturated: LatencyFigures;
  let paced: LatencyFigures;
  let pgliteAfter: SeqScans | undefined;
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const tokens: string[] = [];
    for (let index = 0; index < SEARCH_BENCH_CLIENTS; index += 1) {
      tokens.push(await login(address, index));
    }
    const random = createRandom(REQUEST_SEED);
    // A cursor is signed for its advertiser and filters: each is kept with its owner and body.
    const pages = tokens.map(() => [] as SearchInfluencersBody[]);
    for (const [index, token] of tokens.entries()) {
      const own = pages[index]!;
      for (let i = 0; own.length < CURSOR_PAGES_PER_ADVERTISER && i < 20; i += 1) {
        const body = randomFilters(random, sample);
        const cursor = (await postSearch(address, token, body)).data.next_cursor;
        if (cursor) own.push({ ...body, cursor });
      }
    }
    const task = { address, tokens, pages, sample };
    await runLoadInWorker({ ...task, mode: 'saturated', durationSeconds: WARM_UP_SECONDS });
    saturated = await runLoadInWorker({ ...task, mode: 'saturated', durationSeconds });
    console.log(`  flat out:`, saturated);
    paced = await runLoadInWorker({ ...task, mode: 'paced', durationSeconds });
    console.log(`  paced:`, paced);
  } finally {
    await app.close();
    if (kind === 'pglite') pgliteAfter = await readSeqScans(kind, database);
    await database.close();
  }
  const after = pgliteAfter ?? (await readSeqScans(kind));
  return {
    durationSeconds,
    saturated,
    paced,
    seqScans: {
      creator_search: after.creator_search - before.creator_search,
      influencers: after.influencers - before.influencers,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Plans

/** The fixed combinations EXPLAINed, built from the loaded data. */
function combinationsOf(sample: Sample) {
  const [c1 = 1, c2 = 2, c3 = 3] = sample.categoryIds;
  const tn = sample.citiesByCountry.get('TN') ?? [];
  const biggest = tn[0] ?? 'Tunis';
  const middle = tn[Math.floor(tn.length / 2)] ?? biggest;
  const name = sample.firstNames[0] ?? 'Yasmine';
  const typo = withTypo(createRandom(EXPLAIN_SEED), name);
  const { country, city } = sample.rarestPlace;
  const list: { name: string; body: SearchInfluencersBody; page?: true }[] = [
    { name: 'no filter (Instagram, by followers)', body: {} },
    { name: 'no filter (TikTok)', body: { platform: 'tiktok' } },
    { name: 'category', body: { categories: [c1] } },
    { name: 'gender', body: { gender: ['F'] } },
    { name: 'age', body: { age: ['35-45'] } },
    { name: 'origin', body: { origin: ['DZ'] } },
    { name: 'residence', body: { residence: ['FR'] } },
    { name: `city (TN: ${middle})`, body: { city: { TN: [middle] } } },
    { name: 'followers band (macro)', body: { followersCount: ['macro'] } },
    { name: 'engagement band (6-10)', body: { engagementRate: ['6-10'] } },
    { name: 'community band (50k-100k)', body: { personReached: ['50k-100k'] } },
    {
      name: 'followers bands by views (nano, micro)',
      body: { followersCount: ['nano', 'micro'], order_by: 'avg_video_views' },
    },
    {
      name: 'community band by engagement + residence (5k-10k, FR)',
      body: { personReached: ['5k-10k'], residence: ['FR'], order_by: 'engagement_rate' },
    },
    {
      name: `category + city (TN: ${biggest})`,
      body: { categories: [c2], city: { TN: [biggest] } },
    },
    {
      name: 'gender-tied ages + followers band',
      body: { gender: ['F', 'M'], age: ['F:18-25', 'M:25-35'], followersCount: ['micro'] },
    },
    { name: `rare country + city (${country}: ${city})`, body: { city: { [country]: [city] } } },
    {
      name: 'six filters (few matches)',
      body: {
        categories: [c3],
        gender: ['M'],
        age: ['45+'],
        residence: ['AE'],
        followersCount: ['mega'],
        engagementRate: ['10+'],
      },
    },
    { name: `q: first name (${name})`, body: { q: name } },
    { name: `q: typo (${typo})`, body: { q: typo } },
    {
      name: 'q: two words + residence (ben salah, TN)',
      body: { q: 'ben salah', residence: ['TN'] },
    },
    { name: 'q: username fragment (trab)', body: { q: 'trab' } },
    { name: 'q: a name no creator has (Xavier)', body: { q: 'Xavier' } },
    { name: 'order by views', body: { order_by: 'avg_video_views' } },
    { name: 'order by engagement', body: { order_by: 'engagement_rate' } },
    {
      name: 'order by engagement + city (MA: Casablanca)',
      body: { order_by: 'engagement_rate', city: { MA: ['Casablanca'] } },
    },
    { name: 'next page (TN, women)', body: { residence: ['TN'], gender: ['F'] }, page: true },
    {
      name: 'next page (by engagement, category)',
      body: { order_by: 'engagement_rate', categories: [c1] },
      page: true,
    },
  ];
  return list;
}

function executionMs(plan: string): number {
  const match = /Execution Time: ([\d.]+) ms/.exec(plan);
  return match ? Number(match[1]) : NaN;
}

/**
 * EXPLAIN ANALYZE of a captured query with its parameters, after replaying the request's
 * session settings (the word-similarity threshold), in a transaction rolled back.
 */
async function explainCaptured(
  session: Session,
  settings: CapturedQuery[],
  query: CapturedQuery,
): Promise<string> {
  await session.query('begin');
  try {
    for (const step of settings) await session.query(step.sql, step.params);
    const rows = await session.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off, summary on) ${query.sql}`,
      query.params,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await session.query('rollback');
  }
}

async function explainSearches(
  env: Env,
  openOptions: OpenOptions,
  sample: Sample,
): Promise<{ explains: ExplainFigures[]; randomExplains: RandomExplainFigures }> {
  const captured: CapturedQuery[] = [];
  const database = await openDatabase({
    ...openOptions,
    onQuery: (sql, params) => captured.push({ sql, params }),
  });
  const { app } = await buildApp(env, database);
  const session = await openSession(database);
  try {
    const loginRes = await app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email: advertiserOf(0).email, password: advertiserOf(0).password },
    });
    const token = (loginRes.json() as { data: { accessToken: string } }).data.accessToken;
    const search = async (body: SearchInfluencersBody) => {
      const res = await app.inject({
        method: 'POST',
        url: '/v2/search/influencers',
        headers: searchHeaders(token),
        payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
      return res.json() as SearchAnswer;
    };

    /** Runs the search and EXPLAINs its SELECTs on the creator tables; `runs` times the page. */
    const explainSearch = async (body: SearchInfluencersBody, runs: number) => {
      captured.length = 0;
      const answer = await search(body);
      const queries = [...captured];
      const settings = queries.filter((q) => /set_config\('pg_trgm\./.test(q.sql));
      // A page over several bands is a union of selects, each in parentheses.
      const selects = queries.filter(
        (q) => /^[\s(]*select\b/i.test(q.sql) && /"(creator_search|influencers)"/.test(q.sql),
      );
      // One page query, or two when free text did not fill the page within its bounded walk.
      const pages = selects.filter(
        (q) => /from "creator_search"/.test(q.sql) && /order by/.test(q.sql),
      );
      if (pages.length === 0) {
        throw new Error(`search page query not captured for ${JSON.stringify(body)}`);
      }
      let seqScan = false;
      for (const query of selects.filter((q) => !pages.includes(q))) {
        seqScan ||= SEQ_SCAN_ON_WATCHED.test(await explainCaptured(session, settings, query));
      }
      let ms = 0;
      const shownPlans: string[] = [];
      for (const page of pages) {
        const plans: string[] = [];
        for (let i = 0; i < runs; i += 1)
          plans.push(await explainCaptured(session, settings, page));
        seqScan ||= plans.some((plan) => SEQ_SCAN_ON_WATCHED.test(plan));
        const times = plans.map(executionMs).sort((a, b) => a - b);
        ms += times[Math.floor(times.length / 2)] ?? NaN;
        shownPlans.push(plans.at(-1) ?? '');
      }
      return { ms, rows: answer.data.items.length, seqScan, plan: shownPlans.join('\n-- then\n') };
    };

    const explains: ExplainFigures[] = [];
    for (const combination of combinationsOf(sample)) {
      let body = combination.body;
      if (combination.page) {
        const cursor = (await search(body)).data.next_cursor;
        if (!cursor) throw new Error(`no next page for "${combination.name}"`);
        body = { ...body, cursor };
      }
      const { ms, rows, seqScan, plan } = await explainSearch(body, 3);
      explains.push({ combination: combination.name, executionMs: ms, rows, seqScan, plan });
    }

    const random = createRandom(EXPLAIN_SEED);
    const timed: { ms: number; body: string }[] = [];
    const seqScans: string[] = [];
    for (let i = 0; i < RANDOM_EXPLAINS; i += 1) {
      const body = randomFilters(random, sample);
      const { ms, seqScan } = await explainSearch(body, 1);
      timed.push({ ms, body: JSON.stringify(body) });
      if (seqScan) seqScans.push(JSON.stringify(body));
    }
    const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
    return {
      explains,
      randomExplains: {
        combinations: timed.length,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        max: percentile(sorted, 1),
        slowest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3),
        seqScans,
      },
    };
  } finally {
    session.release();
    await app.close();
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Entry points

/** The whole search benchmark on one database. */
export async function benchSearch(
  kind: BenchDatabaseKind,
  options: { durationSeconds?: number } = {},
): Promise<SearchBenchResult> {
  const durationSeconds = options.durationSeconds ?? DEFAULT_SECONDS;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-bench-search-'));
  if (kind === 'postgres') await recreatePostgresDatabase(POSTGRES_URL);
  const env = loadEnv({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: kind === 'postgres' ? POSTGRES_URL : '',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_IP_RATE_LIMIT_PER_MINUTE: '1000',
    SEED_DEMO_DATA: 'false',
  });
  const openOptions: OpenOptions = {
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
  };
  const label = `search bench (${kind})`;
  try {
    console.log(`${label}: loading ${SEARCH_BENCH_CREATORS} creators…`);
    let load: LoadTimings;
    let sample: Sample;
    // Closed before the load test: on PostgreSQL its sessions' counters must be published.
    const database = await openDatabase(openOptions);
    try {
      await prepareDatabase(database);
      const { app } = await buildApp(env, database);
      await createAdvertisers(app, database);
      await app.close();
      const categories = await listCategories(database);
      const generateStart = performance.now();
      const creators = await generateCreators(categories);
      const generateSeconds = seconds(generateStart);
      sample = sampleOf(
        creators,
        categories.map((c) => c.id),
      );
      load = await loadCreators(database, creators, generateSeconds);
    } finally {
      await database.close();
    }
    console.log(`${label}: loaded`, load);

    console.log(`${label}: ${SEARCH_BENCH_CLIENTS} clients, ${durationSeconds} s per run…`);
    const loadTestFigures = await loadTest(kind, env, openOptions, sample, durationSeconds);
    console.log(`${label}: sequential scans during the load test`, loadTestFigures.seqScans);

    console.log(`${label}: EXPLAIN ANALYZE…`);
    const { explains, randomExplains } = await explainSearches(env, openOptions, sample);
    for (const e of explains) {
      console.log(`  ${e.combination}: ${e.executionMs} ms${e.seqScan ? ' SEQ SCAN' : ''}`);
    }
    console.log(`  ${RANDOM_EXPLAINS} random combinations:`, randomExplains);
    return {
      kind,
      database: kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15 (server)',
      load,
      loadTest: loadTestFigures,
      explains,
      randomExplains,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What must fail the bench: a sequential scan on the creator tables, or a failed request. */
export function searchBenchFailures(results: SearchBenchResult[]): string[] {
  return results.flatMap((r) => [
    ...r.explains
      .filter((e) => e.seqScan)
      .map(
        (e) => `${r.database}: Seq Scan on creator_search or influencers for "${e.combination}"`,
      ),
    ...r.randomExplains.seqScans.map(
      (body) => `${r.database}: Seq Scan on creator_search or influencers for ${body}`,
    ),
    ...Object.entries(r.loadTest.seqScans)
      .filter(([, count]) => count !== 0)
      .map(([table, count]) => `${r.database}: ${count} sequential scans of ${table} under load`),
    ...[r.loadTest.saturated, r.loadTest.paced]
      .filter((run) => run.errors + run.non2xx > 0)
      .map((run) => `${r.database}: ${run.errors} errors and ${run.non2xx} non-2xx answers`),
  ]);
}

function trimPlan(plan: string): string {
  const lines = plan.split('\n').filter((line) => !line.startsWith('Planning Time'));
  return (lines.length > 24 ? [...lines.slice(0, 23), '  …', lines.at(-1)] : lines).join('\n');
}

const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

/** The "Discovery search at 100,000 creators" section of docs/benchmarks.md. */
export function searchBenchMarkdown(results: SearchBenchResult[], machine: string): string {
  const postgres = results.find((r) => r.kind === 'postgres');
  const pglite = results.find((r) => r.kind === 'pglite');
  const reference = postgres ?? pglite;
  const ok = (p95: number) => (p95 < SEARCH_P95_GOAL_MS ? 'ok' : 'OVER');
  const durations = [...new Set(results.map((r) => r.loadTest.durationSeconds))];
  const durationText =
    durations.length === 1
      ? `${durations[0]} s`
      : results.map((r) => `${r.loadTest.durationSeconds} s on ${r.database}`).join(', ');
  const runRow = (r: SearchBenchResult, run: 'saturated' | 'paced') => {
    const f = r.loadTest[run];
    const seq = r.loadTest.seqScans.creator_search + r.loadTest.seqScans.influencers;
    const load = run === 'saturated' ? 'flat out' : 'paced';
    return `| ${r.database} | ${load} | ${f.requestsPerSecond} | ${fixed(f.p50)} | ${fixed(f.p95)} | ${fixed(f.p99)} | ${f.errors + f.non2xx} | ${seq} | ${ok(f.p95)} |`;
  };
  const explainOf = (r: SearchBenchResult | undefined, name: string) =>
    r?.explains.find((e) => e.combination === name);
  const names = reference?.explains.map((e) => e.combination) ?? [];
  const shown = [
    names[0],
    names.find((n) => n.startsWith('category + city')),
    names.find((n) => n.startsWith('rare country + city')),
    names.find((n) => n.startsWith('followers bands by views')),
    names.find((n) => n.startsWith('q: first name')),
  ].filter((n): n is string => n !== undefined);
  const inLine = (r: SearchBenchResult) =>
    `${Math.round((SEARCH_BENCH_CLIENTS / r.loadTest.saturated.requestsPerSecond) * 1000)} ms on ${r.database}`;
  const slowest = (reference?.randomExplains.slowest ?? [])
    .map((s) => `${fixed(s.ms)} ms \`${s.body}\``)
    .join('; ');
  const random = (r: SearchBenchResult) =>
    `| ${r.database} | ${r.randomExplains.combinations} | ${fixed(r.randomExplains.p50)} | ${fixed(r.randomExplains.p95)} | ${fixed(r.randomExplains.max)} | ${r.randomExplains.seqScans.length} |`;

  return `## Discovery search at 100,000 creators

\`apps/api/scripts/bench-search.ts\`, in the same run. Machine: ${machine}; the load generator (a
worker thread of its own), the API and the database share its CPUs.

${SEARCH_BENCH_CREATORS.toLocaleString('en')} creators from the demo-data generator with a seed of their own (no demo data in these
databases): ${(reference?.load.searchRows ?? 0).toLocaleString('en')} \`creator_search\` rows, one per creator and platform. Loaded with \`unnest\` INSERTs
of ${BATCH_SIZE.toLocaleString('en')} creators per statement, the creator_search triggers disabled, then one
\`refresh_all_creator_search()\` and \`VACUUM (ANALYZE)\`. Seconds:

| database | generate | insert | refresh_all_creator_search() | VACUUM ANALYZE | total |
|---|---:|---:|---:|---:|---:|
${results.map((r) => `| ${r.database} | ${r.load.generateSeconds} | ${r.load.insertSeconds} | ${r.load.refreshSeconds} | ${r.load.analyzeSeconds} | ${r.load.totalSeconds} |`).join('\n')}

### Under load

${SEARCH_BENCH_CLIENTS} clients for ${durationText} per run after a ${WARM_UP_SECONDS} s warm-up, loopback, one brand with a paid period per client,
\`POST /v2/search/influencers\`. Every request has its own random body: platform, order, any
subset of the filters (categories, gender, plain or gender-tied ages, origin, residence or cities
the creators live in, followers, engagement and community bands), a real first or last name in
\`q\` one time in five (some with a typo; the generator has no Arabic names), and one request in
four is a next page with a real cursor from an earlier search. **Flat out**: autocannon, ${SEARCH_BENCH_CLIENTS}
connections, each sending its next search as soon as it has an answer, so the figures measure
capacity and the latency is mostly the wait in line: clients ÷ requests/s = ${results.map(inLine).join(', ')}. **Paced**: ${SEARCH_BENCH_CLIENTS}
clients that each wait ${THINK_MS / 1000} s on average (exponentially) after an answer, as people reading results.
Latencies in milliseconds; goal on PostgreSQL: p95 under ${SEARCH_P95_GOAL_MS} ms for the paced run, ${SEARCH_BENCH_CLIENTS} people
searching at once. Flat out, that p95 would take ${Math.round((SEARCH_BENCH_CLIENTS * 1000) / SEARCH_P95_GOAL_MS)} searches/s, more than this machine's CPUs give when they
also run the generator, the API and the database: the flat-out rows are the capacity. "Seq scans" is the change of
\`pg_stat_user_tables.seq_scan\` of creator_search and influencers over both runs, the warm-up and
the searches that fetched the cursors.

| database | load | requests/s | p50 | p95 | p99 | errors | seq scans | p95 < ${SEARCH_P95_GOAL_MS} ms |
|---|---|---:|---:|---:|---:|---:|---:|---|
${results.flatMap((r) => [runRow(r, 'saturated'), runRow(r, 'paced')]).join('\n')}

### Query plans

The page query the repository ran for each combination (captured through \`openDatabase\`'s
\`onQuery\` hook), replayed with its parameters and the search's session settings as
\`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON)\`: execution time in ms, median of 3 (with free
text, the sum of both queries when the bounded walk did not fill the page).
Every SELECT of the request on creator_search or influencers (page and cards) is checked for a
Seq Scan, which fails the bench.

| combination | PostgreSQL | PGlite | rows | seq scan |
|---|---:|---:|---:|---|
${names
  .map((name) => {
    const p = explainOf(postgres, name);
    const l = explainOf(pglite, name);
    const seq = [p, l].some((e) => e?.seqScan) ? 'YES' : 'none';
    return `| ${name} | ${fixed(p?.executionMs ?? NaN)} | ${fixed(l?.executionMs ?? NaN)} | ${(p ?? l)?.rows ?? ''} | ${seq} |`;
  })
  .join('\n')}

The same for ${RANDOM_EXPLAINS} random combinations from the load test's generator (execution time of the page queries, ms):

| database | combinations | p50 | p95 | max | with a seq scan |
|---|---:|---:|---:|---:|---:|
${results.map(random).join('\n')}

Slowest (${reference?.database ?? ''}): ${slowest}.

Plans that matter (${postgres ? 'PostgreSQL' : 'PGlite'}, trimmed):

${shown
  .map(
    (name) => `${name}:\n\n\`\`\`text\n${trimPlan(explainOf(reference, name)?.plan ?? '')}\n\`\`\``,
  )
  .join('\n\n')}
`;
}

// The load worker: this module, loaded by bench-search-worker.mjs in a worker thread.
if (!isMainThread) {
  const data = workerData as { role?: string; task?: LoadTask } | null;
  if (data?.role === LOAD_WORKER_ROLE && data.task) {
    parentPort?.postMessage(await runLoadTask(data.task));
  }
}
