import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '@clipmarket/contracts/campaigns';
import { formatMoney, formatWholeNumber } from '@clipmarket/contracts/money-format';
import {
  performanceDetailSchema,
  type PerformanceDetail,
  type PerformanceVideo,
} from '@clipmarket/contracts/performance';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  attachRequest,
  createCampaign,
  insertSnapshots,
} from '../campaigns/campaigns.test-support.js';
import { callAs, newBrand, newCreator } from '../content-requests/content-requests.test-support.js';
import { approvedLine, HOUR } from '../publication-metrics/publication-metrics.test-support.js';
import { createAdmin, createTalent, type TestUser } from '../users/test-users.js';
import { renderCampaignReport, type CampaignReport } from './performance.report.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** The PDF's text as pdftotext reads it (poppler-utils), of one page or all. */
function textOf(body: Buffer, page?: number): string {
  const file = path.join(os.tmpdir(), `campaign-report-${process.pid}-${Math.random()}.pdf`);
  fs.writeFileSync(file, body);
  try {
    const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
    return execFileSync('pdftotext', ['-layout', ...pages, file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** A number or amount as pdftotext gives it back: French groups with a narrow space. */
const asWritten = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\u202F/g, '\\s'));

/** Arabic words come out whole, though pdftotext may write a right-to-left line either way. */
function hasArabicWord(text: string, word: string) {
  return text.includes(word) || text.includes([...word].reverse().join(''));
}

const report = (user: TestUser, campaignId: number, query = '', headers = {}) =>
  ctx.app.inject({
    url: `/v2/campaigns/${campaignId}/report.pdf${query}`,
    headers: { authorization: `Bearer ${user.token}`, ...headers },
  });

/**
 * A brand's campaign holding a request whose creator published on Instagram and TikTok, both
 * read by the platforms' APIs.
 */
async function scenario() {
  const admin = await createAdmin(ctx);
  const creator = await newCreator(ctx);
  const { brand, requestId, lineId, linkIdOf } = await approvedLine(ctx, admin, creator, {
    instagram: 'https://www.instagram.com/p/report1/',
    tiktok: 'https://www.tiktok.com/@creator/video/7100000000000000001',
  });
  const campaign = await createCampaign(ctx, brand, {
    name: 'Ramadan 2027 Jasmin',
    target_url: null,
  });
  await attachRequest(ctx, brand, campaign.campaign_id, requestId);
  await insertSnapshots(
    ctx,
    {
      linkId: linkIdOf('instagram'),
      lineId,
      platform: 'instagram',
      window: 'latest',
      readAt: new Date(Date.now() - 3 * HOUR),
      views: 12_345,
      likes: 600,
      comments: 45,
      shares: 20,
      saves: 15,
    },
    {
      linkId: linkIdOf('tiktok'),
      lineId,
      platform: 'tiktok',
      window: 'latest',
      readAt: new Date(Date.now() - 26 * HOUR),
      views: 8_000,
      likes: 300,
      comments: 12,
      shares: 8,
    },
  );
  const page = await callAs(
    ctx,
    brand.token,
    'GET',
    `/v2/campaigns/${campaign.campaign_id}/performance`,
  );
  expect(page.statusCode, page.body).toBe(200);
  const performance = performanceDetailSchema.parse(page.json().data);
  return { brand, creator, campaign, performance };
}

let world: Awaited<ReturnType<typeof scenario>>;
beforeAll(async () => {
  world = await scenario();
}, 60_000);

describe('GET /v2/campaigns/:campaign_id/report.pdf', () => {
  it('answers the owner a PDF in English: the campaign, its totals, its videos and sources', async () => {
    const { brand, campaign, performance } = world;
    expect(performance.totals).toMatchObject({ views: 20_345, published: 1 });
    expect(performance.totals.cost).toBeGreaterThan(0);
    const answer = await report(brand, campaign.campaign_id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="campaign-${campaign.campaign_id}-report-en.pdf"`,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(answer.rawPayload);
    const creatorName = performance.videos[0]!.creator_name;
    expect(creatorName).not.toBe('');
    for (const expected of [
      'Campaign report',
      'Ramadan 2027 Jasmin',
      'Brand awareness',
      formatMoney(2_000_000, 'en'),
      // The goal's headline first: views and CPM.
      'Headline figures',
      '20,345',
      formatMoney(performance.totals.cost, 'en'),
      formatMoney(performance.totals.cpm!, 'en'),
      'Figures over time',
      creatorName,
      'Instagram · Instagram API',
      'TikTok · TikTok API',
      'Figures from Instagram API, TikTok API, read between',
      '(Tunisia time)',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Clipmarket · Page 1 of \d/);
  });

  it('is written in French or Arabic when asked, or in the language the request accepts', async () => {
    const { brand, campaign, performance } = world;
    const french = await report(brand, campaign.campaign_id, '?language=fr');
    expect(french.statusCode).toBe(200);
    expect(french.headers['content-disposition']).toContain(
      `campaign-${campaign.campaign_id}-report-fr.pdf`,
    );
    const frenchText = textOf(french.rawPayload);
    expect(frenchText).toContain('Rapport de campagne');
    expect(frenchText).toContain('Notoriété de la marque');
    expect(frenchText).toMatch(asWritten(formatWholeNumber(20_345, 'fr')));
    expect(frenchText).toMatch(asWritten(formatMoney(performance.totals.cost, 'fr')));
    expect(frenchText).toContain(performance.videos[0]!.creator_name);

    const arabic = await report(brand, campaign.campaign_id, '?language=tn');
    expect(arabic.statusCode).toBe(200);
    const arabicText = textOf(arabic.rawPayload);
    for (const word of ['تقرير', 'الحملة', 'المشاهدات', 'المصادر']) {
      expect(hasArabicWord(arabicText, word), `${word} in\n${arabicText}`).toBe(true);
    }
    // Names, numbers and amounts read left to right inside the Arabic lines.
    expect(arabicText).toContain('Ramadan 2027 Jasmin');
    expect(arabicText).toContain(formatWholeNumber(20_345, 'tn'));
    expect(arabicText).toContain(formatMoney(performance.totals.cost, 'tn'));
    expect(arabicText).not.toContain('Campaign report');

    const accepted = await report(brand, campaign.campaign_id, '', {
      'accept-language': 'ar-TN,fr;q=0.8',
    });
    expect(accepted.headers['content-disposition']).toContain('-report-tn.pdf');
    expect(hasArabicWord(textOf(accepted.rawPayload), 'تقرير')).toBe(true);
  });

  it("answers 404 for another advertiser's campaign, 403 to a creator, 401 without a session", async () => {
    const { campaign, creator } = world;
    const other = await newBrand(ctx);
    expect((await report(other, campaign.campaign_id)).statusCode).toBe(404);
    expect((await report(world.brand, 999_999_999)).statusCode).toBe(404);
    expect((await report(creator, campaign.campaign_id)).statusCode).toBe(403);
    expect((await report(await createTalent(ctx), campaign.campaign_id)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      url: `/v2/campaigns/${campaign.campaign_id}/report.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a language it does not write with a 400', async () => {
    const answer = await report(world.brand, world.campaign.campaign_id, '?language=de');
    expect(answer.statusCode).toBe(400);
  });
});

describe('the report PDF', () => {
  /** Each video's figures, in its one publication's read and in its row alike. */
  const figures = {
    views: 1_000,
    reach: null,
    likes: 50,
    comments: 5,
    shares: 3,
    saves: null,
    engagements: 58,
  };
  /** The 60 videos alike: each one's ratios are the totals'. */
  const ratios = {
    cpm: 120_000,
    cost_per_view: 120,
    cost_per_engagement: 2_069,
    engagement_rate_bp: 580,
    cpc: 60_000,
  };
  const read = (source: 'instagram_api' | 'tiktok_api' | 'creator', checked: boolean | null) => ({
    source,
    read_at: '2026-11-20T09:30:00.000Z',
    checked,
    post_deleted: false,
    ...figures,
  });
  const video = (index: number): PerformanceVideo => ({
    content_request_influencer_id: index,
    kind: 'content-request',
    reference: `CR-000010-${index}`,
    title: 'Iftar table',
    creator_name: `Creator number ${index}`,
    publications: [
      {
        link_id: index,
        platform: index === 2 ? 'tiktok' : 'instagram',
        url: `https://www.instagram.com/p/v${index}/`,
        latest: index === 2 ? read('creator', false) : read('instagram_api', null),
        at_7d: null,
      },
    ],
    cost: 120_000,
    ...figures,
    clicks: 2,
    views_7d: null,
    ...ratios,
  });
  const many: CampaignReport = {
    campaign: {
      campaign_id: 12,
      name: 'Ramadan 2027',
      goal: 'engagement',
      visibility: 'private',
      starts_on: '2027-02-08',
      ends_on: '2027-03-09',
      target_url: null,
      phase: 'upcoming',
      money: { budget: 9_000_000, spent: 7_200_000, committed: 0 },
      counts: { content_requests: 1, opportunities: 0, deliveries: 60, published: 60 },
      created_at: '2026-11-20T10:00:00.000Z',
    } satisfies Campaign,
    performance: {
      subject: { kind: 'campaign', id: 12, reference: null, title: 'Ramadan 2027', view: 'mixed' },
      headline: { goal: 'engagement', figures: ['engagement_rate', 'cost_per_engagement'] },
      totals: {
        views: 60_000,
        reach: null,
        likes: 3_000,
        comments: 300,
        shares: 180,
        saves: null,
        engagements: 3_480,
        clicks: 120,
        views_7d: null,
        ...ratios,
        cost: 7_200_000,
        videos: 60,
        published: 60,
        with_figures: 60,
        sources: ['instagram_api', 'creator'],
        newest_read_at: '2026-11-20T09:30:00.000Z',
        oldest_read_at: '2026-11-19T08:00:00.000Z',
        unchecked: 1,
      },
      series: [
        { window: '24h', views: 30_000, engagements: 1_500, videos: 60 },
        { window: '72h', views: null, engagements: null, videos: 0 },
        { window: '7d', views: null, engagements: null, videos: 0 },
        { window: '30d', views: null, engagements: null, videos: 0 },
      ],
      videos: Array.from({ length: 60 }, (_, i) => video(i + 1)),
    } satisfies PerformanceDetail,
    generatedAt: new Date('2026-11-23T13:05:00.000Z'),
  };

  async function pdfOf(language: 'en' | 'tn') {
    const chunks: Buffer[] = [];
    for await (const chunk of renderCampaignReport(many, language)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('continues a long table on new pages, its header row repeated, every page numbered', async () => {
    const pdf = await pdfOf('en');
    const all = textOf(pdf);
    const pages = Number(/Page 1 of (\d+)/.exec(all)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 2; page <= pages; page += 1) {
      const text = textOf(pdf, page);
      expect(text, `page ${page}`).toContain(`Page ${page} of ${pages}`);
      if (text.includes('Creator number')) {
        expect(text, `page ${page}`).toMatch(/Reference\s+Creator\s+Publications and sources/);
      }
    }
    for (let index = 1; index <= 60; index += 1) expect(all).toContain(`Creator number ${index}`);
    // The engagement goal's headline, the dates and the generation time in Tunisian time.
    expect(all).toContain('5.80 %');
    expect(all).toContain('08/02/2027 – 09/03/2027');
    expect(all).toContain('Generated on 23/11/2026 14:05 (Tunisia time)');
    // The creator's figures not checked yet are flagged, and said so under the sources.
    expect(all).toContain('TikTok · Submitted by the creator ·');
    expect(all).toContain('checked yet *');
    expect(all).toContain('not checked by the team yet (marked *)');
    expect(all).toContain('read between 19/11/2026 09:00 and 20/11/2026 10:30 (Tunisia time)');
  });

  it('numbers the pages of the Arabic report too', async () => {
    const text = textOf(await pdfOf('tn'));
    expect(hasArabicWord(text, 'الصفحة')).toBe(true);
    expect(text).toContain('5,80 %');
  });
});
