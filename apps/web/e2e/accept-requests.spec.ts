import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiLogin,
  catalog,
  demo,
  expectAccessible,
  loginThroughUi,
  screenshot,
  text,
  type Language,
} from './support';

/**
 * Issue 10 §4 and §8, the creator's side: a brand's request (made and paid from its wallet
 * through the API) reaches two creators; in the browser one accepts it, the other declines it
 * with a reason, while the brand watches its requests page take both answers live — in English
 * and in Arabic (right to left), each screen checked with axe.
 */

/** A validated creator with complete financial info (may accept). */
const acceptingCreator = demo.creator;
/** A generated demo creator (validated): declining needs no financial info. */
const decliningCreator = 'creator001@demo.clipmarket.tn';

const day = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function influencerIdOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/v2/user/getMe', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { influencer: { influencer_id: number } } };
  return body.data.influencer.influencer_id;
}

/**
 * The demo brand orders a 30 s portrait video from both creators and pays the fee from its
 * wallet (an Idempotency-Key, as the checkout page sends). Answers the request's title.
 */
async function sendRequestToBothCreators(request: APIRequestContext, title: string) {
  const brand = { authorization: `Bearer ${await apiLogin(request, demo.brand)}` };
  const influencerIds = [
    await influencerIdOf(request, await apiLogin(request, acceptingCreator)),
    await influencerIdOf(request, await apiLogin(request, decliningCreator)),
  ];
  const draft = await request.post('/v2/content-requests', {
    headers: brand,
    data: {
      influencer_ids: influencerIds,
      title,
      content_type: 'product_demo',
      video_duration: 30,
      format: 'portrait',
      product_name: 'Zitouna olive oil',
      description: 'Show the bottle on a family table, then the first drizzle on a salad.',
      platforms: ['instagram', 'tiktok'],
      delivery_date: day(10),
      delivery_slot: '12:30',
      publishing_deadline: day(14),
      script: 'Scene 1: the bottle on the table.\nScene 2: the first drizzle.\n\nEnd on the logo.',
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const id = ((await draft.json()) as { data: { content_request_id: number } }).data
    .content_request_id;
  const checkout = await request.post(`/v2/content-requests/${id}/checkout`, {
    headers: { ...brand, 'Idempotency-Key': randomUUID() },
    data: { method: 'wallet' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sent = (await checkout.json()) as { data: { status: string } };
  expect(sent.data.status).toBe('sent');
}

async function signIn(page: Page, email: string, language: Language) {
  await loginThroughUi(page, email);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  if (language === 'tn') {
    await page.getByLabel(/^Language: English/).selectOption('tn');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
}

/** From the menu to the request's details, through its card in the "New" filter. */
async function openNewRequest(page: Page, language: Language, title: string) {
  const messages = catalog(language, 'accept-requests');
  await page.goto('/accept-requests');
  await expect(
    page.getByRole('heading', { level: 1, name: text(messages, 'list.title') }),
  ).toBeVisible();
  await page
    .getByRole('group', { name: text(messages, 'list.filtersLabel') })
    .getByRole('button', { name: text(messages, 'filters.sent'), exact: true })
    .click();
  await expect(page).toHaveURL(/filter=sent/);
  const card = page.getByTestId('request-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(text(messages, 'status.sent'));
  // "Funds secured" when the brand's wallet held the content fees too (the demo wallet covers
  // the first requests of a run only): as the server says.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const lines = await page.request.get('/v2/content-request-influencers?filter=sent', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(lines.status(), await lines.text()).toBe(200);
  const line = (
    (await lines.json()) as { data: { title: string; funds_secured: boolean }[] }
  ).data.find((item) => item.title === title);
  expect(line).toBeDefined();
  await expect(card.getByText(text(messages, 'card.fundsSecured'))).toHaveCount(
    line?.funds_secured ? 1 : 0,
  );
  return card;
}

for (const language of ['en', 'tn'] as const) {
  test(`${language}: one creator accepts a request, another declines it with a reason`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const messages = catalog(language, 'accept-requests');
    const title = `Olive oil ${language} ${Date.now()}`;
    await sendRequestToBothCreators(page.request, title);

    // The brand watches its requests, in a browser of its own: both lines wait for an answer.
    const requests = catalog(language, 'content-requests');
    const brandContext = await browser.newContext();
    const brandPage = await brandContext.newPage();
    await signIn(brandPage, demo.brand, language);
    await brandPage.goto('/request-content');
    const brandCard = brandPage.getByRole('article', { name: title });
    await expect(brandCard.getByText(text(requests, 'labels.sent'), { exact: true })).toHaveCount(
      2,
    );

    // The first creator: the list, the request's details, then Accept.
    await signIn(page, acceptingCreator, language);
    const card = await openNewRequest(page, language, title);
    await screenshot(page, `${language}-accept-requests-new`);
    await expectAccessible(page, `${language} accept requests, new`);
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/make-content\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const stepper = page.getByRole('region', { name: text(messages, 'stepper.label') });
    await expect(stepper.locator('[aria-current="step"]')).toContainText(
      text(messages, 'stepper.details'),
    );
    await expect(
      page.getByRole('region', { name: text(messages, 'details.script') }),
    ).toContainText('Scene 2: the first drizzle.');
    await screenshot(page, `${language}-request-details`);
    await expectAccessible(page, `${language} request details`);

    const answer = page.getByRole('region', { name: text(messages, 'answer.title') });
    await answer.getByRole('button', { name: text(messages, 'answer.accept') }).click();
    const confirm = page.getByRole('dialog', { name: text(messages, 'answer.confirmAcceptTitle') });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, `${language} accept confirmation`);
    await confirm.getByRole('button', { name: text(messages, 'answer.confirmAccept') }).click();
    await expect(page.getByText(text(messages, 'answer.accepted'))).toBeVisible();
    await expect(page.getByText(text(messages, 'closed.accepted'))).toBeVisible();
    await expect(stepper.locator('[aria-current="step"]')).toContainText(
      text(messages, 'stepper.upload'),
    );
    await expect(answer).toHaveCount(0);
    await screenshot(page, `${language}-request-accepted`);
    await expectAccessible(page, `${language} request accepted`);

    // It is now in the creator's work in progress.
    await page.goto('/make-content');
    const toFilm = page.getByRole('region', { name: text(messages, 'makeContent.toMake') });
    await expect(toFilm.getByRole('link', { name: title })).toBeVisible();
    await screenshot(page, `${language}-make-content`);
    await expectAccessible(page, `${language} make content`);

    // The second creator, in a browser of their own: Decline, with a reason.
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, decliningCreator, language);
    const otherCard = await openNewRequest(other, language, title);
    await otherCard.getByRole('link', { name: title }).click();
    const otherAnswer = other.getByRole('region', { name: text(messages, 'answer.title') });
    await otherAnswer.getByRole('button', { name: text(messages, 'answer.decline') }).click();
    const dialog = other.getByRole('dialog', { name: text(messages, 'answer.declineTitle') });
    // No reason, no answer.
    await dialog.getByRole('button', { name: text(messages, 'answer.confirmDecline') }).click();
    await expect(dialog.getByText(text(messages, 'answer.reasonRequired'))).toBeVisible();
    await dialog
      .getByRole('button', { name: text(messages, 'answer.reasons.deadline'), exact: true })
      .click();
    const reason = dialog.getByRole('textbox', { name: text(messages, 'answer.reasonLabel') });
    await expect(reason).toHaveValue(text(messages, 'answer.reasons.deadline'));
    await reason.pressSequentially(' (2)');
    await screenshot(other, `${language}-decline-dialog`);
    await expectAccessible(other, `${language} decline dialog`);
    await dialog.getByRole('button', { name: text(messages, 'answer.confirmDecline') }).click();
    await expect(other.getByText(text(messages, 'answer.declined'))).toBeVisible();
    await expect(other.getByText(text(messages, 'closed.declined'))).toBeVisible();
    await expect(
      other.getByText(
        text(messages, 'details.reason', {
          reason: `${text(messages, 'answer.reasons.deadline')} (2)`,
        }),
      ),
    ).toBeVisible();
    await screenshot(other, `${language}-request-declined`);
    await expectAccessible(other, `${language} request declined`);

    // The brand saw both answers arrive, without reloading its page.
    await expect(
      brandCard.getByText(text(requests, 'labels.accepted'), { exact: true }),
    ).toBeVisible();
    await expect(
      brandCard.getByText(text(requests, 'labels.declined'), { exact: true }),
    ).toBeVisible();
    await expect(brandCard).toContainText(`${text(messages, 'answer.reasons.deadline')} (2)`);
    await screenshot(brandPage, `${language}-brand-sees-answers`);
    await expectAccessible(brandPage, `${language} brand sees the answers`);
    await brandContext.close();

    // The declined request is listed under "Declined".
    await other.goto('/accept-requests?filter=declined');
    await expect(
      other
        .getByTestId('request-card')
        .filter({ hasText: title })
        .getByText(text(messages, 'status.declined')),
    ).toBeVisible();
    await context.close();
  });
}
