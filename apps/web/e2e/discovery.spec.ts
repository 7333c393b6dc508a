import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  chooseOption,
  loginThroughUi,
  screenshot,
  expectAccessible,
  registerVerifiedBrand,
} from './support';

/** The page's own texts, read from the catalogs so the Arabic run uses the real Arabic. */
function catalog(language: 'en' | 'tn', namespace: string) {
  const file = path.resolve(import.meta.dirname, `../src/locales/${language}/${namespace}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
}

interface Run {
  language: 'en' | 'tn';
  /** Reference labels come from the API (genders, countries) in that language. */
  female: string;
  tunisia: RegExp;
  menuDiscover: string;
}

const runs: Run[] = [
  { language: 'en', female: 'Female', tunisia: /Tunisia/, menuDiscover: 'Discover Content' },
  { language: 'tn', female: 'أنثى', tunisia: /تونس/, menuDiscover: 'اكتشف المحتوى' },
];

for (const run of runs) {
  test(`an advertiser finds, favourites and shortlists a creator (${run.language})`, async ({
    page,
  }) => {
    const t = catalog(run.language, 'discovery');
    const filters = t.filters as Record<string, string>;
    const results = t.results as Record<string, string>;
    const favorites = t.favorites as Record<string, string>;
    const shortLists = t.shortLists as Record<string, string>;
    const quota = t.quota as Record<string, string>;
    const prefix = run.language;
    const listName = run.language === 'en' ? 'Summer launch' : 'إطلاق الصيف';

    const email = await registerVerifiedBrand(page, 'Discovery');
    await loginThroughUi(page, email, 'Secret12');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    if (run.language === 'tn') {
      await page.getByLabel(/^Language: English/).selectOption('tn');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    await page.getByRole('navigation').getByRole('link', { name: run.menuDiscover }).click();
    await expect(page).toHaveURL(/\/discover-content$/);
    const panel = page.getByRole('complementary');
    await expect(
      panel.getByText(quota.remaining!.replace('{{remaining}}', '100').replace('{{max}}', '100')),
    ).toBeVisible();
    await screenshot(page, `${prefix}-discover-idle`);
    await expectAccessible(page, `${prefix}-discover-idle`);

    // Filter: women living in Tunisia, then Refine (one search of the trial).
    await panel.getByRole('checkbox', { name: run.female }).check();
    await chooseOption(page, filters.residence!, run.tunisia);
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: filters.refine }).click();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards).toHaveCount(24);
    await expect(
      panel.getByText(quota.remaining!.replace('{{remaining}}', '99').replace('{{max}}', '100')),
    ).toBeVisible();
    await screenshot(page, `${prefix}-discover-results`);
    await expectAccessible(page, `${prefix}-discover-results`);

    // Scrolling to the end loads the next page (keyset cursor, not counted as a search).
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(24);
    await expect(
      panel.getByText(quota.remaining!.replace('{{remaining}}', '99').replace('{{max}}', '100')),
    ).toBeVisible();

    // Open a creator from their card.
    const firstCard = cards.first();
    const creatorName = (await firstCard.getByRole('heading').innerText()).trim();
    await firstCard.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/creator\/\d+$/);
    await expect(page.getByRole('heading', { name: creatorName, level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary')).toHaveCount(0); // no filter panel here

    // Favourite them.
    const heart = page.getByRole('button', { name: favorites.add, exact: true });
    await heart.click();
    await expect(page.getByText(favorites.toggled!)).toBeVisible();
    await expect(page.getByRole('button', { name: favorites.remove, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Add them to a new shortlist.
    await page.getByRole('button', { name: shortLists.add, exact: true }).click();
    const popover = page.getByRole('dialog');
    await popover.getByLabel(shortLists.newName!).fill(listName);
    await popover.getByRole('button', { name: shortLists.createAndAdd }).click();
    await expect(popover.getByRole('checkbox', { name: listName })).toBeChecked();
    await screenshot(page, `${prefix}-creator-details`);
    await expectAccessible(page, `${prefix}-creator-details`);
    await page.keyboard.press('Escape');

    // Back to the results: still there without a new search; Reset clears filters and results.
    await page.goBack();
    await expect(page).toHaveURL(/\/discover-content$/);
    await expect(cards.first()).toBeVisible();
    await panel.getByRole('button', { name: filters.reset }).click();
    await expect(cards).toHaveCount(0);
    await expect(page.getByText(results.idleTitle!)).toBeVisible();
    await expect(panel.getByRole('checkbox', { name: run.female })).not.toBeChecked();
    await expect(
      panel.getByText(quota.remaining!.replace('{{remaining}}', '99').replace('{{max}}', '100')),
    ).toBeVisible();
    await screenshot(page, `${prefix}-discover-reset`);
    await expectAccessible(page, `${prefix}-discover-reset`);

    // The shortlist and the favourite are kept.
    await page.getByRole('link', { name: (t.page as Record<string, string>).shortLists }).click();
    await page.getByRole('link', { name: new RegExp(listName) }).click();
    await expect(page.getByRole('heading', { name: listName })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: creatorName })).toBeVisible();
    await screenshot(page, `${prefix}-short-list`);
    await expectAccessible(page, `${prefix}-short-list`);
    await page.getByRole('tab', { name: favorites.tab }).click();
    await expect(page.getByRole('article').filter({ hasText: creatorName })).toBeVisible();
  });
}

test('creators are not offered the search, and the API refuses them', async ({ page }) => {
  await loginThroughUi(page, 'creator@clipmarket.tn');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Discover Content' }),
  ).toHaveCount(0);
  await page.goto('/discover-content');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.post('/v2/search/influencers', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.status()).toBe(403);
});
