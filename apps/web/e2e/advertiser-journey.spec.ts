import { expect, test } from '@playwright/test';
import {
  apiLogin,
  chooseOption,
  demo,
  fixture,
  loginThroughUi,
  screenshot,
  uniqueEmail,
  uploadThroughButton,
  expectAccessible,
} from './support';

test('a new brand signs up, sees the advertiser shell and completes the profile and legal infos', async ({
  page,
}) => {
  const brandName = `Zitouna Foods ${Date.now()}`;
  await page.goto('/sign-up?as=brand');
  await page.getByLabel(/^Brand name/).fill(brandName);
  await page.getByLabel(/^Email/).fill(uniqueEmail('brand'));
  await page.getByLabel(/^Password/).fill('Secret12');
  await page.getByRole('button', { name: 'Create my account' }).click();

  // Advertisers go to the server's redirection target, with their own menu (spec §6).
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const item of [
    'Discover Content',
    'Manage Opportunities',
    'Performance',
    'Track Payments',
    'Support',
    'Contact Us',
  ]) {
    await expect(menu.getByRole('link', { name: new RegExp(item) })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: /Showcase your profile/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Clipmarket home' })).toHaveAttribute(
    'href',
    '/support-advertiser',
  );
  await expect(page.getByText('Please fill in your info!')).toHaveCount(0); // creators only
  await screenshot(page, 'en-advertiser-shell');
  await expectAccessible(page, 'en-advertiser-shell');

  await page.getByRole('button', { name: 'Account settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account settings' });
  // The brand name and the e-mail are read-only for advertisers.
  await expect(dialog.getByLabel(/^Brand name/)).toHaveValue(brandName);
  await expect(dialog.getByLabel(/^Brand name/)).toHaveAttribute('readonly', '');
  await expect(dialog.getByRole('tab', { name: 'Financial infos' })).toHaveCount(0);

  // Next is refused until the sector, country, cities and picture are there.
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('The business sector field is required')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await dialog.getByLabel(/^First name/).fill('Leila');
  await dialog.getByLabel(/^Last name/).fill('Haddad');
  await chooseOption(page, /^Prefix/, /\+216/, dialog);
  await dialog.getByLabel(/^Phone/).fill('71234567');
  await chooseOption(page, /^Business sector/, /Food/, dialog);
  await chooseOption(page, /^Country/, 'Tunisia', dialog);
  await chooseOption(page, /^Cities/, 'Sfax', dialog);
  await chooseOption(page, /^Cities/, 'Sousse', dialog);
  await page.keyboard.press('Escape');
  // Another country clears the cities; coming back to the saved one does not bring them back.
  await chooseOption(page, /^Country/, 'France', dialog);
  await expect(dialog.getByText('Sfax')).toHaveCount(0);
  await chooseOption(page, /^Country/, 'Tunisia', dialog);
  await chooseOption(page, /^Cities/, 'Sfax', dialog);
  await page.keyboard.press('Escape');
  await uploadThroughButton(page, 'Upload picture', fixture('portrait.png'));
  await expect(page.getByText('Image Uploaded successfully !')).toBeVisible();
  await screenshot(page, 'en-settings-advertiser-profile');
  await expectAccessible(page, 'en-settings-advertiser-profile');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('tab', { name: 'Legal infos' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await dialog.getByRole('button', { name: 'Update profile' }).click();
  await expect(dialog.getByText('The company name field is required')).toBeVisible();
  await dialog.getByLabel(/^Company name/).fill('Zitouna Foods SARL');
  await dialog.getByLabel(/^Tax registration number/).fill('1234567A/A/M/000');
  await dialog.getByLabel(/^Domiciliation address/).fill('Route de Tunis km 4, Sfax');
  await chooseOption(page, /^Company prefix/, /\+216/, dialog);
  await dialog.getByLabel(/^Company phone/).fill('74123456');
  await dialog.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByText('Profile updated successfully !')).toBeVisible();
  await screenshot(page, 'en-settings-legal-infos');
  await expectAccessible(page, 'en-settings-legal-infos');

  // Saved for real: the values are there after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Account settings' }).click();
  await dialog.getByRole('tab', { name: 'Legal infos' }).click();
  await expect(dialog.getByLabel(/^Company name/)).toHaveValue('Zitouna Foods SARL');
});

const togglesNotifications =
  'the demo brand pages through its notifications and turns them off, in Arabic';

/**
 * Whatever happened in the test, the demo brand's notifications are on again after it: the specs
 * beside it follow the brand's live pushes.
 */
test.afterEach(async ({ request }, testInfo) => {
  if (testInfo.title !== togglesNotifications) return;
  const authorization = `Bearer ${await apiLogin(request, demo.brand)}`;
  const me = await request.get('/v2/user/getMe', { headers: { authorization } });
  expect(me.status(), await me.text()).toBe(200);
  const { advertiser } = (
    (await me.json()) as {
      data: {
        advertiser: { advertiser_id: number; allow_notifications: string; allow_emails: string };
      };
    }
  ).data;
  if (advertiser.allow_notifications !== 'N') return;
  const restored = await request.put('/v2/user/notifications-preferences', {
    headers: { authorization },
    data: {
      allow_notifications: 'Y',
      allow_emails: advertiser.allow_emails,
      advertiser_id: advertiser.advertiser_id,
    },
  });
  expect(restored.status(), await restored.text()).toBe(200);
});

test(togglesNotifications, async ({ page }) => {
  await loginThroughUi(page, demo.brand);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.getByLabel(/^Language: English/).selectOption('tn');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshot(page, 'tn-advertiser-shell');
  await expectAccessible(page, 'tn-advertiser-shell');

  const bell = page.getByRole('button', { name: /^الإشعارات/ });
  await bell.click();
  const list = page.getByRole('dialog', { name: 'الإشعارات' });
  const items = list.getByRole('listitem');
  // The first page holds 8; scrolling to the bottom loads the next one.
  await expect(items).toHaveCount(8);
  await screenshot(page, 'tn-advertiser-bell');
  await expectAccessible(page, 'tn-advertiser-bell');
  await items.nth(7).scrollIntoViewIfNeeded();
  await expect.poll(() => items.count()).toBeGreaterThan(8);
  // The preferences: reached from the bell, saved, and the page reloads.
  await list.getByRole('button', { name: 'تفضيلات الإشعارات' }).click();
  const settings = page.getByRole('dialog', { name: 'إعدادات الحساب' });
  await expect(settings.getByRole('tabpanel', { name: 'تفضيلات الإشعارات' })).toBeVisible();
  await screenshot(page, 'tn-settings-notification-preferences');
  await expectAccessible(page, 'tn-settings-notification-preferences');
  const allowNotifications = settings.getByRole('switch').first();
  await expect(allowNotifications).toBeChecked();
  await allowNotifications.click();
  await settings.getByRole('button', { name: 'حفظ التفضيلات' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /تفضيلات الإشعارات/ })).toBeVisible();
  await page.waitForEvent('load');
  await page.getByRole('button', { name: /^الإشعارات/ }).click();
  await page.getByRole('button', { name: 'تفضيلات الإشعارات' }).click();
  await expect(page.getByRole('switch').first()).not.toBeChecked();
  // Back on, so the demo account stays as documented.
  await page.getByRole('switch').first().click();
  await page.getByRole('button', { name: 'حفظ التفضيلات' }).click();
  await page.waitForEvent('load');
});
