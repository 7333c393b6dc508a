import { expect, test } from '@playwright/test';
import { expectAccessible, loginThroughUi, screenshot, registerVerifiedBrand } from './support';

/**
 * Discover Content on a phone (390 px, issue 8): the filters are a drawer opened by a
 * "Filters" button that counts the active ones, not a 900 px panel above the results; names
 * stay on one line and are cut at their own end, in English and in Arabic.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const runs = [
  {
    language: 'en',
    filters: 'Filters',
    refine: 'Refine',
    female: 'Female',
    results: 'Creators',
    settings: 'Account settings',
  },
  {
    language: 'tn',
    filters: 'عوامل التصفية',
    refine: 'تحسين النتائج',
    female: 'أنثى',
    results: 'صنّاع المحتوى',
    settings: 'إعدادات الحساب',
  },
] as const;

for (const run of runs) {
  test(`a phone shows the filters in a drawer and whole names (${run.language})`, async ({
    page,
  }) => {
    const email = await registerVerifiedBrand(page, 'Phone');
    await loginThroughUi(page, email, 'Secret12');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    if (run.language === 'tn') {
      await page.getByLabel(/^Language: English/).selectOption('tn');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    await page.goto('/discover-content');
    const heading = page.getByRole('heading', { name: run.results, level: 2 });
    await expect(heading).toBeVisible();
    // No panel above the results: the heading is on the first screen.
    await expect(page.getByRole('complementary')).toHaveCount(0);
    expect((await heading.boundingBox())!.y).toBeLessThan(844);
    await screenshot(page, `${run.language}-phone-discover`);
    await expectAccessible(page, `${run.language}-phone-discover`);

    const button = page.getByRole('button', { name: new RegExp(`^${run.filters}`) });
    await button.click();
    const drawer = page.getByRole('dialog', { name: run.filters });
    await drawer.getByRole('checkbox', { name: run.female }).check();
    await screenshot(page, `${run.language}-phone-filters-drawer`);
    await expectAccessible(page, `${run.language}-phone-filters-drawer`);
    await drawer.getByRole('button', { name: run.refine }).click();
    await expect(drawer).toBeHidden();
    await expect(heading).toBeFocused();
    await expect(button).toContainText('1');
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await screenshot(page, `${run.language}-phone-discover-results`);
    await expectAccessible(page, `${run.language}-phone-discover-results`);

    // Names and usernames: one line each, cut at their own end (Latin ones on the right).
    const lines = cards.first().locator('.one-line');
    for (const line of await lines.all()) {
      const style = await line.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          whiteSpace: computed.whiteSpace,
          height: element.getBoundingClientRect().height,
          lineHeight: parseFloat(computed.lineHeight) || 24,
          latin: /^[@\w.\s-]+$/.test(element.textContent ?? ''),
          direction: computed.direction,
        };
      });
      expect(style.whiteSpace).toBe('nowrap');
      expect(style.height).toBeLessThanOrEqual(style.lineHeight * 1.5);
      if (style.latin) expect(style.direction).toBe('ltr');
    }

    // Account settings on a phone: the tabs stay on one row (scrolling sideways), not two.
    await page.getByRole('button', { name: run.settings }).click();
    const settings = page.getByRole('dialog', { name: run.settings });
    const tabs = settings.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const tops = new Set(
      await tabs.evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().top)),
      ),
    );
    expect(tops.size).toBe(1);
    // The open tab is in sight, whole, even where the row scrolls.
    const listBox = (await settings.getByRole('tablist').boundingBox())!;
    const selectedBox = (await settings.getByRole('tab', { selected: true }).boundingBox())!;
    expect(selectedBox.x).toBeGreaterThanOrEqual(listBox.x - 1);
    expect(selectedBox.x + selectedBox.width).toBeLessThanOrEqual(listBox.x + listBox.width + 1);
    await screenshot(page, `${run.language}-phone-settings`);
    await expectAccessible(page, `${run.language}-phone-settings`);
  });
}
