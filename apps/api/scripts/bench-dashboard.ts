/**
 * The performance dashboard at scale (issue 24 §8), on PostgreSQL: `GET /v2/performance/dashboard`
 * of an advertiser with 50 campaigns and 2,000 published videos answers p95 ≤ 50 ms, with no
 * sequential scan of a table that is not small.
 *
 * Run by bench-campaigns.ts after the redirect's phase, in its database and app
 * (`npm run bench -- --campaigns`):
 * 1. seeds, in bulk SQL into the real tables, the advertiser measured and 39 more of the same
 *    size (the measured one's rows are 2.5 % of each table, as one big advertiser among many: a
 *    read must find them by index, and PostgreSQL's planner only prefers an index when they are
 *    few). Each has 50 campaigns of two content requests and two opportunities; each of those
 *    ten published deliveries (line completed, content fee paid, publication links approved,
 *    their snapshots: the windows passed and the daily `latest`, some from a creator's checked
 *    screenshot) and one delivery under way; tracked links with clicks; and the ledger's
 *    movements (payments, platform fees, content fees), so that costs are the books' and the
 *    spending query reads as many entries as such an advertiser has;
 * 2. measures the dashboard over HTTP with the advertiser's bearer token: sequential requests
 *    after a warm-up (p50/p95/p99), then a concurrent run with autocannon;
 * 3. captures every statement one dashboard request sends to PostgreSQL (at the driver, so no
 *    statement escapes) and EXPLAINs each with its parameters after ANALYZE: a `Seq Scan` on a
 *    table of more than SEQ_SCAN_ROWS_LIMIT rows fails the phase.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { campaignGoals } from '@clipmarket/contracts/campaigns';
import { hashPassword } from '../src/platform/auth/password.js';
import type { Database } from '../src/platform/db/client.js';

export const DASHBOARD_CAMPAIGNS = 50;
const REQUESTS_PER_CAMPAIGN = 2;
const OPPORTUNITIES_PER_CAMPAIGN = 2;
/** Published deliveries of each request or opportunity; one more is under way. */
const PUBLISHED_PER_SOURCE = 10;
const LINES_PER_SOURCE = PUBLISHED_PER_SOURCE + 1;
export const DASHBOARD_PUBLISHED =
  DASHBOARD_CAMPAIGNS * (REQUESTS_PER_CAMPAIGN + OPPORTUNITIES_PER_CAMPAIGN) * PUBLISHED_PER_SOURCE;
/** Other advertisers of the same size: the measured one's rows are 1/40 of each table. */
const OTHER_ADVERTISERS = 39;
const CREATORS = 400;
/** Publications approved over the last PUBLISHED_DAYS days. */
const PUBLISHED_DAYS = 90;
const WARM_UP_REQUESTS = 30;
const SEQUENTIAL_REQUESTS = 200;
const CONCURRENT_CONNECTIONS = 4;
const CONCURRENT_SECONDS = 10;
/** The issue's goal, sequential requests on PostgreSQL. */
export const DASHBOARD_P95_GOAL_MS = 50;
/**
 * A sequential scan of a table with more rows than this fails the phase; smaller (reference)
 * tables are read whole by the planner's own choice, and rightly so.
 */
const SEQ_SCAN_ROWS_LIMIT = 500;
const PASSWORD = 'Bench1234';
const TARGET_EMAIL = 'dashboard-bench-brand-1@clipmarket.test';

export interface DashboardStatement {
  sql: string;
  /** The plan's nodes, one a line, indented by depth. */
  plan: string;
  /** Tables of more than SEQ_SCAN_ROWS_LIMIT rows read by a Seq Scan. */
  seqScans: string[];
  /** Small tables read by a Seq Scan (allowed). */
  smallSeqScans: string[];
}

export interface DashboardBench {
  /** Rows of each table seeded: all advertisers, and the measured one's. */
  dataset: { table: string; all: number; measured: number }[];
  sequential: {
    requests: number;
    p50: number;
    p95: number;
    p99: number;
    mean: number;
    /** CPU time of the API process (server and client) per request, in ms: less load-bound. */
    cpuPerRequest: number;
  };
  concurrent: {
    connections: number;
    seconds: number;
    requestsPerSecond: number;
    p50: number;
    p90: number;
    p99: number;
    unexpected: number;
  };
  answerBytes: number;
  campaignRows: number;
  rows: number;
  published: number;
  videos: number;
  cost: number;
  clicks: number;
  statements: DashboardStatement[];
  /** 1, 5 and 15 minute load averages when the measuring began and ended (`uptime`). */
  load: { before: number[]; after: number[] };
}

type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

const percentile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.floor(q * (sorted.length - 1))]! * 10) / 10;

/** The measured advertiser first, then the others; creators; the team member who approves. */
async function seedPeople(query: Query) {
  const hash = await hashPassword(PASSWORD);
  const brands = await query<{ id: number; email: string }>(
    `insert into users (email, password_hash, role, is_verified, is_validated)
     select 'dashboard-bench-brand-' || g || '@clipmarket.test', $1, 'BRAND', true, true
     from generate_series(1, $2::int) g returning id, email`,
    [hash, 1 + OTHER_ADVERTISERS],
  );
  // The measured one first.
  const advertisers = [
    ...brands.filter((row) => row.email === TARGET_EMAIL),
    ...brands.filter((row) => row.email !== TARGET_EMAIL),
  ].map((row) => row.id);
  await query(
    `insert into advertisers (user_id, name, campany_name, tax_registration_number,
       domiciliation_address, phone_campany, phone_campany_prefix)
     select id, 'Bench brand ' || id, 'Bench SARL', '1234567A/A/M/000', 'Tunis', '71000000', '+216'
     from unnest($1::int[]) as id`,
    [advertisers],
  );
  const creatorUsers = (
    await query<{ id: number }>(
      `insert into users (email, password_hash, role, is_verified, is_validated)
       select 'dashboard-bench-creator-' || g || '@clipmarket.test', $1, 'TALENT', true, true
       from generate_series(1, $2::int) g returning id`,
      [hash, CREATORS],
    )
  ).map((row) => row.id);
  const creators = (
    await query<{ id: number }>(
      `insert into influencers (user_id, influencer_name, ig_username, country, city, cin, card_number)
       select u, 'dashboard.bench.' || u, 'dashboard.bench.' || u, 'TN', 'Tunis', '01234567',
              '08006000123456789079'
       from unnest($1::int[]) as u returning id`,
      [creatorUsers],
    )
  ).map((row) => row.id);
  const [admin] = await query<{ id: number }>(
    `insert into users (email, password_hash, role, is_verified, is_validated)
     values ('dashboard-bench-team@clipmarket.test', $1, 'ADMIN', true, true) returning id`,
    [hash],
  );
  return { advertisers, creators, adminUserId: admin!.id };
}

/**
 * Each advertiser's campaigns, and in each its sent requests and running or completed
 * opportunities (campaign_items); every other request lists Instagram and TikTok.
 */
async function seedCampaigns(query: Query, advertisers: number[]) {
  await query(
    `insert into campaigns (advertiser_user_id, name, goal, visibility, starts_on, ends_on,
       budget, target_url, created_at)
     select a, 'Campaign ' || c, ($2::text[])[1 + c % cardinality($2::text[])],
            case when c % 2 = 0 then 'private' else 'public' end,
            current_date - ($3::int + 30), current_date + c, 8000000 + c * 100000,
            'https://brand' || a || '.example.tn/offer-' || c,
            now() - (($3::int + 30) || ' days')::interval
     from unnest($1::int[]) a cross join generate_series(1, $4::int) c
     order by a, c`,
    [advertisers, [...campaignGoals], PUBLISHED_DAYS, DASHBOARD_CAMPAIGNS],
  );
  // The title names the campaign and the slot: the insert's rows are found again by it.
  await query(
    `with slots as (
       select c.id as campaign_id, c.advertiser_user_id, c.created_at, k
       from campaigns c cross join generate_series(1, $2::int) k
       where c.advertiser_user_id = any($1::int[])
     ), made as (
       insert into content_requests (advertiser_user_id, status, title, content_type,
         video_duration, format, platforms, delivery_date, delivery_slot, delivery_deadline,
         publishing_deadline, script, sent_at, created_at)
       select advertiser_user_id, 'sent', 'Bench request ' || campaign_id || '-' || k,
              'product_demo', 30, 'portrait',
              case when k % 2 = 0 then array['instagram', 'tiktok'] else array['instagram'] end,
              (created_at + interval '10 days')::date, '12:00', created_at + interval '10 days',
              (created_at + interval '20 days')::date, 'Show the product', created_at,
              created_at
       from slots order by campaign_id, k
       returning id, title
     )
     insert into campaign_items (campaign_id, content_request_id, attached_at)
     select s.campaign_id, m.id, s.created_at
     from slots s join made m on m.title = 'Bench request ' || s.campaign_id || '-' || s.k`,
    [advertisers, REQUESTS_PER_CAMPAIGN],
  );
  await query(
    `with slots as (
       select c.id as campaign_id, c.advertiser_user_id, c.created_at, k
       from campaigns c cross join generate_series(1, $2::int) k
       where c.advertiser_user_id = any($1::int[])
     ), made as (
       insert into content_opportunities (advertiser_user_id, state, title, content_type,
         video_duration, format, platforms, creator_platforms, country, spots, spots_taken,
         price_min, price_max, application_deadline, delivery_date, delivery_slot,
         delivery_deadline, publishing_deadline, visibility, brief, published_at, created_at)
       select advertiser_user_id, case when k % 2 = 0 then 'completed' else 'ongoing' end,
              'Bench opportunity ' || campaign_id || '-' || k, 'product_demo', 30, 'portrait',
              case when k % 2 = 0 then array['instagram', 'tiktok'] else array['instagram'] end,
              array['instagram'], 'TN', $3::int, $3::int, 80000, 180000,
              (created_at + interval '5 days')::date, (created_at + interval '15 days')::date,
              '12:00', created_at + interval '15 days', (created_at + interval '25 days')::date,
              'public', 'The brief', created_at, created_at
       from slots order by campaign_id, k
       returning id, title
     )
     insert into campaign_items (campaign_id, content_opportunity_id, attached_at)
     select s.campaign_id, m.id, s.created_at
     from slots s join made m on m.title = 'Bench opportunity ' || s.campaign_id || '-' || s.k`,
    [advertisers, OPPORTUNITIES_PER_CAMPAIGN, LINES_PER_SOURCE],
  );
}

/**
 * Delivery lines: per request or opportunity, PUBLISHED_PER_SOURCE completed ones (content fee
 * paid, link approved — `entered_at` is the approval, spread over PUBLISHED_DAYS days) and one
 * still under way (a request's video submitted, an opportunity's creator accepted); an
 * opportunity's lines come from accepted applications. Creators differ within an item.
 */
async function seedLines(query: Query, advertisers: number[], creators: number[]) {
  await query(
    `with sources as (
       select id as request_id, null::int as opportunity_id, advertiser_user_id
       from content_requests where advertiser_user_id = any($1::int[])
       union all
       select null, id, advertiser_user_id
       from content_opportunities where advertiser_user_id = any($1::int[])
     ), numbered as (
       select s.*, row_number() over (order by request_id, opportunity_id) as n from sources s
     ), slots as (
       select n.*, k, ($2::int[])[1 + (n.n * 11 + k * 37) % cardinality($2::int[])] as influencer_id,
              now() - (((n.n * 7 + k * 13) % $5::int) || ' days')::interval
                    - ((k * 3 + 1) || ' hours')::interval as approved_at
       from numbered n cross join generate_series(1, $3::int) k
     )
     insert into content_request_influencers (content_request_id, content_opportunity_id,
       influencer_id, influencer_user_id, advertiser_user_id, line_number, price, state,
       entered_at, paid_at, created_at)
     select s.request_id, s.opportunity_id, i.id, i.user_id, s.advertiser_user_id, s.k,
            80000 + ((s.n + s.k) % 20) * 5000,
            case when s.k <= $4::int then 'completed'
                 when s.request_id is not null then 'submitted' else 'accepted' end,
            case when s.k <= $4::int then s.approved_at else now() - interval '1 day' end,
            case when s.k <= $4::int then s.approved_at - interval '2 days' end,
            s.approved_at - interval '12 days'
     from slots s join influencers i on i.id = s.influencer_id
     order by s.n, s.k`,
    [advertisers, creators, LINES_PER_SOURCE, PUBLISHED_PER_SOURCE, PUBLISHED_DAYS],
  );
  await query(
    `insert into content_opportunity_applications (content_opportunity_id, influencer_id,
       influencer_user_id, advertiser_user_id, state, price, pitch, answered_at, line_id,
       created_at)
     select content_opportunity_id, influencer_id, influencer_user_id, advertiser_user_id,
            'accepted', price, 'Happy to film it', created_at, id, created_at - interval '2 days'
     from content_request_influencers
     where advertiser_user_id = any($1::int[]) and content_opportunity_id is not null
     order by id`,
    [advertisers],
  );
}

/**
 * The completed lines' publication links, one per platform of their item, approved by the
 * team (one line in ten had a first link declined), and each approved link's publication as
 * the metrics module tracks it (one in 97 posts since deleted).
 */
async function seedPublications(query: Query, advertisers: number[], adminUserId: number) {
  await query(
    `insert into content_request_links (line_id, platform, url, state, reason,
       reviewed_by_user_id, reviewed_at, created_at)
     select l.id, 'instagram', 'https://www.instagram.com/p/bench' || l.id || '/', 'declined',
            'The post is private', $2, l.entered_at - interval '1 day', l.entered_at - interval '2 days'
     from content_request_influencers l
     where l.advertiser_user_id = any($1::int[]) and l.state = 'completed' and l.id % 10 = 0
     order by l.id`,
    [advertisers, adminUserId],
  );
  await query(
    `insert into content_request_links (line_id, platform, url, state, reviewed_by_user_id,
       reviewed_at, created_at)
     select l.id, p.platform,
            case p.platform
              when 'instagram' then 'https://www.instagram.com/reel/bench' || l.id || '/'
              else 'https://www.tiktok.com/@dashboard.bench.' || l.influencer_user_id
                   || '/video/7' || lpad(l.id::text, 18, '0') end,
            'approved', $2, l.entered_at, l.entered_at - interval '6 hours'
     from content_request_influencers l
     left join content_requests r on r.id = l.content_request_id
     left join content_opportunities o on o.id = l.content_opportunity_id
     cross join lateral unnest(coalesce(r.platforms, o.platforms)) as p(platform)
     where l.advertiser_user_id = any($1::int[]) and l.state = 'completed'
     order by l.id, p.platform`,
    [advertisers, adminUserId],
  );
  await query(
    `insert into metric_publications (link_id, line_id, platform, creator_user_id, url,
       approved_at, external_media_id, post_state, created_at)
     select k.id, k.line_id, k.platform, l.influencer_user_id, k.url, k.reviewed_at,
            'bench-media-' || k.id, case when k.id % 97 = 0 then 'deleted' else 'live' end,
            k.reviewed_at
     from content_request_links k join content_request_influencers l on l.id = k.line_id
     where l.advertiser_user_id = any($1::int[]) and k.state = 'approved'
     order by k.id`,
    [advertisers],
  );
}

/**
 * Figures: each window passed since the approval (24 h, 72 h, 7 d, 30 d, written once) and the
 * daily `latest` (refreshed for 30 days, then left), from the platform's API — except one
 * Instagram post in 25 whose 7-day figures a creator submitted with a screenshot and the team
 * approved. Views grow with the post's age; TikTok gives no reach, saves or watch time.
 */
async function seedSnapshots(query: Query, advertisers: number[], adminUserId: number) {
  const ofBench = `p.line_id in (select id from content_request_influencers
                                 where advertiser_user_id = any($1::int[]))`;
  await query(
    `insert into files (token, owner_user_id, purpose, visibility, file_extension, mime_type,
       original_name, size_bytes, storage_key)
     select 'dashboard-bench-insights-' || p.link_id, p.creator_user_id, 'metric_screenshot',
            'private', 'png', 'image/png', 'insights.png', 180000,
            'bench/insights-' || p.link_id || '.png'
     from metric_publications p
     where ${ofBench} and p.platform = 'instagram' and p.link_id % 25 = 0
       and p.approved_at <= now() - interval '7 days'`,
    [advertisers],
  );
  await query(
    `insert into metric_submissions (link_id, line_id, creator_user_id, platform, url, "window",
       views, reach, likes, comments, shares, saves, screenshot_file_id, state,
       reviewed_by_user_id, reviewed_at, created_at)
     select p.link_id, p.line_id, p.creator_user_id, p.platform, p.url, '7d',
            v.views, v.views * 8 / 10, v.views * 6 / 100, v.views / 200, v.views / 100,
            v.views * 12 / 1000, f.id, 'approved', $2,
            p.approved_at + interval '8 days', p.approved_at + interval '7 days 3 hours'
     from metric_publications p
     join files f on f.token = 'dashboard-bench-insights-' || p.link_id
     cross join lateral (select round((2000 + (p.link_id * 7919) % 60000) * 0.8)::bigint as views) v
     where ${ofBench}`,
    [advertisers, adminUserId],
  );
  // `share`: the part of the post's final views reached at the window.
  await query(
    `with windows ("window", age, share) as (
       values ('24h', interval '24 hours', 0.35), ('72h', interval '72 hours', 0.6),
              ('7d', interval '7 days', 0.8), ('30d', interval '30 days', 1.0)
     ), reads as (
       select p.*, w."window", p.approved_at + w.age as read_at, w.share, false as post_deleted
       from metric_publications p join windows w on p.approved_at + w.age <= now()
       where ${ofBench}
       union all
       select p.*, 'latest', least(now() - interval '3 hours', p.approved_at + interval '30 days'),
              0.35 + 0.65 * least(1.0, extract(epoch from now() - p.approved_at) / 2592000.0),
              p.post_state = 'deleted'
       from metric_publications p where ${ofBench}
     )
     insert into metric_snapshots (link_id, line_id, platform, "window", source, read_at, views,
       reach, likes, comments, shares, saves, watch_time_ms, post_deleted, submission_id)
     select r.link_id, r.line_id, r.platform, r."window",
            case when s.id is not null then 'creator'
                 when r.platform = 'instagram' then 'instagram_api' else 'tiktok_api' end,
            case when s.id is not null then s.reviewed_at else r.read_at end,
            case when not r.post_deleted then v.views end,
            case when not r.post_deleted and r.platform = 'instagram' then v.views * 8 / 10 end,
            case when not r.post_deleted then v.views * 6 / 100 end,
            case when not r.post_deleted then v.views / 200 end,
            case when not r.post_deleted then v.views / 100 end,
            case when not r.post_deleted and r.platform = 'instagram' then v.views * 12 / 1000 end,
            case when not r.post_deleted and r.platform = 'instagram' then v.views * 9000 end,
            r.post_deleted, s.id
     from reads r
     cross join lateral (
       select round((2000 + (r.link_id * 7919) % 60000) * r.share)::bigint as views
     ) v
     left join metric_submissions s
       on s.link_id = r.link_id and s."window" = r."window" and s.state = 'approved'
     order by r.link_id, r."window"`,
    [advertisers],
  );
}

/**
 * A tracked link per approved publication link (line and platform), and its visits since the
 * approval, one every five hours: people, one in eight a link preview. The measured
 * advertiser's links get up to 30 visits, the others' up to 6 (their clicks only fill the
 * table).
 */
async function seedTrackedLinks(query: Query, advertisers: number[]) {
  await query(
    `insert into tracked_links (line_id, platform, code, target_url, utm_source, utm_medium,
       utm_campaign, utm_content, utm_term, created_at)
     select k.line_id, k.platform, 'bench-' || k.line_id || '-' || k.platform,
            'https://brand' || l.advertiser_user_id || '.example.tn/offer', k.platform, 'social',
            'bench-' || l.advertiser_user_id, 'bench-' || k.line_id, '', k.reviewed_at
     from content_request_links k join content_request_influencers l on l.id = k.line_id
     where l.advertiser_user_id = any($1::int[]) and k.state = 'approved'
     order by k.id`,
    [advertisers],
  );
  await query(
    `insert into tracked_link_clicks (link_id, occurred_at, visit_hour, kind, visitor_hash,
       country, referrer_domain, device_class)
     select t.id, c.at, date_trunc('hour', c.at at time zone 'UTC') at time zone 'UTC',
            case when g % 8 = 0 then 'preview' else 'person' end,
            md5(t.id || '-' || g) || md5(g || '-' || t.id), 'TN',
            case t.platform when 'instagram' then 'l.instagram.com' end,
            case when g % 5 = 0 then 'desktop' else 'mobile' end
     from tracked_links t
     join content_request_influencers l on l.id = t.line_id
     cross join generate_series(
       1, 1 + t.id % case when l.advertiser_user_id = $2 then 30 else 6 end) g
     cross join lateral (select t.created_at + g * interval '5 hours' as at) c
     where l.advertiser_user_id = any($1::int[]) and c.at <= now()
     order by t.id, g`,
    [advertisers, advertisers[0]],
  );
}

interface LedgerMovement {
  key: string;
  kind: string;
  reference: Record<string, number | string>;
  /** Account (`kind:owner`) and amount; the sum is zero. */
  postings: [string, number][];
}

/**
 * The books, computed here and inserted in bulk in one database transaction (the ledger's
 * deferred trigger checks every transaction balances at commit): per advertiser a gateway
 * payment into the wallet; per request or opportunity its platform fee; for the measured
 * advertiser, as the services write it, each line's content fee reserved (a hold) at sending
 * and, once paid, captured to the creator's earnings — for the others, lighter, each item's
 * paid content fees in one movement from the wallet to the creators. Each person's account gets
 * its entries' balances and versions in order, and its cached balance.
 */
async function seedLedger(database: Database, advertisers: number[]) {
  const client = await database.pool!.connect();
  const query: Query = async (sql, params) =>
    (await client.query(sql, params as unknown[])).rows as never[];
  try {
    await client.query('begin');
    const lines = await query<{
      id: number;
      content_request_id: number | null;
      content_opportunity_id: number | null;
      advertiser_user_id: number;
      influencer_user_id: number;
      price: string;
      state: string;
    }>(
      `select id, content_request_id, content_opportunity_id, advertiser_user_id,
              influencer_user_id, price, state
       from content_request_influencers where advertiser_user_id = any($1::int[]) order by id`,
      [advertisers],
    );
    const sourceOf = (line: (typeof lines)[number]): Record<string, number> =>
      line.content_request_id !== null
        ? { content_request_id: line.content_request_id }
        : { content_opportunity_id: line.content_opportunity_id! };
    const sources = new Map<string, { advertiser: number; lines: typeof lines }>();
    for (const line of lines) {
      const key = JSON.stringify(sourceOf(line));
      const source = sources.get(key) ?? { advertiser: line.advertiser_user_id, lines: [] };
      source.lines.push(line);
      sources.set(key, source);
    }
    const feeOf = (source: { lines: unknown[] }) => 25000 * source.lines.length;

    const payments: LedgerMovement[] = advertisers.map((advertiser) => {
      const amount =
        5_000_000 +
        lines
          .filter((line) => line.advertiser_user_id === advertiser)
          .reduce((sum, line) => sum + Number(line.price), 0) +
        [...sources.values()]
          .filter((source) => source.advertiser === advertiser)
          .reduce((sum, source) => sum + feeOf(source), 0);
      return {
        key: `bench:payment:${advertiser}:received`,
        kind: 'payment.received',
        reference: { gateway_ref: `bench-${advertiser}` },
        postings: [
          ['gateway_clearing:', -amount],
          [`advertiser_wallet:${advertiser}`, amount],
        ],
      };
    });
    const fees: LedgerMovement[] = [...sources].map(([key, source]) => {
      const reference = JSON.parse(key) as Record<string, number>;
      const name =
        reference.content_request_id !== undefined
          ? `content-request:${reference.content_request_id}`
          : `opportunity:${reference.content_opportunity_id}`;
      return {
        key: `${name}:fee`,
        kind: `${name.split(':')[0]}.fee`,
        reference,
        postings: [
          [`advertiser_wallet:${source.advertiser}`, -feeOf(source)],
          ['platform_revenue:', feeOf(source)],
        ],
      };
    });
    const [measured] = advertisers;
    const held = lines.filter((line) => line.advertiser_user_id === measured);
    const holdKey = (lineId: number) => `content-request-line:${lineId}`;
    const reserves: LedgerMovement[] = held.map((line) => ({
      key: `hold:${holdKey(line.id)}:reserve`,
      kind: 'hold.reserve',
      reference: { ...sourceOf(line), content_request_influencer_id: line.id },
      postings: [
        [`advertiser_wallet:${line.advertiser_user_id}`, -Number(line.price)],
        [`advertiser_reserved:${line.advertiser_user_id}`, Number(line.price)],
      ],
    }));

    // Accounts: a person's are cached (balance, version); the platform's keep no cache.
    const contentFees: LedgerMovement[] = [...sources]
      .filter(([, source]) => source.advertiser !== measured)
      .map(([key, source]) => {
        const reference = JSON.parse(key) as Record<string, number>;
        const paid = source.lines.filter((line) => line.state === 'completed');
        const total = paid.reduce((sum, line) => sum + Number(line.price), 0);
        return {
          key: `bench:${key}:content-fees`,
          kind: 'content-fee.paid',
          reference,
          postings: [
            [`advertiser_wallet:${source.advertiser}`, -total],
            ...paid.map((line): [string, number] => [
              `creator_earnings:${line.influencer_user_id}`,
              Number(line.price),
            ]),
          ],
        };
      });
    const accountRefs = new Set(
      [...payments, ...fees, ...reserves, ...contentFees].flatMap((m) =>
        m.postings.map(([ref]) => ref),
      ),
    );
    for (const line of lines) accountRefs.add(`creator_earnings:${line.influencer_user_id}`);
    const refs = [...accountRefs].map((ref) => {
      const [kind, owner] = ref.split(':');
      return { ref, kind: kind!, owner: owner ? Number(owner) : null };
    });
    await query(
      `insert into ledger_accounts (kind, owner_user_id, may_go_negative)
       select kind, owner, owner is null from unnest($1::text[], $2::int[]) as a(kind, owner)
       on conflict on constraint ledger_accounts_kind_owner_unique do nothing`,
      [refs.map((r) => r.kind), refs.map((r) => r.owner)],
    );
    const accounts = new Map(
      (
        await query<{
          id: string;
          kind: string;
          owner_user_id: number | null;
          balance: string;
          version: number;
        }>(
          `select id, kind, owner_user_id, balance, version from ledger_accounts
           where (kind, coalesce(owner_user_id, 0)) in
                 (select * from unnest($1::text[], $2::int[]))`,
          [refs.map((r) => r.kind), refs.map((r) => r.owner ?? 0)],
        )
      ).map((row) => [`${row.kind}:${row.owner_user_id ?? ''}`, row]),
    );
    const cached = new Map<string, { balance: number; version: number }>();
    for (const [ref, row] of accounts) {
      if (row.owner_user_id !== null) {
        cached.set(ref, { balance: Number(row.balance), version: Number(row.version) });
      }
    }

    const insertMovements = async (movements: LedgerMovement[]) => {
      const ids = new Map<string, number>();
      for (let start = 0; start < movements.length; start += 5000) {
        const chunk = movements.slice(start, start + 5000);
        const rows = await query<{ id: string; idempotency_key: string }>(
          `insert into ledger_transactions (idempotency_key, kind, reference)
           select * from unnest($1::text[], $2::text[], $3::jsonb[])
           returning id, idempotency_key`,
          [
            chunk.map((m) => m.key),
            chunk.map((m) => m.kind),
            chunk.map((m) => JSON.stringify(m.reference)),
          ],
        );
        for (const row of rows) ids.set(row.idempotency_key, Number(row.id));
      }
      const entries = movements.flatMap((m) =>
        m.postings.map(([ref, amount]) => {
          const account = cached.get(ref);
          if (account) {
            account.balance += amount;
            account.version += 1;
            if (account.balance < 0) throw new Error(`${ref} would go below zero`);
          }
          return {
            transactionId: ids.get(m.key)!,
            accountId: Number(accounts.get(ref)!.id),
            amount,
            balanceAfter: account ? account.balance : null,
            version: account ? account.version : null,
          };
        }),
      );
      for (let start = 0; start < entries.length; start += 10000) {
        const chunk = entries.slice(start, start + 10000);
        await query(
          `insert into ledger_entries (transaction_id, account_id, amount, balance_after,
             account_version)
           select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::int[])`,
          [
            chunk.map((e) => e.transactionId),
            chunk.map((e) => e.accountId),
            chunk.map((e) => e.amount),
            chunk.map((e) => e.balanceAfter),
            chunk.map((e) => e.version),
          ],
        );
      }
      return ids;
    };

    const reserved = await insertMovements([...payments, ...fees, ...reserves, ...contentFees]);
    const holds = await query<{ id: string; idempotency_key: string }>(
      `insert into ledger_holds (idempotency_key, owner_user_id, amount, reference,
         reserve_transaction_id)
       select * from unnest($1::text[], $2::int[], $3::bigint[], $4::jsonb[], $5::bigint[])
       returning id, idempotency_key`,
      [
        held.map((line) => holdKey(line.id)),
        held.map((line) => line.advertiser_user_id),
        held.map((line) => Number(line.price)),
        reserves.map((m) => JSON.stringify(m.reference)),
        reserves.map((m) => reserved.get(m.key)!),
      ],
    );
    const holdOf = new Map(holds.map((row) => [row.idempotency_key, Number(row.id)]));
    const paid = held.filter((line) => line.state === 'completed');
    const captures: LedgerMovement[] = paid.map((line) => ({
      key: `hold:${holdKey(line.id)}:settle:line:${line.id}:content-fee`,
      kind: 'hold.capture',
      reference: {
        ...sourceOf(line),
        content_request_influencer_id: line.id,
        hold: holdOf.get(holdKey(line.id))!,
      },
      postings: [
        [`advertiser_reserved:${line.advertiser_user_id}`, -Number(line.price)],
        [`creator_earnings:${line.influencer_user_id}`, Number(line.price)],
      ],
    }));
    const captured = await insertMovements(captures);
    await query(
      `update ledger_holds h
       set status = 'settled', captured_amount = h.amount, settle_transaction_id = c.tx,
           settled_at = now()
       from unnest($1::bigint[], $2::bigint[]) as c(hold, tx) where h.id = c.hold`,
      [
        paid.map((line) => holdOf.get(holdKey(line.id))!),
        captures.map((m) => captured.get(m.key)!),
      ],
    );
    await query(
      `update content_request_influencers l set hold_id = h.id
       from unnest($1::int[], $2::bigint[]) as h(line, id) where l.id = h.line`,
      [held.map((line) => line.id), held.map((line) => holdOf.get(holdKey(line.id))!)],
    );
    const people = [...cached];
    await query(
      `update ledger_accounts a set balance = c.balance, version = c.version
       from unnest($1::bigint[], $2::bigint[], $3::int[]) as c(id, balance, version)
       where a.id = c.id`,
      [
        people.map(([ref]) => Number(accounts.get(ref)!.id)),
        people.map(([, account]) => account.balance),
        people.map(([, account]) => account.version),
      ],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Rows of the tables the dashboard reads: all, and the measured advertiser's. */
async function datasetOf(query: Query, advertiser: number) {
  const ofLines = (table: string, column = 'line_id') =>
    `select count(*) from ${table} x join content_request_influencers l on l.id = x.${column}
     where l.advertiser_user_id = $1`;
  const tables: [string, string][] = [
    ['campaigns', `select count(*) from campaigns where advertiser_user_id = $1`],
    [
      'campaign_items',
      `select count(*) from campaign_items i join campaigns c on c.id = i.campaign_id
       where c.advertiser_user_id = $1`,
    ],
    ['content_requests', `select count(*) from content_requests where advertiser_user_id = $1`],
    [
      'content_opportunities',
      `select count(*) from content_opportunities where advertiser_user_id = $1`,
    ],
    [
      'content_request_influencers',
      `select count(*) from content_request_influencers where advertiser_user_id = $1`,
    ],
    ['content_request_links', ofLines('content_request_links')],
    ['metric_publications', ofLines('metric_publications')],
    ['metric_snapshots', ofLines('metric_snapshots')],
    ['metric_submissions', ofLines('metric_submissions')],
    ['tracked_links', ofLines('tracked_links')],
    [
      'tracked_link_clicks',
      `select count(*) from tracked_link_clicks c join tracked_links t on t.id = c.link_id
       join content_request_influencers l on l.id = t.line_id where l.advertiser_user_id = $1`,
    ],
    [
      'ledger_entries',
      `select count(*) from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where a.owner_user_id = $1`,
    ],
  ];
  const dataset: DashboardBench['dataset'] = [];
  for (const [table, measured] of tables) {
    const [all] = await query<{ count: string }>(`select count(*) from ${table}`);
    const [own] = await query<{ count: string }>(measured, [advertiser]);
    dataset.push({ table, all: Number(all!.count), measured: Number(own!.count) });
  }
  return dataset;
}

/** Every statement sent through node-postgres while `work` runs (pool and clients alike). */
async function captureStatements(work: () => Promise<void>) {
  const statements: { text: string; values: unknown[] }[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [
      string | { text: string; values?: unknown[] },
      unknown[] | undefined,
    ];
    if (typeof first === 'string') {
      statements.push({ text: first, values: Array.isArray(second) ? second : [] });
    } else if (first && typeof first.text === 'string') {
      statements.push({
        text: first.text,
        values: first.values ?? (Array.isArray(second) ? second : []),
      });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return statements;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Join Type'?: string;
  Plans?: PlanNode[];
}

/** The plan as lines (`Index Scan using x on t`), and the relations read by a Seq Scan. */
function describePlan(root: PlanNode) {
  const lines: string[] = [];
  const seqScans: string[] = [];
  const walk = (node: PlanNode, depth: number) => {
    const join =
      node['Join Type'] && node['Join Type'] !== 'Inner' ? ` (${node['Join Type']})` : '';
    const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
    lines.push(`${'  '.repeat(depth)}${node['Node Type']}${join}${using}${on}`);
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) {
      seqScans.push(node['Relation Name']);
    }
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(root, 0);
  return { plan: lines.join('\n'), seqScans };
}

/** The SQL of a statement on one line, long lists of parameters shortened. */
const shortSql = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(
      /\(\$(\d+)(, \$\d+)+\)/g,
      (list) => `($${list.match(/\d+/)![0]}, … ${list.split(',').length} parameters)`,
    )
    .trim();

/**
 * Seeds the data (once) and measures the dashboard of the first bench advertiser through the
 * app listening at `address`.
 */
export async function benchDashboard(database: Database, address: string): Promise<DashboardBench> {
  const query: Query = async (sql, params = []) =>
    (await database.query(sql, params)).rows as never[];

  const seedStart = performance.now();
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const begin = performance.now();
    const result = await work();
    console.log(`dashboard bench: ${name} (${Math.round(performance.now() - begin)} ms)`);
    return result;
  };
  const { advertisers, creators, adminUserId } = await step('people', () => seedPeople(query));
  await step('campaigns', () => seedCampaigns(query, advertisers));
  await step('lines', () => seedLines(query, advertisers, creators));
  await step('publications', () => seedPublications(query, advertisers, adminUserId));
  await step('snapshots', () => seedSnapshots(query, advertisers, adminUserId));
  await step('tracked links', () => seedTrackedLinks(query, advertisers));
  await step('ledger', () => seedLedger(database, advertisers));
  await step('vacuum analyze', () => query('vacuum analyze'));
  console.log(`dashboard bench: seeded in ${Math.round((performance.now() - seedStart) / 1000)} s`);
  const dataset = await datasetOf(query, advertisers[0]!);

  const login = await fetch(`${address}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: TARGET_EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`dashboard bench login: ${login.status} ${await login.text()}`);
  const { data: session } = (await login.json()) as { data: { accessToken: string } };
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const url = `${address}/v2/performance/dashboard`;
  const get = async () => {
    const begin = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    const ms = performance.now() - begin;
    if (res.status !== 200) throw new Error(`dashboard: ${res.status} ${body.slice(0, 500)}`);
    return { ms, body };
  };

  console.log('dashboard bench: warming up…');
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await get();
  const loadBefore = os.loadavg();
  console.log('dashboard bench: measuring…');
  const latencies: number[] = [];
  let body = '';
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i += 1) {
    const answer = await get();
    latencies.push(answer.ms);
    body = answer.body;
  }
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);

  // Every statement of one request, EXPLAINed with its parameters (the tables analyzed above).
  // The job queue polls its own tables beside (schema pgboss): not the dashboard's statements.
  const captured = (
    await captureStatements(async () => {
      await get();
    })
  ).filter((statement) => !/\bpgboss\./.test(statement.text));
  const sizes = new Map(
    (
      await query<{ relname: string; reltuples: number }>(
        `select relname, reltuples::float8 as reltuples from pg_class
         where relkind = 'r' and relnamespace = 'public'::regnamespace`,
      )
    ).map((row) => [row.relname, Number(row.reltuples)]),
  );
  const statements: DashboardStatement[] = [];
  for (const statement of captured) {
    if (!/^\s*(select|with|insert|update|delete)\b/i.test(statement.text)) continue;
    const [row] = await query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (format json) ${statement.text}`,
      statement.values,
    );
    const { plan, seqScans } = describePlan(row!['QUERY PLAN'][0].Plan);
    statements.push({
      sql: shortSql(statement.text),
      plan,
      seqScans: seqScans.filter((table) => (sizes.get(table) ?? 0) > SEQ_SCAN_ROWS_LIMIT),
      smallSeqScans: seqScans.filter((table) => (sizes.get(table) ?? 0) <= SEQ_SCAN_ROWS_LIMIT),
    });
  }

  let unexpected = 0;
  const concurrent = await autocannon({
    url,
    headers,
    connections: CONCURRENT_CONNECTIONS,
    duration: CONCURRENT_SECONDS,
    setupClient: (client) => {
      client.on('response', (statusCode: number) => {
        if (statusCode !== 200) unexpected += 1;
      });
    },
  });
  const loadAfter = os.loadavg();

  const { data } = JSON.parse(body) as {
    data: {
      rows: { kind: string }[];
      totals: { published: number; videos: number; cost: number; clicks: number };
    };
  };

  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    dataset,
    sequential: {
      requests: latencies.length,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      mean: round(latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length),
      cpuPerRequest: round((cpu.user + cpu.system) / 1000 / latencies.length),
    },
    concurrent: {
      connections: CONCURRENT_CONNECTIONS,
      seconds: CONCURRENT_SECONDS,
      requestsPerSecond: Math.round(concurrent.requests.average),
      p50: concurrent.latency.p50,
      p90: concurrent.latency.p90,
      p99: concurrent.latency.p99,
      unexpected: unexpected + concurrent.errors,
    },
    answerBytes: Buffer.byteLength(body),
    campaignRows: data.rows.filter((row) => row.kind === 'campaign').length,
    rows: data.rows.length,
    published: data.totals.published,
    videos: data.totals.videos,
    cost: data.totals.cost,
    clicks: data.totals.clicks,
    statements,
    load: { before: loadBefore.map(round), after: loadAfter.map(round) },
  };
}

export function dashboardBenchFailures(bench: DashboardBench): string[] {
  return [
    ...(bench.sequential.p95 > DASHBOARD_P95_GOAL_MS
      ? [`dashboard p95 ${bench.sequential.p95} ms > ${DASHBOARD_P95_GOAL_MS} ms`]
      : []),
    ...(bench.campaignRows !== DASHBOARD_CAMPAIGNS
      ? [`dashboard answered ${bench.campaignRows} campaign rows, not ${DASHBOARD_CAMPAIGNS}`]
      : []),
    ...(bench.published !== DASHBOARD_PUBLISHED
      ? [`dashboard totals.published ${bench.published}, not ${DASHBOARD_PUBLISHED}`]
      : []),
    ...(bench.cost <= 0 ? ['dashboard totals.cost is 0: the ledger was not read'] : []),
    ...(bench.concurrent.unexpected > 0
      ? [`dashboard: ${bench.concurrent.unexpected} answers other than 200 under load`]
      : []),
    ...bench.statements.flatMap((s) =>
      s.seqScans.map((table) => `dashboard: sequential scan on ${table} in \`${s.sql}\``),
    ),
  ];
}

export function dashboardBenchMarkdown(bench: DashboardBench): string {
  const failures = dashboardBenchFailures(bench);
  const thousands = (n: number) => n.toLocaleString('en');
  const small = [...new Set(bench.statements.flatMap((s) => s.smallSeqScans))];
  const { sequential: seq, concurrent: conc } = bench;
  return `### Dashboard: ${DASHBOARD_CAMPAIGNS} campaigns, ${thousands(DASHBOARD_PUBLISHED)} published videos

\`GET /v2/performance/dashboard\` over HTTP with the advertiser's bearer token, in the same run, app and database
(\`apps/api/scripts/bench-dashboard.ts\`). Seeded in bulk SQL into the real tables: the advertiser measured and
${OTHER_ADVERTISERS} others of the same size (so that the measured one's rows are ${Math.round((100 / (1 + OTHER_ADVERTISERS)) * 10) / 10} % of each table), each with ${DASHBOARD_CAMPAIGNS}
campaigns of ${REQUESTS_PER_CAMPAIGN} content requests and ${OPPORTUNITIES_PER_CAMPAIGN} opportunities, each of those with ${PUBLISHED_PER_SOURCE} published deliveries (content fee paid,
links approved over the last ${PUBLISHED_DAYS} days, the windows passed and the daily \`latest\` read, one Instagram post in 25
with its 7-day figures from a checked screenshot, one post in 97 deleted since) and one delivery under way; tracked links
with clicks (up to 30 per link for the measured advertiser, 6 for the others); the ledger's payments, platform fees and
content fees (the measured advertiser's reserved per line then captured, as the app writes them). Goal: p95 ≤
${DASHBOARD_P95_GOAL_MS} ms sequentially, and no sequential scan of a table over ${SEQ_SCAN_ROWS_LIMIT} rows in the plans of the statements a
request sends. ${
    failures.length === 0
      ? 'Met in this run.'
      : `**Missed in this run:**\n\n${failures.map((f) => `- ${f}`).join('\n')}`
  }

| table | rows | of the advertiser measured |
|---|---:|---:|
${bench.dataset.map((d) => `| ${d.table} | ${thousands(d.all)} | ${thousands(d.measured)} |`).join('\n')}

| run | requests | p50 | p95 | p99 | mean | API process CPU per request |
|---|---:|---:|---:|---:|---:|---:|
| sequential, after ${WARM_UP_REQUESTS} to warm up | ${seq.requests} | ${seq.p50} | ${seq.p95} | ${seq.p99} | ${seq.mean} | ${seq.cpuPerRequest} |

Latencies in milliseconds. Then concurrently (autocannon, ${conc.connections} connections for ${conc.seconds} s): ${conc.requestsPerSecond} requests/s,
p50 ${conc.p50}, p90 ${conc.p90}, p99 ${conc.p99} ms, ${conc.unexpected} answers other than 200. The answer: ${thousands(bench.answerBytes)} bytes, ${bench.rows} rows
(${bench.campaignRows} campaigns), totals of ${thousands(bench.videos)} videos, ${thousands(bench.published)} published, cost ${thousands(bench.cost)} millimes, ${thousands(bench.clicks)} clicks.
Load average (1, 5, 15 min) of the machine (${os.cpus().length} CPUs) when the measuring began: ${bench.load.before.join(', ')}; when it
ended: ${bench.load.after.join(', ')}. To measure again: \`npm run bench -- --campaigns\` (this phase follows the redirect's, in the
PostgreSQL database \`BENCH_CAMPAIGNS_DATABASE_URL\`, recreated; the seeding takes about a minute).

#### Statements of one request and their plans

Captured at the driver (every statement of one request; the job queue's own polling beside is left out) and
EXPLAINed with their parameters after ANALYZE.${
    small.length > 0
      ? ` Small tables read whole (allowed, at most ${SEQ_SCAN_ROWS_LIMIT} rows): ${small.map((t) => `\`${t}\``).join(', ')}.`
      : ''
  }

${bench.statements
  .map(
    (s, index) =>
      `${index + 1}. \`${s.sql.length > 300 ? `${s.sql.slice(0, 300)} …` : s.sql}\`${
        s.seqScans.length > 0 ? ` — **sequential scan on ${s.seqScans.join(', ')}**` : ''
      }\n\n   \`\`\`\n${s.plan
        .split('\n')
        .map((line) => `   ${line}`)
        .join('\n')}\n   \`\`\``,
  )
  .join('\n\n')}
`;
}
