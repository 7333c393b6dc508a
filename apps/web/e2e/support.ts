import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Screenshots of key screens land here (CI keeps test-results/). */
const screenshotDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');
export const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures', name);

export const demoPassword = 'Demo1234';
export const demo = {
  brand: 'brand@clipmarket.tn',
  /**
   * An advertiser no other journey follows: the demo brand's pages show toasts of the live
   * journeys running beside (project `chromium-demo-brand`), which can cover a button.
   */
  agency: 'agency@clipmarket.tn',
  creator: 'creator@clipmarket.tn',
  admin: 'admin@clipmarket.tn',
};

/** Interface languages the browser journeys run in (tn is Arabic, right to left). */
export type Language = 'en' | 'tn';
export type Catalog = Record<string, unknown>;

/** A screen's own texts, read from the catalogs so the Arabic run uses the real Arabic. */
export function catalog(language: Language, namespace: string): Catalog {
  const file = path.resolve(import.meta.dirname, `../src/locales/${language}/${namespace}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog;
}

/** A catalog text by its dotted key, with its {{placeholders}} filled in. */
export function text(messages: Catalog, key: string, params: Record<string, string> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalog)[part], messages);
  if (typeof value !== 'string') throw new Error(`No text at ${key}`);
  return value.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => params[name] ?? '');
}

/** A unique e-mail per run, so a spec can sign up again on a reused database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.tn`;
}

export async function screenshot(
  page: Page,
  name: string,
  options: { whileLoading?: boolean } = {},
): Promise<void> {
  // Let loaders, transitions and toasts settle so the picture shows what a person sees (unless
  // the loader is the subject: a video being processed).
  if (!options.whileLoading) {
    await expect(page.locator('.mantine-Loader-root').filter({ visible: true })).toHaveCount(0);
  }
  await settleTransitions(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules (issue 8: WCAG 2.2 AA, enforced). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on what the page shows now (open dialogs, popovers and menus included) and fails on
 * any serious or critical violation, listing each rule with its help text and the elements it
 * found. `screenName` names the screen in the message, e.g. `tn discover results`. Call it
 * with the dialog, popover or menu open to check it too.
 */
export async function expectAccessible(page: Page, screenName: string): Promise<void> {
  await test.step(`axe: ${screenName}`, async () => {
    // Let transitions end: axe reads computed colours, and a half-faded element fails contrast.
    await expect(page.locator('.mantine-Loader-root').filter({ visible: true })).toHaveCount(0);
    await settleTransitions(page);
    let serious = await seriousViolations(page);
    if (serious.length > 0) {
      // A toast may start fading in or out while axe reads the page: ask again once it has
      // settled. A real violation is found both times.
      await settleTransitions(page);
      serious = await seriousViolations(page);
    }
    const report = serious
      .map((violation) => {
        const targets = violation.nodes
          .slice(0, 8)
          .map(
            (node) =>
              `    - ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
          )
          .join('\n');
        const more =
          violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
        return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}${more}`;
      })
      .join('\n');
    // Soft: the journey goes on, so one run lists every screen's violations; the test fails.
    expect
      .soft(
        serious.map((violation) => violation.id),
        `Accessibility violations on "${screenName}" (${page.url()}):\n${report}`,
      )
      .toEqual([]);
  });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}

/**
 * Waits (at most 3 s) until no finite CSS transition or animation runs (spinners loop). Two
 * frames first, so a transition the last step set off has started and is counted.
 */
async function settleTransitions(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}

/** Signs in through the API (for setting up other parties, not for the user under test). */
export async function apiLogin(request: APIRequestContext, email: string, password = demoPassword) {
  const response = await request.post('/v2/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/**
 * Puts `amount` millimes into an advertiser's wallet the way a person does: a pack bought at
 * the checkout, paid with the sandbox's success card on its page, read back until paid. For a
 * journey whose wallet the other journeys (sharing the demo brand) may have spent.
 */
export async function topUpWallet(request: APIRequestContext, token: string, amount: number) {
  const headers = { authorization: `Bearer ${token}` };
  const bought = await request.post('/v2/wallet/purchases', {
    headers: { ...headers, 'idempotency-key': `e2e-top-up-${Date.now()}-${Math.random()}` },
    data: { amount },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { wallet_purchase_id: id, pay_url: payUrl } = (
    (await bought.json()) as { data: { wallet_purchase_id: number; pay_url: string } }
  ).data;
  const paid = await request.post(new URL(payUrl).pathname, {
    form: { card: '4509211111111119' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBeLessThan(400);
  await expect
    .poll(async () => {
      const purchase = await request.get(`/v2/wallet/purchases/${id}`, { headers });
      return ((await purchase.json()) as { data: { status: string } }).data.status;
    })
    .toBe('paid');
}

/** The signed-in user's id, read with the token the web app stored (spec §3 "Locally stored"). */
export async function currentUserId(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  const response = await page.request.get('/v2/user/getMe', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { user_id: number } };
  return body.data.user_id;
}

/** Creates a notification on the server as the admin would (POST /v2/notifications/test). */
export async function sendNotification(
  request: APIRequestContext,
  input: { userId: number; type: string; params?: Record<string, string>; moduleItemId?: number },
) {
  const adminToken = await apiLogin(request, demo.admin);
  const response = await request.post('/v2/notifications/test', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      user_id: input.userId,
      type: input.type,
      ...(input.params ? { params: input.params } : {}),
      ...(input.moduleItemId ? { module_item_id: input.moduleItemId } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in through the login page, as a person does. */
export async function loginThroughUi(page: Page, email: string, password = demoPassword) {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Picks an option of a Mantine Select/MultiSelect by typing into it, as a keyboard user would.
 * `within` narrows the field to a region (a dialog over a page with fields of its own).
 */
export async function chooseOption(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
  within: Page | Locator = page,
) {
  const input = within.getByLabel(label).first();
  const choice = page.getByRole('option', { name: option }).first();
  // A list still opening, or placed again after the page scrolled to the option, can slide
  // away from the pointer or close (a CI run once saw the field take the click): open it and
  // pick again until the pick lands.
  await expect(async () => {
    if (!(await choice.isVisible())) {
      await input.click();
      // Searchable selects filter as one types; plain ones are read-only and just open.
      if (typeof option === 'string' && (await input.isEditable())) await input.fill(option);
    }
    await choice.click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Chooses a file through the browser's file chooser opened by a button. */
export async function uploadThroughButton(page: Page, buttonName: string | RegExp, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName }).click();
  await (await chooser).setFiles(file);
}

/**
 * The link of the newest e-mail sent to `to` whose link goes to `page` (verify-email,
 * reset-password), read from the e2e server's outbox (.eml files, quoted-printable).
 */
export async function linkFromOutbox(to: string, page: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      // Finished mails only: the server writes `….eml.part`, then renames it (mailer.ts), so a
      // `.part` listed here may be gone by the time it is read.
      const files = fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((file) => file.endsWith('.eml'))
            .sort()
            .reverse()
        : [];
      for (const file of files) {
        const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
        if (!raw.includes(`To: ${to}`)) continue;
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        link = text.match(new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[A-Za-z0-9_-]+`))?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link as string;
}

/**
 * A new brand with a confirmed address (the free trial starts then), signed up through the API;
 * its password is `Secret12`. `label` names the spec in the e-mail and the brand name.
 */
export async function registerVerifiedBrand(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label.toLowerCase());
  const response = await page.request.post('/v2/auth/register', {
    data: { email, password: 'Secret12', role: 'BRAND', name: `${label} brand ${Date.now()}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const token = new URL(await linkFromOutbox(email, 'verify-email')).searchParams.get('token');
  const verified = await page.request.post('/v2/auth/verify-email', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return email;
}
