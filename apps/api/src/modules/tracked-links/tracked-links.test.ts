import type { ToolboxLineDetail } from '@clipmarket/contracts/tracked-links';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  acceptedLine,
  callAs,
  newBrand,
  newCreator,
  sendRequest,
} from '../content-requests/content-requests.test-support.js';
import { toolboxLines } from '../content-requests/index.js';
import {
  acceptApplication,
  applyTo,
  publishOpportunity,
} from '../opportunities/opportunities.test-support.js';
import { advertisers } from '../users/users.schema.js';
import { describeLinkParties } from '../users/index.js';
import type { TestUser } from '../users/test-users.js';
import { createTrackedLinksModule, type CampaignsForLinks } from './index.js';
import { trackedLinkClicks, trackedLinks } from './tracked-links.schema.js';

let ctx: TestContext;

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const INSTAGRAM_IN_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 321.0.2.18.109 (iPhone14,5; iOS 17_4; fr_FR)';
const TIKTOK_IN_APP =
  'Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 musical_ly_2023405030 BytedanceWebview/d8a21c6';

let addressCounter = 0;
/** A visitor's address of its own (the one-per-hour rule and the rate limit are per visitor). */
const nextAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

function visit(
  code: string,
  options: { userAgent?: string; address?: string; method?: 'GET' | 'HEAD'; referer?: string } = {},
) {
  return ctx.app.inject({
    method: options.method ?? 'GET',
    url: `/l/${code}`,
    remoteAddress: options.address ?? nextAddress(),
    headers: {
      'user-agent': options.userAgent ?? IPHONE_SAFARI,
      ...(options.referer ? { referer: options.referer } : {}),
    },
  });
}

async function setWebsite(brand: TestUser, websiteUrl: string | null) {
  await ctx.database.db
    .update(advertisers)
    .set({ websiteUrl })
    .where(eq(advertisers.userId, brand.userId));
}

async function openToolbox(creator: TestUser, lineId: number): Promise<ToolboxLineDetail> {
  const answer = await callAs(ctx, creator.token, 'GET', `/v2/toolbox/${lineId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as ToolboxLineDetail;
}

/** The clicks written for a link, once the app's waiting ones are written. */
async function clickRows(code: string) {
  await ctx.modules.trackedLinks.service.flushClicks();
  return ctx.database.db
    .select({ click: trackedLinkClicks })
    .from(trackedLinkClicks)
    .innerJoin(trackedLinks, eq(trackedLinks.id, trackedLinkClicks.linkId))
    .where(eq(trackedLinks.code, code))
    .then((rows) => rows.map((row) => row.click));
}

/** A creator's accepted line whose brand has a website: its Instagram link, opened once. */
async function lineWithLink(platforms: Array<'instagram' | 'tiktok'> = ['instagram']) {
  const brand = await newBrand(ctx, 5_000_000);
  await setWebsite(brand, 'https://jasmin.tn/soap?ref=home');
  const creator = await newCreator(ctx);
  const request = await sendRequest(ctx, brand, [creator], { platforms });
  const lineId = request.lineOf(creator);
  await callAs(
    ctx,
    creator.token,
    'POST',
    `/v2/content-request-influencers/${lineId}/transitions`,
    {
      transition: 'accept',
    },
  );
  const toolbox = await openToolbox(creator, lineId);
  return { brand, creator, lineId, requestId: request.id, toolbox, link: toolbox.links[0]! };
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('the toolbox of a delivery', () => {
  it('makes one readable short link per platform, leading to the website with the UTMs', async () => {
    const { toolbox, requestId } = await lineWithLink(['instagram', 'tiktok']);
    expect(toolbox.missing_reason).toBeNull();
    expect(toolbox.links.map((link) => link.platform)).toEqual(['instagram', 'tiktok']);
    const [instagram, tiktok] = toolbox.links;
    // `{brand}-{creator}`, a counter on the second link of the same pair.
    expect(instagram!.code).toMatch(/^brand-\d+-cr\d+$/);
    expect(tiktok!.code).toBe(`${instagram!.code}-2`);
    expect(instagram!.short_url.endsWith(`/l/${instagram!.code}`)).toBe(true);
    const target = new URL(instagram!.target_url);
    expect(`${target.origin}${target.pathname}`).toBe('https://jasmin.tn/soap');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      ref: 'home',
      utm_source: 'instagram',
      utm_medium: 'ugc',
      utm_campaign: `cr-${String(requestId).padStart(6, '0')}`,
      utm_content: expect.stringMatching(/^cr\d+$/),
      utm_term: `${toolbox.reference.toLowerCase()}`,
    });
    expect(new URL(tiktok!.target_url).searchParams.get('utm_source')).toBe('tiktok');
    expect(instagram!.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(toolbox.hints).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        places: expect.arrayContaining([
          { place: 'story_link_sticker', answer: 'yes', condition: null },
          { place: 'reel_caption', answer: 'no', condition: null },
        ]),
      }),
      expect.objectContaining({
        platform: 'tiktok',
        places: expect.arrayContaining([
          {
            place: 'bio_link',
            answer: 'conditional',
            condition: 'followers_1000_or_business_account',
          },
        ]),
      }),
    ]);
  });

  it('keeps the same links when opened again, and lists them in the toolbox', async () => {
    const { creator, lineId, link } = await lineWithLink();
    const again = await openToolbox(creator, lineId);
    expect(again.links.map((l) => l.code)).toEqual([link.code]);
    const list = await callAs(ctx, creator.token, 'GET', '/v2/toolbox');
    expect(list.statusCode, list.body).toBe(200);
    const lines = list.json().data as Array<{
      content_request_influencer_id: number;
      links: Array<{ code: string }>;
    }>;
    expect(lines.map((line) => line.content_request_influencer_id)).toEqual([lineId]);
    expect(lines[0]!.links.map((l) => l.code)).toEqual([link.code]);
  });

  it('says the advertiser has not given a page when there is no campaign page nor website', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const toolbox = await openToolbox(creator, lineId);
    expect(toolbox.links).toEqual([]);
    expect(toolbox.missing_reason).toBe('no_target_page');
  });

  it("answers 404 for another creator's line and a line not accepted, 403 for an advertiser", async () => {
    const { brand, lineId } = await lineWithLink();
    const other = await newCreator(ctx);
    expect((await callAs(ctx, other.token, 'GET', `/v2/toolbox/${lineId}`)).statusCode).toBe(404);
    expect((await callAs(ctx, brand.token, 'GET', `/v2/toolbox/${lineId}`)).statusCode).toBe(403);
    expect((await callAs(ctx, brand.token, 'GET', '/v2/toolbox')).statusCode).toBe(403);
    const sent = await newCreator(ctx);
    const request = await sendRequest(ctx, brand, [sent]);
    const notAccepted = await callAs(ctx, sent.token, 'GET', `/v2/toolbox/${request.lineOf(sent)}`);
    expect(notAccepted.statusCode).toBe(404);
    expect((await callAs(ctx, sent.token, 'GET', '/v2/toolbox')).json().data).toEqual([]);
    expect((await callAs(ctx, other.token, 'GET', '/v2/toolbox/abc')).statusCode).toBe(400);
    for (const url of ['/v2/toolbox', `/v2/toolbox/${lineId}`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it("gives an opportunity's delivery its links, named by the opportunity", async () => {
    const brand = await newBrand(ctx, 5_000_000);
    await setWebsite(brand, 'jasmin.tn');
    const id = await publishOpportunity(ctx, brand);
    const creator = await newCreator(ctx);
    const lineId = await acceptApplication(ctx, brand, id, await applyTo(ctx, creator, id));
    const toolbox = await openToolbox(creator, lineId);
    expect(toolbox.source_kind).toBe('opportunity');
    expect(toolbox.reference).toMatch(/^OP-\d{6}-\d+$/);
    const target = new URL(toolbox.links[0]!.target_url);
    // A website typed without its scheme is read as https.
    expect(target.origin).toBe('https://jasmin.tn');
    expect(target.searchParams.get('utm_campaign')).toBe(`op-${String(id).padStart(6, '0')}`);
    const list = (await callAs(ctx, creator.token, 'GET', '/v2/toolbox')).json().data;
    expect(list).toEqual([expect.objectContaining({ content_request_influencer_id: lineId })]);
  });

  it("leads to the campaign's page, named by the campaign, when the request is in one", async () => {
    const { brand, creator, lineId, contentRequestId } = await acceptedLine(ctx);
    await setWebsite(brand, 'https://jasmin.tn');
    const campaigns: CampaignsForLinks = {
      campaignOfSource: async (_q, source) =>
        source.kind === 'content-request' && source.id === contentRequestId
          ? { name: 'Ramadan Été 2026', targetUrl: 'https://jasmin.tn/ramadan' }
          : null,
    };
    const withCampaigns = createTrackedLinksModule({
      db: ctx.database.db,
      lines: toolboxLines,
      users: { describeLinkParties },
      campaigns,
      publicUrl: 'https://clip.example',
      serverSecret: 'test-secret',
      visitsPerMinute: 120,
      log: ctx.app.log,
      trustCountryHeader: false,
    });
    const toolbox = await withCampaigns.service.toolboxLine(
      { userId: creator.userId, role: 'TALENT' },
      lineId,
    );
    expect(toolbox.campaign_name).toBe('Ramadan Été 2026');
    const target = new URL(toolbox.links[0]!.target_url);
    expect(`${target.origin}${target.pathname}`).toBe('https://jasmin.tn/ramadan');
    expect(target.searchParams.get('utm_campaign')).toBe('ramadan-ete-2026');
    expect(toolbox.links[0]!.short_url).toBe(`https://clip.example/l/${toolbox.links[0]!.code}`);
  });
});

describe('the redirect /l/{code}', () => {
  it('sends a person on to the target with the UTMs and counts the click', async () => {
    const { link, lineId } = await lineWithLink();
    const answer = await visit(link.code, { referer: 'https://l.instagram.com/?u=x' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(link.target_url);
    expect(answer.headers['cache-control']).toContain('no-store');
    const [click] = await clickRows(link.code);
    expect(click).toMatchObject({
      kind: 'person',
      referrerDomain: 'l.instagram.com',
      deviceClass: 'mobile',
      country: null,
    });
    expect(
      (await ctx.modules.trackedLinks.service.clicksOfLines(ctx.database.db, [lineId])).get(lineId),
    ).toEqual({
      people: 1,
      previews: 0,
    });
  });

  it('answers HEAD with the redirect without counting', async () => {
    const { link } = await lineWithLink();
    const answer = await visit(link.code, { method: 'HEAD' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(link.target_url);
    expect(await clickRows(link.code)).toEqual([]);
  });

  it('does not count bots, counts link previews apart and in-app browsers as people', async () => {
    const { creator, lineId, link } = await lineWithLink();
    for (const userAgent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.4.0', '']) {
      expect((await visit(link.code, { userAgent })).statusCode).toBe(302);
    }
    expect(await clickRows(link.code)).toEqual([]);
    for (const userAgent of [
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0 A',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    ]) {
      expect((await visit(link.code, { userAgent })).statusCode).toBe(302);
    }
    for (const userAgent of [INSTAGRAM_IN_APP, TIKTOK_IN_APP]) {
      expect((await visit(link.code, { userAgent })).statusCode).toBe(302);
    }
    const rows = await clickRows(link.code);
    expect(rows.filter((row) => row.kind === 'preview')).toHaveLength(4);
    expect(rows.filter((row) => row.kind === 'person')).toHaveLength(2);
    const toolbox = await openToolbox(creator, lineId);
    expect(toolbox.links[0]).toMatchObject({ clicks: 2, previews: 4 });
    expect(toolbox.links[0]!.last_click_at).not.toBeNull();
  });

  it('counts one click per visitor per link per hour, and stores no address', async () => {
    const { link } = await lineWithLink();
    const address = '203.0.113.77';
    await Promise.all([visit(link.code, { address }), visit(link.code, { address })]);
    await visit(link.code, { address });
    const rows = await clickRows(link.code);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing of the address in the row, nor anywhere in the clicks table.
    expect(JSON.stringify(rows[0])).not.toContain('203.0.113');
    const [found] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(trackedLinkClicks)
      .where(sql`${trackedLinkClicks}::text like '%203.0.113%'`);
    expect(found!.count).toBe(0);
    // Another visitor (another address, or another browser) counts.
    await visit(link.code, { address: '203.0.113.78' });
    await visit(link.code, { address, userAgent: INSTAGRAM_IN_APP });
    expect(await clickRows(link.code)).toHaveLength(3);
  });

  it('counts the same visitor again in the next hour', async () => {
    const { link } = await lineWithLink();
    let now = new Date('2026-11-29T10:05:00Z');
    const timed = createTrackedLinksModule({
      db: ctx.database.db,
      lines: toolboxLines,
      users: { describeLinkParties },
      campaigns: { campaignOfSource: async () => null },
      publicUrl: 'https://clip.example',
      serverSecret: 'test-secret',
      visitsPerMinute: 120,
      log: ctx.app.log,
      trustCountryHeader: true,
      now: () => now,
    });
    const visitAt = () =>
      timed.service.visit({
        code: link.code,
        counted: true,
        ip: '192.0.2.10',
        userAgent: IPHONE_SAFARI,
        referer: undefined,
        countryHeader: 'tn',
      });
    expect(await visitAt()).toBe(link.target_url);
    now = new Date('2026-11-29T10:59:59Z');
    await visitAt();
    await timed.service.flushClicks();
    expect(await clickRows(link.code)).toHaveLength(1);
    now = new Date('2026-11-29T11:00:00Z');
    await visitAt();
    await timed.service.flushClicks();
    const rows = await clickRows(link.code);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.country)).toEqual(['TN', 'TN']);
  });

  it('records a visit at the time it is given (the demo data backdates its visits)', async () => {
    const { link, creator, lineId } = await lineWithLink();
    const at = new Date(Date.now() - 3 * 86_400_000);
    at.setUTCMinutes(10, 0, 0);
    const recordAt = (when: Date) =>
      ctx.modules.trackedLinks.service.visit({
        code: link.code,
        counted: true,
        ip: '192.0.2.20',
        userAgent: IPHONE_SAFARI,
        referer: undefined,
        countryHeader: undefined,
        at: when,
      });
    expect(await recordAt(at)).toBe(link.target_url);
    // The same visitor in the same hour of that day: still one.
    await recordAt(new Date(at.getTime() + 60_000));
    expect((await openToolbox(creator, lineId)).links[0]).toMatchObject({
      clicks: 1,
      last_click_at: at.toISOString(),
    });
    const rows = await clickRows(link.code);
    expect(rows.map((row) => row.occurredAt.toISOString())).toEqual([at.toISOString()]);
    expect(rows[0]!.visitHour.getTime()).toBe(at.getTime() - 10 * 60_000);
  });

  it('answers an unknown or malformed code with a 404 page', async () => {
    for (const code of ['no-such-link-here', 'UPPER_case!', 'x'.repeat(80)]) {
      const answer = await visit(encodeURIComponent(code));
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('This link does not exist');
    }
    expect((await visit('no-such-link-here', { method: 'HEAD' })).statusCode).toBe(404);
  });

  it('limits the visits of one address', async () => {
    const { link } = await lineWithLink();
    const address = '203.0.113.200';
    const answers = [];
    for (let i = 0; i < 125; i += 1) {
      answers.push((await visit(link.code, { address, method: 'HEAD' })).statusCode);
    }
    expect(answers.slice(0, 120).every((status) => status === 302)).toBe(true);
    expect(answers.slice(120)).toContain(429);
  });
});
