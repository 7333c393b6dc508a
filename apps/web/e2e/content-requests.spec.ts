import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiLogin,
  catalog,
  chooseOption,
  demo,
  expectAccessible,
  fixture,
  loginThroughUi,
  screenshot,
  text,
  uploadThroughButton,
  type Language,
} from './support';

/**
 * Issue 10 §3, the advertiser's side: the demo brand starts a request from a shortlist of two
 * creators, fills the video's info, writes the script and pays the platform fee by card on the
 * built-in Konnect sandbox's checkout page; the request is then on its list, each creator's line
 * "Sent" — in English and in Arabic (right to left), each screen checked with axe.
 */

const SUCCESS_CARD = '4509211111111119';

const day = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's label (Mantine adds " *" to required ones). */
const labelOf = (value: string) => new RegExp(`^${escape(value)}`);

async function influencerIdOf(request: APIRequestContext, email: string): Promise<number> {
  const token = await apiLogin(request, email);
  const response = await request.get('/v2/user/getMe', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { influencer: { influencer_id: number } } };
  return body.data.influencer.influencer_id;
}

/** The demo brand's shortlist of two demo creators, made through the API. Answers its id. */
async function shortListOfTwo(request: APIRequestContext, name: string): Promise<number> {
  const brand = { authorization: `Bearer ${await apiLogin(request, demo.brand)}` };
  const created = await request.post('/v2/short-lists', { headers: brand, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { short_list_id: number } }).data.short_list_id;
  for (const email of ['creator021@demo.clipmarket.tn', 'creator022@demo.clipmarket.tn']) {
    const influencerId = await influencerIdOf(request, email);
    const added = await request.put(`/v2/short-lists/${id}/influencers/${influencerId}`, {
      headers: brand,
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
  }
  return id;
}

async function signIn(page: Page, language: Language) {
  await loginThroughUi(page, demo.brand);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  if (language === 'tn') {
    await page.getByLabel(/^Language: English/).selectOption('tn');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
}

/** The stepper says which step this is. */
async function expectStep(page: Page, messages: Record<string, unknown>, step: string) {
  const stepper = page.getByRole('navigation', { name: text(messages, 'stepper.label') });
  await expect(stepper.locator('[aria-current="step"]')).toContainText(
    text(messages, `stepper.${step}`),
  );
}

for (const language of ['en', 'tn'] as const) {
  test(`${language}: a brand requests a video from two shortlisted creators and pays by card`, async ({
    page,
  }) => {
    const messages = catalog(language, 'content-requests');
    const pages = catalog(language, 'pages');
    const title = `Citrus fizz ${language} ${Date.now()}`;
    const shortListId = await shortListOfTwo(page.request, `Summer ${language} ${Date.now()}`);
    await signIn(page, language);

    // Step 1: the shortlist's two creators are chosen.
    await page.goto(`/request-content/add?short_list_id=${shortListId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: text(messages, 'creators.title') }),
    ).toBeVisible();
    await expectStep(page, messages, 'creators');
    const choices = page.getByRole('list', { name: text(messages, 'creators.listLabel') });
    await expect(choices.getByRole('checkbox')).toHaveCount(2);
    await expect(choices.getByRole('checkbox', { checked: true })).toHaveCount(2);
    await expect(page.getByTestId('creators-counter')).toContainText(/^2 \/ \d+$/);
    await screenshot(page, `${language}-request-creators`);
    await expectAccessible(page, `${language} request, creators`);
    await page.getByRole('button', { name: text(messages, 'common.next'), exact: true }).click();

    // Step 2: the video's info; Next with nothing filled names what is missing.
    await expect(page).toHaveURL(/\/request-content\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: text(messages, 'info.title') }),
    ).toBeVisible();
    await expectStep(page, messages, 'info');
    await page.getByRole('button', { name: text(messages, 'common.next'), exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(text(messages, 'messages.requiredFields'));
    await page.getByLabel(labelOf(text(messages, 'info.requestTitle'))).fill(title);
    await chooseOption(
      page,
      labelOf(text(messages, 'info.contentType')),
      text(pages, 'contentTypes.product_demo'),
    );
    await page
      .getByRole('radio', { name: text(messages, 'common.seconds', { count: '30' }) })
      .check();
    await page.getByRole('radio', { name: text(messages, 'info.formats.portrait') }).check();
    await page.getByLabel(labelOf(text(messages, 'info.productName'))).fill('Citrus fizz');
    await page
      .getByLabel(labelOf(text(messages, 'info.description')))
      .fill('A sparkling lemon drink, cold, on a sunny terrace.');
    await page
      .getByRole('checkbox', { name: text(messages, 'info.platformNames.instagram') })
      .check();
    await uploadThroughButton(page, text(messages, 'info.addImage'), fixture('portrait.png'));
    await expect(
      page.getByRole('img', { name: text(messages, 'info.imageAlt', { index: '1' }) }),
    ).toBeVisible();
    await page.getByLabel(labelOf(text(messages, 'info.deliveryDate'))).fill(day(10));
    await chooseOption(page, labelOf(text(messages, 'info.deliverySlot')), '12:30');
    await page.getByLabel(labelOf(text(messages, 'info.publishingDeadline'))).fill(day(14));
    await screenshot(page, `${language}-request-info`);
    await expectAccessible(page, `${language} request, info`);
    await page.getByRole('button', { name: text(messages, 'common.next'), exact: true }).click();

    // Step 3: the script, with its counter.
    await expect(page).toHaveURL(/\/request-content\/\d+\?step=script$/);
    await expectStep(page, messages, 'script');
    const script = 'Scene 1: the can on the table.\nScene 2: the first sip.\nEnd on the logo.';
    await page.getByLabel(labelOf(text(messages, 'script.label'))).fill(script);
    await expect(page.getByText(new RegExp(`^${script.length} / \\d+`))).toBeVisible();
    await screenshot(page, `${language}-request-script`);
    await expectAccessible(page, `${language} request, script`);
    await page.getByRole('button', { name: text(messages, 'common.next'), exact: true }).click();

    // Step 4: the checkout, priced by the server; pay by card.
    await expect(page).toHaveURL(/\/request-content\/\d+\/payment$/);
    await expectStep(page, messages, 'checkout');
    const checkout = catalog(language, 'checkout');
    const summary = page.getByRole('region', { name: text(checkout, 'summary.title') });
    await expect(
      summary.getByRole('row', { name: labelOf(text(checkout, 'summary.lines.platform_fee')) }),
    ).toContainText(/24[.,]800 TND/);
    const fees = page.getByRole('region', { name: text(messages, 'checkout.contentFees') });
    await expect(fees.getByRole('row')).toHaveCount(4);
    await page.getByRole('radio', { name: text(messages, 'checkout.gateway') }).check();
    await screenshot(page, `${language}-request-checkout`);
    await expectAccessible(page, `${language} request, checkout`);
    await page.getByRole('button', { name: labelOf(text(messages, 'checkout.pay')) }).click();

    // The sandbox's checkout page, then the result page.
    await expect(page).toHaveURL(/\/sandbox\/konnect\/pay\//);
    await page.locator(`input[name="card"][value="${SUCCESS_CARD}"]`).check();
    await page.locator('button[name="action"][value="pay"]').click();
    await expect(page).toHaveURL(/\/request-content\/\d+\/payment\/success/);
    await expect(
      page.getByRole('heading', { name: text(messages, 'result.paidTitle') }),
    ).toBeVisible();
    await expect(page.getByText(text(messages, 'result.paidText'))).toBeVisible();
    await screenshot(page, `${language}-request-paid`);
    await expectAccessible(page, `${language} request, paid`);

    // The list: the request, each creator's line sent.
    await page.getByRole('link', { name: text(messages, 'result.toList') }).click();
    await expect(page).toHaveURL(/\/request-content$/);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText(text(messages, 'labels.sent'), { exact: true })).toHaveCount(2);
    await screenshot(page, `${language}-request-list`);
    await expectAccessible(page, `${language} request list`);
  });
}
