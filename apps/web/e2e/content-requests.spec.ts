import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiLogin,
  catalog,
  chooseOption,
  day,
  demo,
  escapeRegExp,
  expectAccessible,
  fixture,
  influencerIdOf,
  payOnSandbox,
  screenshot,
  signInAs,
  SUCCESS_CARD,
  text,
  uploadThroughButton,
  type Language,
} from './support';

/**
 * Issue 10 §8, the request from both sides: the demo brand starts a request from a shortlist of
 * two creators, fills the video's info, writes the script and pays the platform fee by card on
 * the built-in Konnect sandbox's checkout page; then, each in a browser of their own, one creator
 * accepts and the other declines with a reason, while the brand watches its request's page take
 * both answers live and is offered similar creators for the one who declined. A second journey
 * pays from the wallet. In English and in Arabic (right to left), each screen checked with axe.
 */

/** A validated creator with complete financial info (may accept). */
const acceptingCreator = demo.creator;
/** A generated demo creator (validated): declining needs no financial info. */
const decliningCreator = 'creator001@demo.clipmarket.tn';

/** A field's label (Mantine adds " *" to required ones). */
const labelOf = (value: string) => new RegExp(`^${escapeRegExp(value)}`);

/** The demo brand's shortlist of two demo creators, made through the API. Answers its id. */
async function shortListOfTwo(request: APIRequestContext, name: string): Promise<number> {
  const brand = { authorization: `Bearer ${await apiLogin(request, demo.brand)}` };
  const created = await request.post('/v2/short-lists', { headers: brand, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { short_list_id: number } }).data.short_list_id;
  for (const email of [acceptingCreator, decliningCreator]) {
    const influencerId = await influencerIdOf(request, email);
    const added = await request.put(`/v2/short-lists/${id}/influencers/${influencerId}`, {
      headers: brand,
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
  }
  return id;
}

/** The stepper says which step this is. */
async function expectStep(page: Page, messages: Record<string, unknown>, step: string) {
  const stepper = page.getByRole('navigation', { name: text(messages, 'stepper.label') });
  await expect(stepper.locator('[aria-current="step"]')).toContainText(
    text(messages, `stepper.${step}`),
  );
}

/** A creator, from the menu to the request's details through its card in the "New" filter. */
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
  await expect(card).toContainText(text(messages, 'status.sent'));
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/make-content\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

for (const language of ['en', 'tn'] as const) {
  test(`${language}: a brand requests a video from two shortlisted creators and pays by card; one accepts, the other declines, the brand sees both live`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const messages = catalog(language, 'content-requests');
    const pages = catalog(language, 'pages');
    const title = `Citrus fizz ${language} ${Date.now()}`;
    const shortListId = await shortListOfTwo(page.request, `Summer ${language} ${Date.now()}`);
    await signInAs(page, demo.brand, language);

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
    await expect(
      page.getByRole('alert').filter({ hasText: text(messages, 'messages.requiredFields') }),
    ).toBeVisible();
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
    await uploadThroughButton(page, text(pages, 'productImages.addImage'), fixture('portrait.png'));
    await expect(
      page.getByRole('img', { name: text(pages, 'productImages.imageAlt', { index: '1' }) }),
    ).toBeVisible();
    await page.getByLabel(labelOf(text(messages, 'info.deliveryDate'))).fill(day(10));
    await chooseOption(page, labelOf(text(messages, 'info.deliverySlot')), '12:30');
    await page.getByLabel(labelOf(text(messages, 'info.publishingDeadline'))).fill(day(14));
    // Issue 27 §1: usage rights, organic included; paid ads and 90 days, each with its surcharge.
    const common = catalog(language, 'common');
    await expect(
      page.getByRole('checkbox', { name: labelOf(text(common, 'licence.channels.organic')) }),
    ).toBeDisabled();
    await page
      .getByRole('checkbox', {
        name: new RegExp(`^${escapeRegExp(text(common, 'licence.channels.paid_ads'))} \\(`),
      })
      .check();
    await chooseOption(
      page,
      labelOf(text(common, 'licence.durationLabel')),
      labelOf(text(common, 'licence.durations.90_days')),
    );
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
    // Each creator's price is the video plus the usage rights' add-ons.
    await expect(
      fees.getByText(text(common, 'licence.price.addOns'), { exact: false }),
    ).toHaveCount(2);
    await page.getByRole('radio', { name: text(messages, 'checkout.gateway') }).check();
    await screenshot(page, `${language}-request-checkout`);
    await expectAccessible(page, `${language} request, checkout`);
    await page.getByRole('button', { name: labelOf(text(messages, 'checkout.pay')) }).click();

    // The sandbox's checkout page, then the result page.
    await payOnSandbox(page, SUCCESS_CARD);
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

    // The request's own page, where the answers' notifications lead: the brand keeps it open.
    const requestId = await requestIdByTitle(page, title);
    await page.goto(`/request-content/${requestId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const lines = page.getByRole('list', { name: text(messages, 'list.creators'), exact: true });
    await expect(lines.getByText(text(messages, 'labels.sent'), { exact: true })).toHaveCount(2);

    // The first creator accepts.
    const accept = catalog(language, 'accept-requests');
    const creatorContext = await browser.newContext();
    const creator = await creatorContext.newPage();
    await signInAs(creator, acceptingCreator, language);
    await openNewRequest(creator, language, title);
    await expect(
      creator.getByRole('region', { name: text(accept, 'details.script') }),
    ).toContainText('Scene 2: the first sip.');
    await screenshot(creator, `${language}-request-details`);
    await expectAccessible(creator, `${language} request details`);
    const answer = creator.getByRole('region', { name: text(accept, 'answer.title') });
    await answer.getByRole('button', { name: text(accept, 'answer.accept') }).click();
    const confirm = creator.getByRole('dialog', {
      name: text(accept, 'answer.confirmAcceptTitle'),
    });
    await expectAccessible(creator, `${language} accept confirmation`);
    await confirm.getByRole('button', { name: text(accept, 'answer.confirmAccept') }).click();
    await expect(creator.getByText(text(accept, 'answer.accepted'))).toBeVisible();
    const stepper = creator.getByRole('region', { name: text(accept, 'stepper.label') });
    await expect(stepper.locator('[aria-current="step"]')).toContainText(
      text(accept, 'stepper.upload'),
    );
    await screenshot(creator, `${language}-request-accepted`);
    await expectAccessible(creator, `${language} request accepted`);
    await creator.goto('/make-content');
    const toFilm = creator.getByRole('region', { name: text(accept, 'makeContent.toMake') });
    await expect(toFilm.getByRole('link', { name: title })).toBeVisible();
    await screenshot(creator, `${language}-make-content`);
    await expectAccessible(creator, `${language} make content`);
    await creatorContext.close();

    // The second creator declines, with a reason (none: no answer).
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInAs(other, decliningCreator, language);
    await openNewRequest(other, language, title);
    const otherAnswer = other.getByRole('region', { name: text(accept, 'answer.title') });
    await otherAnswer.getByRole('button', { name: text(accept, 'answer.decline') }).click();
    const dialog = other.getByRole('dialog', { name: text(accept, 'answer.declineTitle') });
    await dialog.getByRole('button', { name: text(accept, 'answer.confirmDecline') }).click();
    await expect(dialog.getByText(text(accept, 'answer.reasonRequired'))).toBeVisible();
    await dialog
      .getByRole('button', { name: text(accept, 'answer.reasons.deadline'), exact: true })
      .click();
    await dialog.getByRole('textbox', { name: text(accept, 'answer.reasonLabel') }).press('End');
    await dialog
      .getByRole('textbox', { name: text(accept, 'answer.reasonLabel') })
      .pressSequentially(' (2)');
    await screenshot(other, `${language}-decline-dialog`);
    await expectAccessible(other, `${language} decline dialog`);
    await dialog.getByRole('button', { name: text(accept, 'answer.confirmDecline') }).click();
    await expect(other.getByText(text(accept, 'answer.declined'))).toBeVisible();
    await screenshot(other, `${language}-request-declined`);
    await expectAccessible(other, `${language} request declined`);
    await other.goto('/accept-requests?filter=declined');
    await expect(
      other
        .getByTestId('request-card')
        .filter({ hasText: title })
        .getByText(text(accept, 'status.declined')),
    ).toBeVisible();
    await otherContext.close();

    // The brand saw both answers arrive without reloading, and is offered similar creators.
    await expect(lines.getByText(text(messages, 'labels.accepted'), { exact: true })).toBeVisible();
    await expect(lines.getByText(text(messages, 'labels.declined'), { exact: true })).toBeVisible();
    await expect(lines).toContainText(`${text(accept, 'answer.reasons.deadline')} (2)`);
    const similar = page.getByRole('region', { name: text(messages, 'similar.title') });
    await expect(similar).toBeVisible();
    await screenshot(page, `${language}-brand-sees-answers`);
    await expectAccessible(page, `${language} brand sees the answers`);
    const offered = similar.getByRole('checkbox');
    if ((await offered.count()) > 0) {
      await offered.first().check();
      await similar
        .getByRole('button', { name: text(messages, 'similar.send', { count: '1' }) })
        .click();
      // A new draft with the same brief, at its info step.
      await expect(page).toHaveURL(/\/request-content\/\d+$/);
      await expect(
        page.getByRole('heading', { level: 1, name: text(messages, 'info.title') }),
      ).toBeVisible();
      await expect(page.getByLabel(labelOf(text(messages, 'info.requestTitle')))).toHaveValue(
        title,
      );
    } else {
      await expect(similar).toContainText(text(messages, 'similar.empty'));
    }
  });
}

/** The id of the demo brand's request with this title, as its list answers. */
async function requestIdByTitle(page: Page, title: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get('/v2/content-requests?filter=all', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { content_request_id: number; title: string }[] };
  const found = body.data.find((request) => request.title === title);
  expect(found).toBeDefined();
  return found!.content_request_id;
}

test('en: a brand whose wallet covers the request pays from it', async ({ page }) => {
  const messages = catalog('en', 'content-requests');
  const title = `Wallet order ${Date.now()}`;
  const brand = { authorization: `Bearer ${await apiLogin(page.request, demo.brand)}` };
  // A complete draft, made through the API: the checkout is what is under test here.
  const draft = await page.request.post('/v2/content-requests', {
    headers: brand,
    data: {
      influencer_ids: [await influencerIdOf(page.request, acceptingCreator)],
      title,
      content_type: 'product_demo',
      video_duration: 15,
      format: 'portrait',
      product_name: 'Harissa',
      description: 'A spoon of harissa on a hot brik.',
      platforms: ['instagram'],
      delivery_date: day(10),
      delivery_slot: '09:00',
      publishing_deadline: day(14),
      script: 'Scene 1: the brik. Scene 2: the harissa.',
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const id = ((await draft.json()) as { data: { content_request_id: number } }).data
    .content_request_id;
  await signInAs(page, demo.brand, 'en');
  await page.goto('/track-payments/my-wallet');
  const before = await page.getByTestId('wallet-available').textContent();

  await page.goto(`/request-content/${id}/payment`);
  const wallet = page.getByRole('radio', { name: labelOf(text(messages, 'checkout.wallet')) });
  await expect(wallet).toBeChecked();
  await screenshot(page, 'en-request-checkout-wallet');
  await expectAccessible(page, 'en request, checkout from the wallet');
  await page.getByRole('button', { name: labelOf(text(messages, 'checkout.pay')) }).click();
  await expect(page.getByText(text(messages, 'messages.sent'))).toBeVisible();
  // On to the request's own page: its creator's line is sent.
  await expect(page).toHaveURL(new RegExp(`/request-content/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: text(messages, 'list.creators'), exact: true })
      .getByText(text(messages, 'labels.sent'), { exact: true }),
  ).toBeVisible();

  // The fee (and the reserved content fee) left the available balance.
  await page.goto('/track-payments/my-wallet');
  await expect(page.getByTestId('wallet-available')).not.toHaveText(before ?? '');
  await screenshot(page, 'en-wallet-after-request');
});
