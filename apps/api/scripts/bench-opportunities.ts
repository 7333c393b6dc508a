/**
 * Opportunities at scale (issue 23 §9), on PostgreSQL:
 * 1. loads 10,000 live opportunities (and 2,000 that are not live) of 50 advertisers, a creator
 *    who matches many of them, and one opportunity with 2,000 applications from 2,000 creators
 *    who applied to nine others each (bulk SQL, then VACUUM ANALYZE);
 * 2. asks Discover Opportunities as that creator — random campaign filters, newest or best paid,
 *   first pages and next pages — and an advertiser's applications list — every filter and sort,
 *   next pages — one request at a time, through the API in process (`app.inject`);
 * 3. checks that no request read the opportunity tables sequentially: `pg_stat_user_tables`
 *    counters over the run, and EXPLAIN ANALYZE of the SQL the repository ran for each sort.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/platform/auth/password.js';
import { openDatabase } from '../src/platform/db/client.js';
import { recreatePostgresDatabase } from '../src/platform/db/recreate.js';
import { loadEnv } from '../src/platform/env.js';
import { prepareDatabase } from '../src/prepare-database.js';
import { createRandom } from '../src/demo/index.js';

export const LIVE_OPPORTUNITIES = 10_000;
const OTHER_OPPORTUNITIES = 2_000;
export const APPLICATIONS = 2_000;
const ADVERTISERS = 50;
const DISCOVER_REQUESTS = 600;
const APPLICATION_REQUESTS = 400;
/** The goal on PostgreSQL (the issue): p95 at most 20 ms. */
export const OPPORTUNITY_P95_GOAL_MS = 20;
const PASSWORD = 'Bench1234';
const WATCHED = ['content_opportunities', 'content_opportunity_applications'] as const;
const SEQ_SCAN = /Seq Scan on (content_opportunities|content_opportunity_applications)\b/;

export interface OpportunityBenchRow {
  endpoint: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface OpportunityBench {
  rows: OpportunityBenchRow[];
  /** Sequential scans of the watched tables during the requests (pg_stat_user_tables). */
  seqScans: Record<string, number>;
  plans: { name: string; plan: string; seqScan: boolean }[];
}

const percentile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.floor(q * (sorted.length - 1))]! * 10) / 10;

export async function benchOpportunities(postgresUrl: string): Promise<OpportunityBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-bench-opportunities-'));
  await recreatePostgresDatabase(postgresUrl);
  const env = loadEnv({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: postgresUrl,
    SEED_DEMO_DATA: 'false',
    RUN_WORKERS: 'false',
  });
  const captured: { sql: string; params: unknown[] }[] = [];
  let capturing = false;
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    onQuery: (sql, params) => {
      if (capturing) captured.push({ sql, params });
    },
  });
  await prepareDatabase(database);
  const built = await buildApp(env, database);
  await built.app.ready();
  const query = async <T>(sql: string, params: unknown[] = []) =>
    (await database.query<T>(sql, params)).rows;

  console.log('opportunities bench: loading…');
  const hash = await hashPassword(PASSWORD);
  const advertiserIds = (
    await query<{ id: number }>(
      `insert into users (email, password_hash, role, is_verified, is_validated)
       select 'opportunity-bench-brand-' || g || '@clipmarket.test', $1, 'BRAND', true, true
       from generate_series(1, $2::int) g returning id`,
      [hash, ADVERTISERS],
    )
  ).map((row) => row.id);
  await query(
    `insert into advertisers (user_id, name, campany_name, tax_registration_number,
       domiciliation_address, phone_campany, phone_campany_prefix)
     select id, 'Bench brand ' || id, 'Bench SARL', '1234567A/A/M/000', 'Tunis', '71000000', '+216'
     from unnest($1::int[]) as id`,
    [advertiserIds],
  );
  // Creators: the one who discovers (Tunis, 20,000 Instagram followers) and the 2,000 applicants.
  const creatorUsers = (
    await query<{ id: number }>(
      `insert into users (email, password_hash, role, is_verified, is_validated)
       select 'opportunity-bench-creator-' || g || '@clipmarket.test', $1, 'TALENT', true, true
       from generate_series(0, $2::int) g returning id`,
      [hash, APPLICATIONS],
    )
  ).map((row) => row.id);
  const influencers = await query<{ id: number; user_id: number }>(
    `insert into influencers (user_id, influencer_name, ig_username, country, city, cin, card_number)
     select u, 'bench.creator.' || u, 'bench.creator.' || u, 'TN',
            (array['Tunis','Sfax','Sousse','Ariana'])[1 + u % 4], '01234567', '08006000123456789079'
     from unnest($1::int[]) as u returning id, user_id`,
    [creatorUsers],
  );
  await query(
    `insert into influencer_stats (influencer_id, platform, followers_count, engagement_rate, source)
     select id, 'instagram', 1000 + (id * 7919) % 400000, 1 + (id % 9), 'verified'
     from unnest($1::int[]) as id`,
    [influencers.map((row) => row.id)],
  );
  const discoverer = influencers.find((row) => row.user_id === creatorUsers[0])!;
  await query(`update influencers set city = 'Tunis' where id = $1`, [discoverer.id]);
  await query(`update influencer_stats set followers_count = 20000 where influencer_id = $1`, [
    discoverer.id,
  ]);
  // 10,000 live opportunities and 2,000 others, spread over the advertisers, places, prices.
  await query(
    `insert into content_opportunities (advertiser_user_id, state, title, content_type,
       video_duration, format, platforms, creator_platforms, category_ids, country, cities,
       size_bands, spots, price_min, price_max, application_deadline, delivery_date,
       delivery_slot, delivery_deadline, brief, visibility, published_at, created_at)
     select ($1::int[])[1 + g % $2::int],
            case when g <= $3::int then 'live' else (array['draft','expired','ongoing','completed'])[1 + g % 4] end,
            'Bench opportunity ' || g, 'product_demo', 30, 'portrait',
            array['instagram'], case when g % 3 = 0 then array['instagram'] else array[]::text[] end,
            array[1 + g % 12, 1 + (g * 7) % 12],
            case when g % 10 < 7 then 'TN' when g % 10 < 9 then null else 'FR' end,
            case when g % 4 = 0 then array['Tunis'] when g % 4 = 1 then array['Sfax','Sousse'] else array[]::text[] end,
            case when g % 5 = 0 then array['micro'] when g % 5 = 1 then array['nano','mid-tier'] else array[]::text[] end,
            1 + g % 5, 50000 + (g % 20) * 10000, 150000 + (g % 20) * 10000,
            current_date + (1 + g % 60), current_date + (61 + g % 30), '12:00',
            now() + ((61 + g % 30) || ' days')::interval, 'Brief ' || g,
            case when g % 50 = 0 then 'private' else 'public' end,
            now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
     from generate_series(1, $4::int) g`,
    [advertiserIds, ADVERTISERS, LIVE_OPPORTUNITIES, LIVE_OPPORTUNITIES + OTHER_OPPORTUNITIES],
  );
  // The discovering creator is invited to one private opportunity in five.
  await query(
    `insert into content_opportunity_invitations (content_opportunity_id, influencer_id)
     select id, $1 from content_opportunities where visibility = 'private' and id % 5 = 0`,
    [discoverer.id],
  );
  // One opportunity of the first advertiser with 2,000 applications, a quarter answered.
  const [target] = await query<{ id: number }>(
    `select id from content_opportunities where advertiser_user_id = $1 and state = 'live'
     order by id limit 1`,
    [advertiserIds[0]],
  );
  await query(
    `insert into content_opportunity_applications (content_opportunity_id, influencer_id,
       influencer_user_id, advertiser_user_id, state, price, pitch, answers, created_at, answered_at)
     select $1, i.id, i.user_id, $2,
            (array['submitted','submitted','debriefed','declined','withdrawn'])[1 + i.id % 5],
            50000 + (i.id % 100) * 1000, 'Pitch of creator ' || i.id, array['An answer'],
            now() - (i.id || ' minutes')::interval,
            case when i.id % 4 = 0 then now() - ((i.id / 2) || ' minutes')::interval end
     from influencers i where i.user_id = any($3::int[])`,
    [target!.id, advertiserIds[0], creatorUsers.slice(1)],
  );
  // Other opportunities' applications (nine per creator), as a real table holds: the lists
  // must find one opportunity's rows by index, not read them all.
  await query(
    `insert into content_opportunity_applications (content_opportunity_id, influencer_id,
       influencer_user_id, advertiser_user_id, state, price, pitch, answers, created_at, answered_at)
     select o.id, i.id, i.user_id, o.advertiser_user_id, 'submitted', o.price_min, 'Pitch',
            array['An answer'], now() - (k || ' hours')::interval,
            case when k % 3 = 0 then now() - (k || ' minutes')::interval end
     from influencers i
     cross join generate_series(0, 8) k
     join content_opportunities o on o.id = 1 + (i.id * 7 + k * 131) % $1::int
     where i.user_id = any($2::int[]) and o.id <> $3
     on conflict do nothing`,
    [LIVE_OPPORTUNITIES, creatorUsers.slice(1), target!.id],
  );
  await query('vacuum analyze');

  const login = async (email: string) => {
    const res = await built.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email, password: PASSWORD },
    });
    return {
      authorization: `Bearer ${(res.json() as { data: { accessToken: string } }).data.accessToken}`,
    };
  };
  const creator = await login('opportunity-bench-creator-0@clipmarket.test');
  const advertiser = await login('opportunity-bench-brand-1@clipmarket.test');
  const get = async (url: string, headers: Record<string, string>) => {
    const begin = performance.now();
    const res = await built.app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - begin;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return { ms, body: res.json() as { data: unknown[]; next_cursor: string | null } };
  };

  const random = createRandom(230_009);
  const pick = <T>(list: readonly T[]) => random.pick(list);
  const discoverUrl = () => {
    const params = new URLSearchParams({ sort: pick(['newest', 'best_paid']), limit: '20' });
    if (random.next() < 0.4) params.set('country', 'TN');
    if (random.next() < 0.3) params.set('cities', pick(['Tunis', 'Sfax', 'Sousse']));
    if (random.next() < 0.3) params.set('category_ids', String(1 + Math.floor(random.next() * 12)));
    if (random.next() < 0.3)
      params.set('min_price', String(100_000 + Math.floor(random.next() * 10) * 10_000));
    if (random.next() < 0.2)
      params.set('max_price', String(120_000 + Math.floor(random.next() * 10) * 10_000));
    if (random.next() < 0.2) {
      params.set('start_date', new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
      params.set('end_date', new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10));
    }
    return `/v2/discover-opportunities?${params}`;
  };
  const applicationsUrl = () =>
    `/v2/opportunities/${target!.id}/applications?${new URLSearchParams({
      filter: pick(['all', 'under_review', 'accepted', 'declined']),
      sort: pick(['newest', 'price_low', 'price_high', 'rating']),
      limit: '20',
    })}`;

  /** First pages and, one time in four, the next page of the answer before. */
  const measure = async (
    count: number,
    url: () => string,
    headers: Record<string, string>,
  ): Promise<number[]> => {
    const latencies: number[] = [];
    let previous: { url: string; cursor: string | null } | null = null;
    for (let i = 0; i < count; i += 1) {
      const next: string =
        previous?.cursor && random.next() < 0.25
          ? `${previous.url}&cursor=${encodeURIComponent(previous.cursor)}`
          : url();
      const { ms, body } = await get(next, headers);
      latencies.push(ms);
      previous = { url: next.replace(/&cursor=[^&]*/, ''), cursor: body.next_cursor };
    }
    return latencies.sort((a, b) => a - b);
  };

  console.log('opportunities bench: warming up…');
  await measure(50, discoverUrl, creator);
  await measure(50, applicationsUrl, advertiser);
  const seqScansOf = async () =>
    Object.fromEntries(
      (
        await query<{ relname: string; seq_scan: string }>(
          `select relname, seq_scan from pg_stat_user_tables where relname = any($1)`,
          [WATCHED],
        )
      ).map((row) => [row.relname, Number(row.seq_scan)]),
    ) as Record<string, number>;
  // pg_stat counters are flushed by each backend now and then: a second's wait settles them.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const before = await seqScansOf();
  console.log('opportunities bench: measuring…');
  const discover = await measure(DISCOVER_REQUESTS, discoverUrl, creator);
  const listed = await measure(APPLICATION_REQUESTS, applicationsUrl, advertiser);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await seqScansOf();
  const seqScans = Object.fromEntries(
    WATCHED.map((table) => [table, (after[table] ?? 0) - (before[table] ?? 0)]),
  );

  // The plans of the SQL each kind of request ran on the watched tables.
  const plans: OpportunityBench['plans'] = [];
  const explain = async (name: string, url: string, headers: Record<string, string>) => {
    captured.length = 0;
    capturing = true;
    await get(url, headers);
    capturing = false;
    const queries = captured.filter((q) => WATCHED.some((table) => q.sql.includes(`"${table}"`)));
    for (const [index, q] of queries.entries()) {
      const rows = await query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary on) ${q.sql}`,
        q.params,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      plans.push({ name: `${name} (query ${index + 1})`, plan, seqScan: SEQ_SCAN.test(plan) });
    }
  };
  await explain('discover, newest', '/v2/discover-opportunities?sort=newest&limit=20', creator);
  await explain(
    'discover, best paid, in Tunis, category 3',
    '/v2/discover-opportunities?sort=best_paid&cities=Tunis&category_ids=3&limit=20',
    creator,
  );
  await explain(
    'applications, newest',
    `/v2/opportunities/${target!.id}/applications?sort=newest&limit=20`,
    advertiser,
  );
  await explain(
    'applications under review, lowest price',
    `/v2/opportunities/${target!.id}/applications?filter=under_review&sort=price_low&limit=20`,
    advertiser,
  );

  await built.app.close();
  await built.realtime.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const row = (endpoint: string, latencies: number[]): OpportunityBenchRow => ({
    endpoint,
    requests: latencies.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  });
  return {
    rows: [
      row(
        `GET /v2/discover-opportunities (${LIVE_OPPORTUNITIES.toLocaleString('en')} live)`,
        discover,
      ),
      row(`GET /v2/opportunities/{id}/applications (${APPLICATIONS.toLocaleString('en')})`, listed),
    ],
    seqScans,
    plans,
  };
}

export function opportunityBenchFailures(bench: OpportunityBench): string[] {
  return [
    ...bench.rows
      .filter((row) => row.p95 > OPPORTUNITY_P95_GOAL_MS)
      .map((row) => `${row.endpoint}: p95 ${row.p95} ms > ${OPPORTUNITY_P95_GOAL_MS} ms`),
    ...Object.entries(bench.seqScans)
      .filter(([, count]) => count > 0)
      .map(([table, count]) => `${table}: ${count} sequential scans during the requests`),
    ...bench.plans.filter((p) => p.seqScan).map((p) => `${p.name}: a sequential scan in its plan`),
  ];
}

export function opportunityBenchMarkdown(bench: OpportunityBench, machine: string): string {
  return `## Opportunities at 10,000 live

Measured by \`npm run bench\` (or \`npm run bench -- --opportunities\`) on ${new Date().toISOString().slice(0, 10)}; ${machine}.
PostgreSQL, through the API in process (\`app.inject\`: routing, validation, the services and every query of
the answer), one request at a time, latencies in milliseconds. ${LIVE_OPPORTUNITIES.toLocaleString('en')} live opportunities
(and ${OTHER_OPPORTUNITIES.toLocaleString('en')} in other states) of ${ADVERTISERS} advertisers; the creator asking lives in Tunis with
20,000 followers, invited to some private ones; random campaign filters (country, city, category, price,
dates), newest or best paid, a quarter of the requests a next page. The applications list is one
opportunity's ${APPLICATIONS.toLocaleString('en')} applications (its creators applied to nine others each: about 20,000 rows in the table),
every filter and sort. Goal: p95 ≤ ${OPPORTUNITY_P95_GOAL_MS} ms, no sequential scan.

| endpoint | requests | p50 | p95 | p99 |
|---|---:|---:|---:|---:|
${bench.rows.map((r) => `| ${r.endpoint} | ${r.requests} | ${r.p50} | ${r.p95} | ${r.p99} |`).join('\n')}

Sequential scans during the requests (\`pg_stat_user_tables\`): ${Object.entries(bench.seqScans)
    .map(([table, count]) => `\`${table}\` ${count}`)
    .join(', ')}.

### Query plans

${bench.plans.map((p) => `${p.name}${p.seqScan ? ' — **sequential scan**' : ''}:\n\n\`\`\`\n${p.plan}\n\`\`\``).join('\n\n')}
`;
}
