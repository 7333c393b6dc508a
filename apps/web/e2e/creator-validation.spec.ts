import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  demo,
  linkFromOutbox,
  loginThroughUi,
  screenshot,
  uniqueEmail,
  expectAccessible,
  catalog,
  text,
  type Catalog,
  type Language,
} from './support';

/**
 * Creator account validation (issue 7), end to end in real Chromium, in English and in Arabic:
 * a new creator signs up and is told the account is pending (banner and bell); advertisers do
 * not find them; an admin, in another browser, validates them from /admin/creators; the
 * creator's open page learns it live (notification, banner gone, no reload); advertisers now
 * find them by name.
 */

interface Run {
  language: Language;
  /** Notification texts are rendered by the API in the reader's language. */
  pendingNotification: RegExp;
  validatedNotification: RegExp;
}

const runs: Run[] = [
  {
    language: 'en',
    pendingNotification: /Your account is pending validation/,
    validatedNotification: /Your account is validated/,
  },
  {
    language: 'tn',
    pendingNotification: /حسابك في انتظار التفعيل/,
    validatedNotification: /تم تفعيل حسابك/,
  },
];

/** The path and query of an e-mail link: the e2e server writes its own public address. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Switches the interface to Arabic (right to left) from the top bar, as a person does. */
async function useLanguage(page: Page, language: Language) {
  if (language === 'en') return;
  await page.getByLabel(/^Language: English/).selectOption('tn');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** The unread counter the bell announces in its accessible name ("…, N unread"). */
async function unreadCount(bell: Locator): Promise<number> {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  const digits = name.match(/\d+/);
  return digits ? Number(digits[0]) : 0;
}

/** An advertiser looks a creator up by username on Discover Content (one search of the quota). */
async function searchByName(page: Page, discovery: Catalog, username: string) {
  await page.goto('/discover-content');
  const panel = page.getByRole('complementary');
  await panel.getByLabel(text(discovery, 'filters.query')).fill(username);
  await panel.getByRole('button', { name: text(discovery, 'filters.refine') }).click();
}

for (const run of runs) {
  test(`an admin validates a new creator, who learns it live and appears in search (${run.language})`, async ({
    page,
    browser,
  }) => {
    const prefix = run.language;
    const shell = catalog(run.language, 'shell');
    const admin = catalog(run.language, 'admin');
    const discovery = catalog(run.language, 'discovery');
    const notifications = catalog(run.language, 'notifications');
    // Random letters: no other creator's name is near it, so the search matches this one only.
    const username = `cv${run.language}${randomBytes(6)
      .toString('hex')
      .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
    const email = uniqueEmail(`validation-${run.language}`);

    // A creator signs up and confirms the e-mail address from the link sent.
    await page.goto('/sign-up');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Instagram username/).fill(username);
    await page.getByLabel(/^Password/).fill('Secret12');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page).toHaveURL(/\/profile\/check-profile$/);
    await page.goto(pathOf(await linkFromOutbox(email, 'verify-email')));
    await expect(page.getByText('Your email address is confirmed. Thank you!')).toBeVisible();
    await page.goto('/profile/check-profile');
    await useLanguage(page, run.language);

    // Pending: the banner says so, and so does the bell.
    const banner = page.getByTestId('validation-banner');
    await expect(banner).toContainText(text(shell, 'validation.pending.title'));
    await expect(banner).toContainText(text(shell, 'validation.pending.message'));
    await screenshot(page, `${prefix}-creator-validation-banner`);
    await expectAccessible(page, `${prefix}-creator-validation-banner`);
    const bell = page.getByRole('button', { name: /^(Notifications|الإشعارات)/ }).first();
    await expect.poll(() => unreadCount(bell)).toBeGreaterThan(0);
    await bell.click();
    const bellList = page.getByRole('dialog', { name: text(notifications, 'bell.title') });
    await expect(bellList.getByText(run.pendingNotification)).toBeVisible();
    await screenshot(page, `${prefix}-creator-validation-bell`);
    await expectAccessible(page, `${prefix}-creator-validation-bell`);
    await bell.click();
    await expect(bellList).toBeHidden();
    const unreadBefore = await unreadCount(bell);

    // Advertisers do not find a creator who is not validated.
    // The demo agency: the demo brand's pages show the toasts of the journeys running beside.
    const advertiserContext = await browser.newContext();
    const brand = await advertiserContext.newPage();
    await loginThroughUi(brand, demo.agency);
    await expect(brand.getByRole('button', { name: 'Log out' })).toBeVisible();
    await useLanguage(brand, run.language);
    await searchByName(brand, discovery, username);
    await expect(brand.getByText(text(discovery, 'results.emptyTitle'))).toBeVisible();
    await expect(brand.getByRole('article')).toHaveCount(0);

    // An admin, in another browser, finds the creator among the accounts to validate.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await loginThroughUi(adminPage, demo.admin);
    // Admins land on their home (issue 8); its menu leads to the accounts to validate.
    await expect(adminPage).toHaveURL(/\/admin$/);
    await adminPage
      .getByRole('navigation')
      .getByRole('link', { name: /^Creators to validate/ })
      .click();
    await expect(adminPage).toHaveURL(/\/admin\/creators$/);
    await useLanguage(adminPage, run.language);
    await expect(
      adminPage.getByRole('heading', { name: text(admin, 'creators.title'), level: 1 }),
    ).toBeVisible();
    const menuEntry = adminPage
      .getByRole('navigation')
      .getByRole('link', { name: new RegExp(text(shell, 'menu.items.admin-creators')) });
    await expect(menuEntry).toHaveAttribute('aria-current', 'page');
    const card = adminPage.getByRole('article', { name: username });
    const loadMore = adminPage.getByRole('button', { name: text(admin, 'creators.loadMore') });
    // Oldest first: the new account may be on a later page.
    await expect(adminPage.getByRole('article').first()).toBeVisible();
    while (!(await card.isVisible()) && (await loadMore.isVisible())) {
      await loadMore.click();
      await expect(loadMore.or(card)).toBeVisible();
    }
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: email })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await screenshot(adminPage, `${prefix}-admin-creators`);
    await expectAccessible(adminPage, `${prefix}-admin-creators`);

    // Validate, after the confirmation.
    await card
      .getByRole('button', {
        name: text(admin, 'creators.actions.validateNamed', { name: username }),
      })
      .click();
    const confirm = adminPage.getByRole('dialog', { name: text(admin, 'creators.validate.title') });
    await expect(confirm).toContainText(username);
    await screenshot(adminPage, `${prefix}-admin-creators-validate`);
    await expectAccessible(adminPage, `${prefix}-admin-creators-validate`);
    await confirm.getByRole('button', { name: text(admin, 'creators.validate.confirm') }).click();
    await expect(
      adminPage.getByText(text(admin, 'creators.validate.done', { name: username })),
    ).toBeVisible();
    await expect(card).toHaveCount(0);

    // The creator's page learns it live, without a reload: notification and no more banner.
    await expect(
      page.getByRole('alert').filter({ hasText: run.validatedNotification }),
    ).toBeVisible();
    await expect(banner).toBeHidden();
    await expect.poll(() => unreadCount(bell)).toBe(unreadBefore + 1);
    await screenshot(page, `${prefix}-creator-validated-live`);
    await expectAccessible(page, `${prefix}-creator-validated-live`);

    // Advertisers now find them by name.
    await searchByName(brand, discovery, username);
    await expect(brand.getByRole('article').filter({ hasText: username })).toBeVisible();
    await screenshot(brand, `${prefix}-discover-validated-creator`);
    await expectAccessible(brand, `${prefix}-discover-validated-creator`);

    await adminContext.close();
    await advertiserContext.close();
  });
}
