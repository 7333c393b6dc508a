import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  apiLogin,
  approvePublicationLink,
  approveVideo,
  catalog,
  day,
  debriefVideo,
  demo,
  escapeRegExp,
  expectAccessible,
  influencerIdOf,
  makeVideo,
  screenshot,
  signedIn,
  submitPublicationLink,
  text,
  textPattern,
  uploadVersion,
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
 * The steps shared with an opportunity's delivery (opportunity-delivery.spec.ts) are in support.
 */

async function bearer(request: APIRequestContext, email: string) {
  return { authorization: `Bearer ${await apiLogin(request, email)}` };
}

/** A request of the demo brand to the demo creator, paid from the wallet and accepted. */
async function acceptedLine(request: APIRequestContext, title: string): Promise<number> {
  const brand = await bearer(request, demo.brand);
  const creator = await bearer(request, demo.creator);
  const influencerId = await influencerIdOf(request, demo.creator);
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
  const linePath = `/make-content/${lineId}`;
  const creator = await signedIn(browser, demo.creator, language);
  await uploadVersion(creator, creatorTexts, linePath, first, 1, `${language}-delivery-v1`);

  // The brand reviews it and asks for a revision.
  const brand = await signedIn(browser, demo.brand, language);
  await brand.goto('/manage-content');
  // Videos to review are offered as "Review the video of … for …" (the link's visible word first).
  await expect(
    brand.getByRole('link', { name: textPattern(brandTexts, 'list.reviewFor') }).first(),
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
  await debriefVideo(
    brand,
    brandTexts,
    'Show the box with its logo for two seconds.',
    `${language} review`,
  );

  // The creator reads the feedback and uploads a new version.
  await creator.goto(linePath);
  await expect(
    creator.getByText(text(creatorTexts, 'reasons.brand_visibility')).first(),
  ).toBeVisible();
  await expect(creator.getByText('Show the box with its logo for two seconds.')).toBeVisible();
  await screenshot(creator, `${language}-delivery-feedback`);
  await uploadVersion(creator, creatorTexts, linePath, second, 2, `${language}-delivery-v2`);

  // The brand approves the new version with a rating (the fee reserved at sending is paid in
  // the same step) and downloads it in HD.
  await brand.goto(`/manage-content/${lineId}`);
  await expect(
    brand.getByLabel(text(brandTexts, 'videos.player', { version: '2' })).first(),
  ).toBeVisible();
  await approveVideo(brand, brandTexts, `${language} review`);
  const download = brand.waitForEvent('download');
  await brand.getByRole('button', { name: text(brandTexts, 'paid.download') }).click();
  const hd = await (await download).path();
  // The HD original is the creator's file itself: no watermark, no re-encoding.
  expect(fs.readFileSync(hd).equals(fs.readFileSync(second))).toBe(true);
  await screenshot(brand, `${language}-paid-download`);

  // The creator publishes and submits the link of the post; the admin approves it: the line is
  // completed.
  const postUrl = `https://www.instagram.com/p/clipmarket${lineId}/`;
  await submitPublicationLink(
    creator,
    creatorTexts,
    linePath,
    postUrl,
    `${language}-delivery-links`,
  );
  const admin = await signedIn(browser, demo.admin, language);
  await approvePublicationLink(admin, adminTexts, postUrl, title, `${language}-admin-publications`);

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
  const row = admin.getByRole('row', { name: new RegExp(escapeRegExp(title)) });
  await expect(row.getByText(text(payoutTexts, 'admin.notDueYet'))).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  await screenshot(admin, `${language}-admin-payouts`);
  await expectAccessible(admin, `${language} admin payouts`);

  // … and the creator sees the deposit waiting.
  await creator.goto('/track-deposits');
  await expect(creator.getByText(title).first()).toBeVisible();
  await screenshot(creator, `${language}-track-deposits`);
  await expectAccessible(creator, `${language} track deposits`);
  await Promise.all([creator, brand, admin].map((page) => page.context().close()));
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
