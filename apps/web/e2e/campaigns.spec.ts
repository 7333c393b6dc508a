import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  catalog,
  chooseOption,
  day,
  demo,
  draftOpportunity,
  expectAccessible,
  screenshot,
  screenshotAtBothWidths,
  signedIn,
  signInAs,
  text,
  textPattern,
  type Language,
} from './support';

/**
 * Issue 24 §1 and §5, in English and in Arabic (right to left), each new screen checked by axe:
 * an advertiser (the demo agency, which the live journeys beside do not follow) opens Campaigns
 * from the menu, creates a campaign in the dialog (its checks first), adds one of its own
 * opportunities from the "add" dialog and sees it in the campaign; the demo creator opens the
 * ToolBox, finds the link of a delivery of the demo brand's "Ramadan 2027" campaign, copies it,
 * and a visit of the short link (a person's browser) is counted on the toolbox; her showcase
 * lists her connected Instagram and TikTok accounts. New screens also pictured at 390 px.
 */

/** A visit of a short link as a phone's browser would make it: the redirect, not its target. */
async function visit(request: APIRequestContext, url: string, language: Language) {
  const answer = await request.get(url, {
    maxRedirects: 0,
    headers: {
      'user-agent': `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 campaigns-${language}`,
    },
  });
  expect(answer.status()).toBe(302);
  return answer.headers().location ?? '';
}

async function journey(browser: Browser, request: APIRequestContext, language: Language) {
  const texts = catalog(language, 'campaigns');
  const shell = catalog(language, 'shell');
  const toolbox = catalog(language, 'toolbox');
  const metrics = catalog(language, 'publication-metrics');
  const stamp = Date.now();
  const name = `${language === 'en' ? 'Back to school' : 'العودة المدرسية'} ${stamp}`;
  const opportunityTitle = `${language === 'en' ? 'Lunch boxes' : 'علب الغداء'} ${stamp}`;
  const opportunityId = await draftOpportunity(request, opportunityTitle, {
    brand: demo.agency,
    invited: [demo.creator],
    spots: 1,
  });

  // The advertiser: Campaigns from the menu, a new campaign checked, then created.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, demo.agency, language);
  await page.getByRole('link', { name: text(shell, 'menu.items.campaigns') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text(texts, 'list.title') }),
  ).toBeVisible();
  await screenshotAtBothWidths(page, `campaigns-list-${language}`);
  await expectAccessible(page, `${language} campaigns`);

  await page
    .getByRole('button', { name: text(texts, 'list.new') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: text(texts, 'form.newTitle') });
  await dialog.getByRole('button', { name: text(texts, 'form.create') }).click();
  await expect(dialog.getByText(text(texts, 'form.errors.required')).first()).toBeVisible();
  await dialog.getByLabel(new RegExp(`^${text(texts, 'form.name')}`)).fill(name);
  await chooseOption(
    page,
    new RegExp(`^${text(texts, 'form.goal')}`),
    text(texts, 'goals.traffic'),
    dialog,
  );
  await dialog.getByLabel(new RegExp(`^${text(texts, 'form.startsOn')}`)).fill(day(0));
  await dialog.getByLabel(new RegExp(`^${text(texts, 'form.endsOn')}`)).fill(day(-1));
  await dialog.getByLabel(new RegExp(`^${text(texts, 'form.budget')}`)).fill('1500');
  await dialog
    .getByLabel(new RegExp(`^${text(texts, 'form.targetUrl')}`))
    .fill('shop.agence.tn/rentree');
  await dialog.getByRole('button', { name: text(texts, 'form.create') }).click();
  await expect(dialog.getByText(text(texts, 'form.errors.endBeforeStart'))).toBeVisible();
  await screenshot(page, `campaigns-form-${language}`);
  await expectAccessible(page, `${language} new campaign`);
  await dialog.getByLabel(new RegExp(`^${text(texts, 'form.endsOn')}`)).fill(day(45));
  await dialog.getByRole('button', { name: text(texts, 'form.create') }).click();

  // Its page: running, the budget, nothing in it yet.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/campaign\/\d+$/);
  await expect(page.getByText(text(texts, 'phases.running'))).toBeVisible();
  await expect(page.getByText(text(texts, 'detail.noItems'))).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://shop.agence.tn/rentree' })).toBeVisible();

  // One of its opportunities added from the dialog.
  await page.getByRole('button', { name: text(texts, 'detail.add') }).click();
  const adding = page.getByRole('dialog', { name: text(texts, 'attach.title') });
  const reference = `OP-${String(opportunityId).padStart(6, '0')}`;
  await adding.getByRole('button', { name: text(texts, 'attach.addItem', { reference }) }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: opportunityTitle })
      .getByRole('link', { name: reference }),
  ).toBeVisible();
  await screenshot(page, `campaigns-add-${language}`);
  await expectAccessible(page, `${language} add to a campaign`);
  await adding.getByRole('button', { name: text(texts, 'attach.done') }).click();
  await expect(adding).toBeHidden();
  await expect(
    page.getByText(
      text(texts, 'figures.counts', {
        requests: '0',
        opportunities: '1',
        deliveries: '0',
        published: '0',
      }),
    ),
  ).toBeVisible();
  await screenshotAtBothWidths(page, `campaigns-detail-${language}`);
  await expectAccessible(page, `${language} campaign`);
  await context.close();

  // The creator: the ToolBox's link of a delivery of the demo brand's campaign, copied, visited.
  const creator = await signedIn(browser, demo.creator, language);
  await creator.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await creator.goto('/toolbox');
  const delivery = creator
    .getByRole('article')
    .filter({ hasText: text(toolbox, 'line.campaign', { name: 'Ramadan 2027' }) })
    .first();
  const link = delivery.getByRole('link', { name: /\/l\// }).first();
  await expect(link).toBeVisible();
  const shortUrl = (await link.textContent()) ?? '';
  const counts = delivery.getByText(textPattern(toolbox, 'link.counts')).first();
  const before = (await counts.textContent()) ?? '';
  await delivery
    .getByRole('button', {
      name: text(toolbox, 'link.copyFor', { platform: text(toolbox, 'platforms.instagram') }),
    })
    .click();
  await expect(
    creator
      .getByRole('status')
      .filter({ hasText: text(toolbox, 'link.copied') })
      .first(),
  ).toBeAttached();
  expect(await creator.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);
  await screenshotAtBothWidths(creator, `toolbox-${language}`);
  await expectAccessible(creator, `${language} toolbox`);

  const target = await visit(request, shortUrl, language);
  expect(target).toMatch(/^https:\/\/jasmin\.tn\/ramadan\?/);
  expect(new URL(target).searchParams.get('utm_medium')).toBe('ugc');
  await creator.reload();
  await expect(counts).not.toHaveText(before);

  // Her showcase: the Instagram and TikTok accounts whose figures are read automatically.
  await creator.goto('/showcase');
  const accounts = creator.getByRole('region', { name: text(metrics, 'accounts.title') });
  await expect(
    accounts.getByText(text(metrics, 'accounts.status.connected'), { exact: true }),
  ).toHaveCount(2);
  await screenshotAtBothWidths(creator, `showcase-accounts-${language}`, accounts);
  await expectAccessible(creator, `${language} showcase connected accounts`);
  await creator.context().close();
}

test.describe('campaigns and the toolbox', () => {
  for (const language of ['en', 'tn'] as const) {
    test(`a campaign is created and filled, a tracked link copied and counted (${language})`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      await journey(browser, request, language);
    });
  }
});
