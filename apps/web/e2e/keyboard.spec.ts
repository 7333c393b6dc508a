import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, registerVerifiedBrand } from './support';

/**
 * Issue 8 "Keyboard": login → discover → refine → open a creator → favourite, with the
 * keyboard only (Tab, Enter, Space, Escape), checking where the focus lands at each step.
 */

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a person would. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    const focused = await target
      .evaluate((element) => element === document.activeElement, undefined, { timeout: 2_000 })
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

test('an advertiser signs in, searches, opens a creator and favourites them with the keyboard only', async ({
  page,
}) => {
  // Pages load by hand only ("Show more creators"): scrolling, which tabbing through the cards
  // does, would load them all and take the button away before the keyboard reaches it.
  await page.addInitScript(() => {
    window.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
  });
  const email = await registerVerifiedBrand(page, 'Keyboard');

  // Sign in.
  await page.goto('/login');
  await tabTo(page, page.getByLabel(/^Email/));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel(/^Password/));
  await page.keyboard.type('Secret12');
  await page.keyboard.press('Enter');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();

  // The bell: opening moves the focus into the list, Escape gives it back to the bell.
  await tabTo(page, bell);
  await page.keyboard.press('Enter');
  const list = page.getByRole('dialog', { name: 'Notifications' });
  await expect(list).toBeVisible();
  await expect.poll(() => list.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectAccessible(page, 'en-keyboard-bell');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(bell).toBeFocused();

  // To Discover Content through the side menu.
  const discover = page.getByRole('navigation').getByRole('link', { name: 'Discover Content' });
  await tabTo(page, discover);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/discover-content$/);
  const panel = page.getByRole('complementary');

  // A dropdown opens on Enter; typing then Enter picks the highlighted option.
  const residence = panel.getByRole('combobox', { name: 'Country of residence' });
  await tabTo(page, residence);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(residence).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.type('Tunisia');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(panel.locator('.choice-field-pill').filter({ hasText: 'Tunisia' })).toBeVisible();

  // Refine: the focus goes to the results heading.
  const female = panel.getByRole('checkbox', { name: 'Female' });
  await tabTo(page, female, { back: true });
  await page.keyboard.press('Space');
  await expect(female).toBeChecked();
  await tabTo(page, panel.getByRole('button', { name: 'Refine' }));
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'Creators', level: 2 });
  await expect(heading).toBeFocused();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(24);
  await expectAccessible(page, 'en-keyboard-results');

  // Another page by hand: the focus goes back to the results heading.
  const more = page.getByRole('button', { name: 'Show more creators' });
  await tabTo(page, more, { max: 400 });
  const shown = await cards.count();
  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused();
  await expect.poll(() => cards.count()).toBeGreaterThan(shown);

  // From the heading, Tab reaches the length the prices are for (one stop; arrows change it),
  // then the first creator's name link, whose focus ring is whole (nothing around it clips it).
  await page.keyboard.press('Tab');
  const thirtySeconds = page.getByRole('radio', { name: '30 s' });
  await expect(thirtySeconds).toBeFocused();
  await page.keyboard.press('Tab');
  const firstLink = cards.first().getByRole('heading').getByRole('link');
  await expect(firstLink).toBeFocused();
  const clipped = await firstLink.evaluate((link) => {
    for (
      let node = link.parentElement;
      node && node.tagName !== 'ARTICLE';
      node = node.parentElement
    ) {
      if (getComputedStyle(node).overflow !== 'visible') return node.tagName;
    }
    return null;
  });
  expect(clipped, 'an element between the link and its card clips the focus ring').toBeNull();
  const name = (await firstLink.innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/creator\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Favourite them.
  const heart = page.getByRole('button', { name: 'Add to favourites', exact: true });
  await tabTo(page, heart);
  await page.keyboard.press('Enter');
  const pressed = page.getByRole('button', { name: 'Remove from favourites', exact: true });
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await expect(pressed).toBeFocused();

  // A popup closed with Escape gives the focus back to what opened it.
  const addToList = page.getByRole('button', { name: 'Add to shortlist', exact: true });
  await tabTo(page, addToList);
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog');
  await expect(popup).toBeVisible();
  await expect.poll(() => popup.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectAccessible(page, 'en-keyboard-shortlist-popup');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(addToList).toBeFocused();
});
