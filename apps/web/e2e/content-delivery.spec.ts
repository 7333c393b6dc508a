import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  apiLogin,
  catalog,
  demo,
  expectAccessible,
  loginThroughUi,
  screenshot,
  text,
  type Catalog,
  type Language,
} from './support';

/**
 * Issue 11 §11, the delivery of one video from both sides and the team's, in a browser of each
 * party's own: the creator uploads a real video (made by ffmpeg here) through tus and sees it
 * processed; the brand asks for a revision; the creator uploads a new version; the brand approves
 * it with a rating (the fee reserved at sending is paid with it) and downloads the HD original
 * (byte for byte the upload); the
 * creator submits the link of their post; the admin approves it and pays the creator out; the
 * creator sees the deposit. In English and in Arabic (right to left), each screen checked by axe.
 */

const day = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalog text as a pattern: its {{placeholders}} match anything. */
function pattern(messages: Catalog, key: string): RegExp {
  const template = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Catalog)[part], messages);
  if (typeof template !== 'string') throw new Error(`No text at ${key}`);
  return new RegExp(
    template
      .split(/{{\s*\w+\s*}}/)
      .map(escape)
      .join('.+'),
  );
}

const videosDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-e2e-videos-'));

/** A short real video (H.264 + AAC), different per name: what a creator films. */
function makeVideo(name: string, hue: number): string {
  const file = path.join(videosDir, `${name}.mp4`);
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=25,hue=h=${hue}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-y',
    file,
  ]);
  return file;
}

async function bearer(request: APIRequestContext, email: string) {
  return { authorization: `Bearer ${await apiLogin(request, email)}` };
}

/** A request of the demo brand to the demo creator, paid from the wallet and accepted. */
async function acceptedLine(request: APIRequestContext, title: string): Promise<number> {
  const brand = await bearer(request, demo.brand);
  const creator = await bearer(request, demo.creator);
  const me = await request.get('/v2/user/getMe', { headers: creator });
  const influencerId = ((await me.json()) as { data: { influencer: { influencer_id: number } } })
    .data.influencer.influencer_id;
  const draft = await request.post('/v2/content-requests', {
    headers: brand,
    data: {
      influencer_ids: [influencerId],
      title,
      content_type: 'product_demo',
      video_duration: 15,
      format: 'landscape',
      product_name: 'Deglet Nour dates',
      description: 'Open the box of dates by the window.',
      platforms: ['instagram'],
      delivery_date: day(10),
      delivery_slot: '09:00',
      publishing_deadline: day(14),
      script: 'Scene 1: the box. Scene 2: a date, bitten.',
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const id = ((await draft.json()) as { data: { content_request_id: number } }).data
    .content_request_id;
  const paid = await request.post(`/v2/content-requests/${id}/checkout`, {
    headers: { ...brand, 'idempotency-key': `e2e-delivery-${id}` },
    data: { method: 'wallet' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const sent = await request.get(`/v2/content-requests/${id}`, { headers: brand });
  const lineId = (
    (await sent.json()) as { data: { lines: { content_request_influencer_id: number }[] } }
  ).data.lines[0]!.content_request_influencer_id;
  const accepted = await request.post(`/v2/content-request-influencers/${lineId}/transitions`, {
    headers: creator,
    data: { transition: 'accept' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return lineId;
}

/** A browser of one's own, signed in, in the journey's language. */
async function signedIn(browser: Browser, email: string, language: Language): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginThroughUi(page, email);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  if (language === 'tn') {
    await page.getByLabel(/^Language: English/).selectOption('tn');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
  return page;
}

/** The creator uploads `file` on the line's page and waits until its preview is ready. */
async function uploadVersion(
  page: Page,
  messages: Catalog,
  lineId: number,
  file: string,
  version: number,
  shot: string,
) {
  await page.goto(`/make-content/${lineId}`);
  await expect(page.getByRole('heading', { name: text(messages, 'upload.title') })).toBeVisible();
  await page.getByLabel(text(messages, 'upload.choose')).setInputFiles(file);
  // Without the promotional-use consent the upload does not start (spec §5).
  await page.getByRole('button', { name: text(messages, 'upload.submit') }).click();
  await expect(page.getByText(text(messages, 'upload.consentRequired')).first()).toBeVisible();
  await page.getByLabel(text(messages, 'upload.consent')).check();
  await page.getByRole('button', { name: text(messages, 'upload.submit') }).click();
  await expect(page.getByText(text(messages, 'upload.submitted')).first()).toBeVisible({
    timeout: 60_000,
  });
  // Processing shows while the job makes the preview.
  await screenshot(page, `${shot}-uploaded`, { whileLoading: true });
  // The preview is made by a job: the page follows it until the version is ready.
  const versionHeading = page.getByText(
    text(messages, 'videos.version', { version: `${version}` }),
    {
      exact: true,
    },
  );
  await expect(versionHeading).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByLabel(text(messages, 'videos.player', { version: `${version}` })),
  ).toBeVisible({ timeout: 90_000 });
  await screenshot(page, `${shot}-ready`);
  await expectAccessible(page, `${shot} creator's video`);
}

async function journey(browser: Browser, request: APIRequestContext, language: Language) {
  const creatorTexts = catalog(language, 'accept-requests');
  const brandTexts = catalog(language, 'manage-content');
  const adminTexts = catalog(language, 'admin-content');
  const payoutTexts = catalog(language, 'payouts');
  const title = `Dates ${language} ${Date.now()}`;
  const lineId = await acceptedLine(request, title);
  const first = makeVideo(`first-${language}`, 0);
  const second = makeVideo(`second-${language}`, 120);

  // The creator uploads the first version.
  const creator = await signedIn(browser, demo.creator, language);
  await uploadVersion(creator, creatorTexts, lineId, first, 1, `${language}-delivery-v1`);

  // The brand reviews it and asks for a revision.
  const brand = await signedIn(browser, demo.brand, language);
  await brand.goto('/manage-content');
  // Videos to review are offered as "Review the video of … for …" (the link's visible word first).
  await expect(
    brand.getByRole('link', { name: pattern(brandTexts, 'list.reviewFor') }).first(),
  ).toBeVisible();
  await screenshot(brand, `${language}-manage-content-list`);
  await expectAccessible(brand, `${language} manage content list`);
  await brand.goto(`/manage-content/${lineId}`);
  await expect(brand.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    brand.getByLabel(text(brandTexts, 'videos.player', { version: '1' })).first(),
  ).toBeVisible();
  await screenshot(brand, `${language}-review`);
  await expectAccessible(brand, `${language} review`);
  await brand.getByRole('button', { name: text(brandTexts, 'review.debrief') }).click();
  const debrief = brand.getByRole('dialog', { name: text(brandTexts, 'review.debriefTitle') });
  // Reasons are chips: a person clicks their label.
  await debrief.getByText(text(brandTexts, 'reasons.brand_visibility'), { exact: true }).click();
  await expect(
    debrief.getByRole('checkbox', { name: text(brandTexts, 'reasons.brand_visibility') }),
  ).toBeChecked();
  await debrief
    .getByRole('textbox', { name: new RegExp(`^${escape(text(brandTexts, 'review.comment'))}`) })
    .fill('Show the box with its logo for two seconds.');
  await expectAccessible(brand, `${language} review, revision dialog`);
  await debrief.getByRole('button', { name: text(brandTexts, 'review.debriefSubmit') }).click();
  await expect(brand.getByText(text(brandTexts, 'review.done.debrief')).first()).toBeVisible();

  // The creator reads the feedback and uploads a new version.
  await creator.goto(`/make-content/${lineId}`);
  await expect(
    creator.getByText(text(creatorTexts, 'reasons.brand_visibility')).first(),
  ).toBeVisible();
  await expect(creator.getByText('Show the box with its logo for two seconds.')).toBeVisible();
  await screenshot(creator, `${language}-delivery-feedback`);
  await uploadVersion(creator, creatorTexts, lineId, second, 2, `${language}-delivery-v2`);

  // The brand approves the new version with a rating (its reserved fee paid with it) and
  // downloads it in HD.
  await brand.goto(`/manage-content/${lineId}`);
  await expect(
    brand.getByLabel(text(brandTexts, 'videos.player', { version: '2' })).first(),
  ).toBeVisible();
  await brand.getByRole('button', { name: text(brandTexts, 'review.approve') }).click();
  const approve = brand.getByRole('dialog', { name: text(brandTexts, 'review.approveTitle') });
  await approve.getByText(text(brandTexts, 'reasons.creativity'), { exact: true }).click();
  // The fifth star: a person clicks the star itself (the radio behind it is visually hidden).
  const fiveStars = approve.getByRole('radio', {
    name: text(brandTexts, 'review.stars_other', { count: '5' }),
  });
  await approve.locator(`label[for="${await fiveStars.getAttribute('id')}"]`).click();
  await expect(fiveStars).toBeChecked();
  await expectAccessible(brand, `${language} review, approve dialog`);
  await approve.getByRole('button', { name: text(brandTexts, 'review.approveSubmit') }).click();
  // The fee was reserved at sending: the approval pays it in the same step (ADR 032).
  await expect(
    brand.getByRole('button', { name: text(brandTexts, 'paid.download') }),
  ).toBeVisible();
  await expectAccessible(brand, `${language} approved and paid`);
  const download = brand.waitForEvent('download');
  await brand.getByRole('button', { name: text(brandTexts, 'paid.download') }).click();
  const hd = await (await download).path();
  // The HD original is the creator's file itself: no watermark, no re-encoding.
  expect(fs.readFileSync(hd).equals(fs.readFileSync(second))).toBe(true);
  await screenshot(brand, `${language}-paid-download`);

  // The creator publishes and submits the link of the post.
  await creator.goto(`/make-content/${lineId}`);
  const postUrl = `https://www.instagram.com/p/clipmarket${lineId}/`;
  await creator.getByLabel(pattern(creatorTexts, 'links.label')).fill(postUrl);
  await creator.getByRole('button', { name: text(creatorTexts, 'links.submit') }).click();
  await expect(creator.getByText(text(creatorTexts, 'links.submitted')).first()).toBeVisible();
  await screenshot(creator, `${language}-delivery-links`);
  await expectAccessible(creator, `${language} publication links`);

  // The admin approves the link: the line is completed.
  const admin = await signedIn(browser, demo.admin, language);
  await admin.goto('/admin/publications');
  await expect(admin.getByRole('link', { name: new RegExp(escape(postUrl)) })).toBeVisible();
  await screenshot(admin, `${language}-admin-publications`);
  await expectAccessible(admin, `${language} admin publications`);
  await admin
    .getByRole('button', {
      name: text(adminTexts, 'publications.approveLabel', {
        platform: text(adminTexts, 'platforms.instagram'),
        title,
      }),
    })
    .click();
  await expect(
    admin.getByText(text(adminTexts, 'publications.doneCompleted', { title })).first(),
  ).toBeVisible();

  // The admin sees the creator's payout, not payable before its due date (nor outside an
  // exported batch) …
  const earnings = await request.get('/v2/payouts?limit=50', {
    headers: await bearer(request, demo.creator),
  });
  const payout = (
    (await earnings.json()) as {
      data: { items: { payout_id: number; content_request_influencer_id: number | null }[] };
    }
  ).data.items.find((item) => item.content_request_influencer_id === lineId);
  expect(payout).toBeDefined();
  await admin.goto('/admin/payouts');
  await admin.getByRole('tab', { name: text(payoutTexts, 'admin.filters.pending') }).click();
  const row = admin.getByRole('row', { name: new RegExp(escape(title)) });
  await expect(row.getByText(text(payoutTexts, 'admin.notDueYet'))).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  await screenshot(admin, `${language}-admin-payouts`);
  await expectAccessible(admin, `${language} admin payouts`);

  // … and the creator sees the deposit waiting.
  await creator.goto('/track-deposits');
  await expect(creator.getByText(title).first()).toBeVisible();
  await screenshot(creator, `${language}-track-deposits`);
  await expectAccessible(creator, `${language} track deposits`);
}

// The longest journey: two videos encoded and processed by ffmpeg, three browsers.
test.describe.configure({ timeout: 300_000 });

for (const language of ['en', 'tn'] as const) {
  test(`${language}: a video from upload to the creator's deposit`, async ({
    browser,
    request,
  }) => {
    await journey(browser, request, language);
  });
}
