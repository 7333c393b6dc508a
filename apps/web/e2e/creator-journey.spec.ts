import { expect, test } from '@playwright/test';
import {
  chooseOption,
  currentUserId,
  fixture,
  loginThroughUi,
  screenshot,
  sendNotification,
  uniqueEmail,
  uploadThroughButton,
  expectAccessible,
} from './support';

/**
 * A new creator's first visit, end to end in real Chromium on a fresh database:
 * sign up → sign in → incomplete banner → settings (failed, then successful save) →
 * password change → Arabic (RTL) → a live notification → read.
 */
test('a new creator signs up, completes the profile, changes language and reads a live notification', async ({
  page,
}) => {
  const email = uniqueEmail('creator');
  const password = 'Secret12';
  const newPassword = 'Better34';

  // Sign up as a creator.
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Instagram username/).fill('https://www.instagram.com/e2e.creator/');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/profile\/check-profile$/);

  // Log out, then in again: the session is real and survives.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await loginThroughUi(page, email, password);
  await expect(page).toHaveURL(/\/profile\/check-profile$/);
  const banner = page.getByText('Please fill in your info!');
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { name: 'e2e.creator' })).toBeVisible();
  await expect(page.getByRole('navigation')).toContainText('Showcase your profile');
  await expect(page.getByRole('navigation')).not.toContainText('Discover Content');
  await screenshot(page, 'en-creator-shell-incomplete');
  await expectAccessible(page, 'en-creator-shell-incomplete');

  // The banner's button opens the settings on the profile tab.
  await page.getByRole('button', { name: 'Complete profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Please complete your info!')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The Instagram link was reduced to the username and is read-only once saved.
  await expect(dialog.getByLabel(/^Instagram account/)).toHaveValue('e2e.creator');
  await expect(dialog.getByLabel(/^Instagram account/)).toHaveAttribute('readonly', '');

  // Next with missing fields: the tab does not change and the spec's messages appear.
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByText('The first name field is required')).toBeVisible();
  await screenshot(page, 'en-settings-profile-errors');
  await expectAccessible(page, 'en-settings-profile-errors');

  await dialog.getByLabel(/^First name/).fill('Amira');
  await dialog.getByLabel(/^Last name/).fill('Ben Salah');
  await expect(dialog.getByText('The first name field is required')).toBeHidden();
  await chooseOption(page, /^Prefix/, /\+216/, dialog);
  await dialog.getByLabel(/^Phone/).fill('22123456');
  await chooseOption(page, /^Gender/, 'Female', dialog);
  await chooseOption(page, /^Age range/, '25-35', dialog);
  await chooseOption(page, /^Country/, 'Tunisia', dialog);
  await chooseOption(page, /^City/, 'Tunis', dialog);
  await chooseOption(page, /^Categories/, 'Food', dialog);
  await page.keyboard.press('Escape');
  await chooseOption(page, /^Specializations/, 'Unboxing videos', dialog);
  await page.keyboard.press('Escape');
  await dialog.getByLabel(/^Domiciliation address/).fill('12 rue de Marseille, Tunis');
  await uploadThroughButton(page, 'Upload picture', fixture('portrait.png'));
  await expect(page.getByText('Image Uploaded successfully !')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('tab', { name: 'Financial infos' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // A save without the financial details fails with the RIB warning, then the required fields.
  await dialog.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByText('RIB Length must be 20')).toBeVisible();
  await dialog.getByLabel(/^RIB/).fill('0812 3456 7890 1234 5674 99');
  // Digits only, 20 at most, grouped by four (a RIB whose key is right).
  await expect(dialog.getByLabel(/^RIB/)).toHaveValue('0812 3456 7890 1234 5674');
  await dialog.getByRole('button', { name: 'Update profile' }).click();
  await expect(dialog.getByText('The CIN field is required')).toBeVisible();
  await expect(page.getByText('Please fill in the required fields.')).toBeVisible();
  await screenshot(page, 'en-settings-financial-errors');
  await expectAccessible(page, 'en-settings-financial-errors');

  await dialog.getByLabel(/^CIN$|^CIN \*/).fill('0a9876543');
  await expect(dialog.getByLabel(/^CIN$|^CIN \*/)).toHaveValue('09876543');
  await uploadThroughButton(page, 'Upload CIN picture', fixture('cin-scan.jpg'));
  await expect(page.getByText('Cin  Uploaded successfully !')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'CIN picture' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByText('Profile updated successfully !')).toBeVisible();
  await expect(dialog.getByText('Please complete your info!')).toBeHidden();
  await screenshot(page, 'en-settings-financial-saved');
  await expectAccessible(page, 'en-settings-financial-saved');

  // Password change: the button stays disabled while the rules are not met.
  await dialog.getByRole('tab', { name: 'Password' }).click();
  await dialog.getByLabel(/^Old password/).fill(password);
  await dialog.getByLabel(/^New password/).fill('weak');
  await expect(
    dialog.getByText('The new password field must be atleast 6 characters long'),
  ).toBeVisible();
  await dialog.getByLabel(/^New password/).fill('weakpassword');
  await expect(
    dialog.getByText(
      'The new password field must have at least one uppercase char, one lowercase char, one digit',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Update password' })).toBeDisabled();
  await dialog.getByLabel(/^New password/).fill(newPassword);
  await dialog.getByLabel(/^Confirm password/).fill(newPassword);
  await expect(dialog.getByRole('button', { name: 'Update password' })).toBeEnabled();
  await screenshot(page, 'en-settings-password');
  await expectAccessible(page, 'en-settings-password');
  await dialog.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password is changed successfully!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(banner).toBeHidden();

  // The new password is the one that works now.
  await page.getByRole('button', { name: 'Log out' }).click();
  await loginThroughUi(page, email, password);
  await expect(page.getByText('The email address or the password is incorrect.')).toBeVisible();
  await loginThroughUi(page, email, newPassword);
  await expect(page).toHaveURL(/\/profile\/check-profile$/);
  await expect(page.getByRole('heading', { name: 'e2e.creator' })).toBeVisible();
  await screenshot(page, 'en-creator-shell-complete');
  await expectAccessible(page, 'en-creator-shell-complete');

  // Arabic: the whole interface mirrors right-to-left.
  await page.getByLabel(/^Language: English/).selectOption('tn');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const navigation = page.getByRole('navigation');
  const navBox = await navigation.boundingBox();
  expect(navBox?.x ?? 0).toBeGreaterThan(640); // the side menu sits on the right
  // Reference labels follow the language too: the category and the city read in Arabic.
  await expect(page.getByText('طبخ وأكل')).toBeVisible();
  await expect(page.getByText('تونس، تونس')).toBeVisible();
  await screenshot(page, 'tn-creator-shell');
  await expectAccessible(page, 'tn-creator-shell');
  await page.getByRole('button', { name: 'إعدادات الحساب' }).click();
  const arabicDialog = page.getByRole('dialog');
  await expect(arabicDialog.getByRole('tab').first()).toHaveText('كلمة المرور'); // tn tab order
  await screenshot(page, 'tn-settings-password');
  await expectAccessible(page, 'tn-settings-password');
  await arabicDialog.getByRole('tab').last().click();
  await screenshot(page, 'tn-settings-profile');
  await expectAccessible(page, 'tn-settings-profile');
  await page.keyboard.press('Escape');

  // A notification created on the server arrives live: counter up, toast, then read on click.
  const bell = page.getByRole('button', { name: /الإشعارات|Notifications/ }).first();
  const unreadBefore = await unreadCount(bell);
  const userId = await currentUserId(page);
  await sendNotification(page.request, {
    userId,
    type: 'new_content_request',
    params: { brand_name: 'Délice Tunisie', request_name: 'Ramadan recipes' },
  });
  await expect.poll(() => unreadCount(bell)).toBe(unreadBefore + 1);
  await expect(page.getByRole('alert').filter({ hasText: 'Ramadan recipes' })).toBeVisible();
  await screenshot(page, 'tn-notification-toast');
  await expectAccessible(page, 'tn-notification-toast');
  await bell.click();
  const item = page
    .getByRole('dialog')
    .getByRole('button', { name: /Ramadan recipes/ })
    .first();
  await expect(item).toBeVisible();
  await screenshot(page, 'tn-notification-bell');
  await expectAccessible(page, 'tn-notification-bell');
  await item.click();
  await expect.poll(() => unreadCount(bell)).toBe(unreadBefore);
  await expect(page).not.toHaveURL(/\/profile\/check-profile$/);
});

/** The unread counter the bell announces in its accessible name ("…, N unread"). */
async function unreadCount(bell: import('@playwright/test').Locator): Promise<number> {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  const digits = name.match(/\d+/);
  return digits ? Number(digits[0]) : 0;
}
