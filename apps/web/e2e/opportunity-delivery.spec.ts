import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  applyThroughApi,
  approveApplicationThroughApi,
  approvePublicationLink,
  approveVideo,
  catalog,
  debriefVideo,
  demo,
  draftOpportunity,
  escapeRegExp,
  expectAccessible,
  makeVideo,
  payOnSandbox,
  screenshot,
  signedIn,
  submitPublicationLink,
  SUCCESS_CARD,
  text,
  uploadVersion,
  type Language,
} from './support';

/**
 * Issue 23, an opportunity's video from its publication to the creator's deposit, each party in
 * a browser of their own: a brand (the demo agency, which no other journey follows) pays an
 * opportunity's platform fee by card on the Konnect sandbox's page and lands on the payment's
 * result; a creator applies and the brand approves (the price held from its wallet), both
 * through the API; then the creator uploads a video (tus) on the line's Track Content screen,
 * the brand opens it from the application, watches the watermarked preview and asks for a
 * revision; the creator uploads a new version; the brand approves it — the price held at the
 * application's approval is captured, nothing is left to pay; the creator submits the link of the
 * post, the admin approves it, and the creator sees the deposit in Get Paid. In English and in
 * Arabic (right to left), each new screen checked by axe. The delivery's steps are the ones of a
 * request's (content-delivery.spec.ts), shared in support.ts.
 */

/** A generated demo creator per language (validated, with financial info), followed by no other spec. */
const CREATORS: Record<Language, string> = {
  en: 'creator003@demo.clipmarket.tn',
  tn: 'creator004@demo.clipmarket.tn',
};

async function journey(browser: Browser, request: APIRequestContext, language: Language) {
  const publish = catalog(language, 'publish-opportunity');
  const review = catalog(language, 'opportunity-applications');
  const creatorTexts = catalog(language, 'accept-requests');
  const brandTexts = catalog(language, 'manage-content');
  const adminTexts = catalog(language, 'admin-content');
  const payoutTexts = catalog(language, 'payouts');
  const creatorEmail = CREATORS[language];
  const title = `${language === 'en' ? 'Olive oil breakfast' : 'فطور بزيت الزيتون'} ${Date.now()}`;
  const id = await draftOpportunity(request, title, {
    brand: demo.agency,
    invited: [creatorEmail],
    spots: 1,
  });
  const first = makeVideo(`opportunity-first-${language}`, 60);
  const second = makeVideo(`opportunity-second-${language}`, 200);

  // The brand pays the platform fee by card: the sandbox's page, then the payment's result.
  const brand = await signedIn(browser, demo.agency, language);
  await brand.goto(`/publish-opportunity/${id}/payment`);
  await expect(
    brand.getByRole('heading', { level: 1, name: text(publish, 'checkout.heading') }),
  ).toBeVisible();
  await brand.getByRole('radio', { name: text(publish, 'checkout.gateway') }).check();
  await brand.getByRole('button', { name: new RegExp(text(publish, 'checkout.pay')) }).click();
  await payOnSandbox(brand, SUCCESS_CARD);
  await expect(brand).toHaveURL(new RegExp(`/publish-opportunity/${id}/payment/success`));
  await expect(
    brand.getByRole('heading', { name: text(publish, 'result.paidTitle') }),
  ).toBeVisible();
  await expect(brand.getByText(text(publish, 'result.paidText'))).toBeVisible();
  await screenshot(brand, `${language}-opportunity-paid`);
  await expectAccessible(brand, `${language} opportunity paid`);

  // The creator applies; the brand approves: the delivery line opens, its price held.
  const lineId = await approveApplicationThroughApi(
    request,
    demo.agency,
    id,
    await applyThroughApi(request, creatorEmail, id),
  );
  const linePath = `/track-content/${lineId}`;

  // The creator uploads the first version on the line's Track Content screen.
  const creator = await signedIn(browser, creatorEmail, language);
  await uploadVersion(
    creator,
    creatorTexts,
    linePath,
    first,
    1,
    `${language}-opportunity-delivery-v1`,
  );

  // The brand follows the video from the application, watches its preview and asks for a
  // revision.
  await brand.goto(`/publish-opportunity/${id}/applications`);
  await brand.getByRole('link', { name: text(review, 'applications.followVideo') }).click();
  await expect(brand).toHaveURL(new RegExp(`/manage-content/${lineId}$`));
  await expect(brand.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    brand.getByLabel(text(brandTexts, 'videos.player', { version: '1' })).first(),
  ).toBeVisible();
  await screenshot(brand, `${language}-opportunity-review`);
  await expectAccessible(brand, `${language} opportunity review`);
  await debriefVideo(
    brand,
    brandTexts,
    'Pour the oil slowly, the bottle turned to the camera.',
    `${language} opportunity review`,
  );
  await screenshot(brand, `${language}-opportunity-debriefed`);

  // The creator reads the feedback and uploads a new version.
  await creator.goto(linePath);
  await expect(
    creator.getByText('Pour the oil slowly, the bottle turned to the camera.'),
  ).toBeVisible();
  await screenshot(creator, `${language}-opportunity-delivery-feedback`);
  await expectAccessible(creator, `${language} opportunity delivery feedback`);
  await uploadVersion(
    creator,
    creatorTexts,
    linePath,
    second,
    2,
    `${language}-opportunity-delivery-v2`,
  );

  // The brand approves it: the price held when the application was approved is paid to the
  // creator in the same step, nothing is asked to pay.
  await brand.goto(`/manage-content/${lineId}`);
  await expect(
    brand.getByLabel(text(brandTexts, 'videos.player', { version: '2' })).first(),
  ).toBeVisible();
  await approveVideo(brand, brandTexts, `${language} opportunity review`);
  await expect(brand.getByText(text(brandTexts, 'paid.opportunityCaptured'))).toBeVisible();
  // No way of paying is offered (the review's stars are the page's only radios now).
  for (const method of ['pay.wallet', 'pay.gateway']) {
    await expect(brand.getByRole('radio', { name: text(brandTexts, method) })).toHaveCount(0);
  }
  await screenshot(brand, `${language}-opportunity-approved`);

  // The creator submits the link of their post; the admin approves it: the line is completed.
  const postUrl = `https://www.instagram.com/p/clipmarketop${lineId}/`;
  await submitPublicationLink(
    creator,
    creatorTexts,
    linePath,
    postUrl,
    `${language}-opportunity-delivery-links`,
  );
  const admin = await signedIn(browser, demo.admin, language);
  await approvePublicationLink(
    admin,
    adminTexts,
    postUrl,
    title,
    `${language}-opportunity-admin-publications`,
  );
  await creator.goto(linePath);
  await expect(
    creator.getByText(text(creatorTexts, 'delivery.opportunityCompleted')),
  ).toBeVisible();
  await screenshot(creator, `${language}-opportunity-delivery-completed`);
  await expectAccessible(creator, `${language} opportunity delivery completed`);

  // The creator's deposit in Get Paid, under the opportunity's line reference.
  await creator.goto('/track-deposits');
  await expect(
    creator.getByRole('heading', { level: 1, name: text(payoutTexts, 'track.title') }),
  ).toBeVisible();
  const deposit = creator.getByRole('row', { name: new RegExp(escapeRegExp(title)) });
  await expect(deposit).toContainText(/OP-\d{6}-1/);
  await expect(deposit).toContainText(text(payoutTexts, 'status.pending'));
  await screenshot(creator, `${language}-opportunity-deposit`);
  await expectAccessible(creator, `${language} opportunity deposit`);
  await Promise.all([brand, creator, admin].map((page) => page.context().close()));
}

// Two videos encoded and processed by ffmpeg, three browsers.
test.describe.configure({ timeout: 300_000 });

for (const language of ['en', 'tn'] as const) {
  test(`${language}: an opportunity's video from the card payment to the creator's deposit`, async ({
    browser,
    request,
  }) => {
    await journey(browser, request, language);
  });
}
