import { expect, test } from '@playwright/test';
import {
  apiLogin,
  demo,
  linkFromOutbox,
  loginThroughUi,
  screenshot,
  uniqueEmail,
  expectAccessible,
} from './support';

/** The path and query of an e-mail link: the e2e server writes its own public address. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

test('a wrong password is refused with a clear message, in English and in Arabic', async ({
  page,
}) => {
  await loginThroughUi(page, demo.brand, 'Wrong1234');
  await expect(page.getByText('The email address or the password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await screenshot(page, 'en-login-error');
  await expectAccessible(page, 'en-login-error');

  await page.getByLabel(/^Language/).selectOption('tn');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The message follows the language, also for an error already on screen.
  await expect(page.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة.')).toBeVisible();
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة.')).toBeVisible();
  await screenshot(page, 'tn-login');
  await expectAccessible(page, 'tn-login');
});

test('a new creator confirms the e-mail address from the link sent on sign-up', async ({
  page,
}) => {
  const email = uniqueEmail('verify');
  await page.goto('/sign-up');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^TikTok username/).fill('@verify.me');
  await page.getByLabel(/^Password/).fill('Secret12');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/profile\/check-profile$/);

  const link = await linkFromOutbox(email, 'verify-email');
  await page.goto(pathOf(link));
  await expect(page.getByText('Your email address is confirmed. Thank you!')).toBeVisible();
  await screenshot(page, 'en-verify-email');
  await expectAccessible(page, 'en-verify-email');
  // The same link a second time says the address is already confirmed (not "invalid").
  await page.goto(pathOf(link));
  await expect(page.getByText('Your email address is already confirmed.')).toBeVisible();
});

test('a forgotten password is replaced through the e-mailed link', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const registered = await request.post('/v2/auth/register', {
    data: { email, password: 'Secret12', role: 'BRAND', name: `Reset brand ${Date.now()}` },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The login page has an Email field too: fill the one of the page that has arrived.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = await linkFromOutbox(email, 'reset-password');
  await page.goto(pathOf(link));
  await page.getByLabel(/^New password/).fill('Fresh567');
  await page.getByLabel(/^Confirm password/).fill('Fresh568');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(
    page.getByText('The confirm password field must match the new password'),
  ).toBeVisible();
  await page.getByLabel(/^Confirm password/).fill('Fresh567');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await screenshot(page, 'en-reset-password-done');
  await expectAccessible(page, 'en-reset-password-done');

  // The old password no longer works, the new one does.
  await loginThroughUi(page, email, 'Secret12');
  await expect(page.getByText('The email address or the password is incorrect.')).toBeVisible();
  await loginThroughUi(page, email, 'Fresh567');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('an expired session says so and goes back to the login page (spec §4 "Session")', async ({
  page,
}) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('user', JSON.stringify({ accessToken: 'a.b.c', refreshToken: 'nope' }));
    localStorage.setItem('accessToken', 'a.b.c');
    localStorage.setItem('role', 'BRAND');
  });
  await page.goto('/support-advertiser');
  await expect(page.getByText('Session expired')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a token and a language in the query string sign the user in (spec §7)', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, demo.creator);
  await page.goto(`/get-started?token=${token}&lang=fr`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('navigation')).toContainText('Présentez votre profil');
  // The token left the address bar and was stored.
  await expect(page).toHaveURL(/\/get-started$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(token);
  expect(await page.evaluate(() => localStorage.getItem('selectLanguage'))).toBe('fr');
  await screenshot(page, 'fr-get-started');
  await expectAccessible(page, 'fr-get-started');
});
