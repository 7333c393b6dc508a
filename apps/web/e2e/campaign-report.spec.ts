import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  apiLogin,
  applyThroughApi,
  approveApplicationThroughApi,
  approvePublicationLink,
  approveVideo,
  catalog,
  day,
  demo,
  draftOpportunity,
  expectAccessible,
  fixture,
  makeVideo,
  publishThroughApi,
  screenshot,
  screenshotAtBothWidths,
  signedIn,
  submitPublicationLink,
  text,
  uploadThroughButton,
  uploadVersion,
  type Language,
} from './support';

/**
 * Issue 24 §2–§4 and §9, in English and in Arabic (right to left), each screen checked by axe:
 * an advertiser (the demo agency) has a campaign with an opportunity; the creator's video is
 * approved and its post published; having no Instagram account connected, the creator submits
 * the post's figures with a screenshot of its insights, which the team checks; the advertiser
 * reads them on the campaign's performance page and on the dashboard (at 1280 px and 390 px),
 * downloads the videos table as CSV and the campaign's PDF report (their text read back), and
 * shares the report: a visitor with no account opens the public link, which once revoked no
 * longer works.
 */

/** Generated demo creators (validated, no account connected) that no other spec follows. */
const CREATORS: Record<Language, string> = {
  en: 'creator005@demo.clipmarket.tn',
  tn: 'creator006@demo.clipmarket.tn',
};

/** What the creator reads in the post's insights after 24 hours. */
const FIGURES = { views: '12400', likes: '830', comments: '41', shares: '57', saves: '120' };
/** 12,400 in any language's grouping (`12,400`, `12.400`, `12 400`). */
const VIEWS_SHOWN = /12\D?400/;

/** The path of the file a click saves (a download the browser makes). */
async function downloadedFile(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download');
  await click();
  const file = await (await download).path();
  expect(file).toBeTruthy();
  return file;
}

/** The text of the file a click saves. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  return fs.readFileSync(await downloadedFile(page, click), 'utf8');
}

/**
 * A PDF's text, as poppler's pdftotext reads it (what a reader copies out of it), without the
 * bidi marks it writes around each run of an Arabic line.
 */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
    '',
  );
}

/** The advertiser's campaign through the API (its page's form is campaigns.spec.ts's subject). */
async function campaignThroughApi(
  request: APIRequestContext,
  name: string,
  opportunityId: number,
): Promise<number> {
  const headers = { authorization: `Bearer ${await apiLogin(request, demo.agency)}` };
  const created = await request.post('/v2/campaigns', {
    headers,
    data: {
      name,
      goal: 'brand-awareness',
      visibility: 'public',
      starts_on: day(0),
      ends_on: day(30),
      budget: 2_000_000,
      target_url: 'https://shop.agence.tn/olive',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = ((await created.json()) as { data: { campaign_id: number } }).data.campaign_id;
  const attached = await request.post(`/v2/campaigns/${campaignId}/items`, {
    headers,
    data: { kind: 'opportunity', id: opportunityId },
  });
  expect(attached.status(), await attached.text()).toBeLessThan(300);
  return campaignId;
}

async function journey(browser: Browser, request: APIRequestContext, language: Language) {
  const creatorTexts = catalog(language, 'accept-requests');
  const brandTexts = catalog(language, 'manage-content');
  const adminTexts = catalog(language, 'admin-content');
  const metrics = catalog(language, 'publication-metrics');
  const performance = catalog(language, 'performance');
  const campaigns = catalog(language, 'campaigns');
  const report = catalog(language, 'shared-report');
  const creatorEmail = CREATORS[language];
  const stamp = Date.now();
  const campaignName = `${language === 'en' ? 'Olive harvest' : 'جني الزيتون'} ${stamp}`;
  const title = `${language === 'en' ? 'Olive oil on bread' : 'زيت زيتون على الخبز'} ${stamp}`;

  // The advertiser's campaign and its opportunity, published; the creator applies, is accepted.
  const opportunityId = await draftOpportunity(request, title, {
    brand: demo.agency,
    invited: [creatorEmail],
    spots: 1,
  });
  const campaignId = await campaignThroughApi(request, campaignName, opportunityId);
  await publishThroughApi(request, demo.agency, opportunityId);
  const lineId = await approveApplicationThroughApi(
    request,
    demo.agency,
    opportunityId,
    await applyThroughApi(request, creatorEmail, opportunityId),
  );
  const linePath = `/track-content/${lineId}`;

  // The video: uploaded by the creator, approved by the advertiser; its post approved.
  const creator = await signedIn(browser, creatorEmail, language);
  await uploadVersion(
    creator,
    creatorTexts,
    linePath,
    makeVideo(`campaign-report-${language}`, 150),
    1,
    `${language}-campaign-report-delivery`,
  );
  const brand = await signedIn(browser, demo.agency, language);
  await brand.goto(`/manage-content/${lineId}`);
  await expect(
    brand.getByLabel(text(brandTexts, 'videos.player', { version: '1' })).first(),
  ).toBeVisible();
  await approveVideo(brand, brandTexts, `${language} campaign video review`);
  const postUrl = `https://www.instagram.com/p/clipmarketcampaign${lineId}/`;
  await submitPublicationLink(
    creator,
    creatorTexts,
    linePath,
    postUrl,
    `${language}-campaign-report-links`,
  );
  const admin = await signedIn(browser, demo.admin, language);
  await approvePublicationLink(
    admin,
    adminTexts,
    postUrl,
    title,
    `${language}-campaign-report-admin-publications`,
  );

  // The figures arrive: no Instagram account connected, the creator submits them with a
  // screenshot of the post's insights.
  await creator.goto(linePath);
  const form = creator.getByRole('form', { name: text(metrics, 'form.title') });
  await expect(form).toBeVisible();
  await form.getByLabel(text(metrics, 'form.window')).selectOption('24h');
  for (const [name, value] of Object.entries(FIGURES)) {
    await form
      .getByRole('textbox', { name: new RegExp(`^${text(metrics, `figures.metrics.${name}`)}`) })
      .fill(value);
  }
  await uploadThroughButton(
    creator,
    text(metrics, 'form.screenshotPlaceholder'),
    fixture('portrait.png'),
  );
  await expect(form.getByText('portrait.png')).toBeVisible();
  await screenshot(creator, `${language}-campaign-report-figures-form`);
  await expectAccessible(creator, `${language} creator's figures form`);
  await form.getByRole('button', { name: text(metrics, 'form.submit') }).click();
  await expect(
    creator.getByText(text(metrics, 'submissions.state.submitted'), { exact: true }),
  ).toBeVisible();

  // The team compares them with the screenshot and approves them.
  await admin.goto('/admin/metric-submissions');
  const approve = admin.getByRole('button', {
    name: text(adminTexts, 'metricSubmissions.approveLabel', {
      platform: text(adminTexts, 'platforms.instagram'),
      // The opportunity's one spot: its first line.
      reference: `OP-${String(opportunityId).padStart(6, '0')}-1`,
    }),
  });
  await expect(approve).toBeVisible();
  await screenshotAtBothWidths(admin, `${language}-admin-metric-submissions`);
  await expectAccessible(admin, `${language} admin figures queue`);
  await approve.click();
  await expect(
    admin.getByText(text(adminTexts, 'metricSubmissions.doneApproved')).first(),
  ).toBeVisible();

  // The advertiser reads them on the campaign's performance page, labelled with their source.
  await brand.goto(`/campaign/${campaignId}/performance-mixed`);
  await expect(
    brand.getByRole('heading', {
      level: 1,
      name: text(performance, 'detailTitle', { title: campaignName }),
    }),
  ).toBeVisible();
  const videoRow = brand.getByRole('row').filter({ hasText: title });
  await expect(videoRow).toContainText(VIEWS_SHOWN);
  await expect(videoRow).toContainText(text(performance, 'sources.creator'));
  await screenshotAtBothWidths(brand, `${language}-campaign-performance`);
  await expectAccessible(brand, `${language} campaign performance`);

  // The videos table as CSV: the mark that tells a spreadsheet it is UTF-8 (Arabic reads right),
  // the table's columns in the reader's language, the video's row with its figures' source.
  const csv = await downloaded(brand, () =>
    brand.getByRole('button', { name: text(performance, 'export.csvVideos') }).click(),
  );
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = csv.slice(1).trim().split('\r\n');
  expect(header).toContain(text(performance, 'export.columns.creator'));
  const row = rows.find((line) => line.includes(postUrl));
  expect(row).toContain(title);
  expect(row).toContain(`,${FIGURES.views},`);
  expect(row).toContain(
    `${text(performance, 'sources.creator')} · ${text(performance, 'checked')}`,
  );

  // The campaign's PDF report in the reader's language: its text read back.
  const pdf = pdfText(
    await downloadedFile(brand, () =>
      brand.getByRole('button', { name: text(campaigns, 'export.pdf') }).click(),
    ),
  );
  expect(pdf).toContain(campaignName);
  expect(pdf).toMatch(VIEWS_SHOWN);

  // The report shared: a public link made on the campaign's page, read by a visitor with no
  // account (no navigation, no money), then revoked.
  await brand.goto(`/campaign/${campaignId}`);
  const share = brand.getByRole('region', { name: text(campaigns, 'share.title') });
  await share.getByRole('button', { name: text(campaigns, 'share.create') }).click();
  const shareUrl = await share
    .getByRole('textbox', { name: text(campaigns, 'share.linkLabel') })
    .inputValue();
  expect(shareUrl).toMatch(/\/campaigns\/[\w-]{40,}$/);
  await screenshotAtBothWidths(brand, `${language}-campaign-share`, share);
  await expectAccessible(brand, `${language} campaign share`);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${new URL(shareUrl).pathname}`);
  if (language === 'tn') {
    await visitor.getByLabel(/^Language: English/).selectOption('tn');
    await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
  }
  await expect(visitor.getByRole('heading', { level: 1, name: campaignName })).toBeVisible();
  await expect(
    visitor.getByRole('row').filter({ has: visitor.locator(`a[href="${postUrl}"]`) }),
  ).toContainText(VIEWS_SHOWN);
  await expect(visitor.getByText(text(report, 'noMoney'))).toBeVisible();
  await expect(visitor.getByText('TND')).toHaveCount(0);
  await expect(visitor.getByRole('navigation')).toHaveCount(0);
  await screenshotAtBothWidths(visitor, `${language}-shared-report`);
  await expectAccessible(visitor, `${language} shared report`);

  await share.getByRole('button', { name: text(campaigns, 'share.revoke') }).click();
  await brand
    .getByRole('dialog', { name: text(campaigns, 'share.revokeTitle') })
    .getByRole('button', { name: text(campaigns, 'share.confirmRevoke') })
    .click();
  await expect(share.getByRole('button', { name: text(campaigns, 'share.create') })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: text(report, 'gone.title') })).toBeVisible();
  await screenshot(visitor, `${language}-shared-report-revoked`);
  await expectAccessible(visitor, `${language} shared report revoked`);
  await visitorContext.close();

  // And on the dashboard, the campaign's row among the others.
  await brand.goto('/dashboard');
  await expect(brand.getByRole('row').filter({ hasText: campaignName })).toContainText(VIEWS_SHOWN);
  await screenshotAtBothWidths(brand, `${language}-performance-dashboard`);
  await expectAccessible(brand, `${language} performance dashboard`);

  await Promise.all([brand, creator, admin].map((page) => page.context().close()));
}

test.describe("a campaign's report", () => {
  for (const language of ['en', 'tn'] as const) {
    test(`the figures of a campaign's video arrive and its report is read (${language})`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      await journey(browser, request, language);
    });
  }
});
