import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

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

/** A text as a regular expression matching it literally. */
export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalog text as a pattern: its {{placeholders}} match anything. */
export function textPattern(messages: Catalog, key: string): RegExp {
  const template = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Catalog)[part], messages);
  if (typeof template !== 'string') throw new Error(`No text at ${key}`);
  return new RegExp(
    template
      .split(/{{\s*\w+\s*}}/)
      .map(escapeRegExp)
      .join('.+'),
  );
}

/** A date `daysFromNow` days away, as the forms take it (YYYY-MM-DD). */
export const day = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

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

/**
 * A screenshot of the page at its width (1280 px), then at a phone's (390 px), then back; with
 * `subject`, scrolled to it at each width.
 */
export async function screenshotAtBothWidths(
  page: Page,
  name: string,
  subject?: Locator,
): Promise<void> {
  await subject?.scrollIntoViewIfNeeded();
  await screenshot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await subject?.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
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

/** axe-core's script, sent to a page the first time it is checked. */
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
/** Every rule of those levels runs; only the violations are reported node by node. */
const axeOptions: RunOptions = {
  runOnly: { type: 'tag', values: wcagTags },
  resultTypes: ['violations'],
};
type WithAxe = { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

async function seriousViolations(page: Page) {
  // axe-core runs in the page itself, loaded once per document: the script stays there while
  // the application navigates, so a journey's later checks of the page only run the rules.
  // (@axe-core/playwright sent its 500 KB to the page twice per check: a third of the
  // journeys' time went into compiling it, docs/benchmarks.md "CI".) Clipmarket's pages have
  // no frames to load it into.
  if (!(await page.evaluate(() => Boolean((window as WithAxe).axe)))) {
    await page.evaluate(axeSource);
  }
  const results = await page.evaluate(
    (options) => (window as WithAxe).axe!.run(document, options),
    axeOptions,
  );
  return results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}

/**
 * Waits (at most 3 s) until no finite CSS transition or animation runs (spinners loop). Two
 * frames first, so a transition the last step set off has started and is counted. The menu's
 * twinkle (global.css `menu-twinkle`) is not waited for: it only tints a menu item's background
 * for 3.6 s after every page load, and waiting for it cost each screenshot and axe run the
 * whole 3 s.
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
              animation.effect?.getTiming().iterations === Infinity ||
              (animation as CSSAnimation).animationName === 'menu-twinkle',
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}

/** A session opened through the API (for setting up other parties, not the user under test). */
async function apiSession(request: APIRequestContext, email: string, password = demoPassword) {
  const response = await request.post('/v2/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (
    (await response.json()) as {
      data: { accessToken: string; refreshToken: string; user: { role: string } };
    }
  ).data;
}

/** Signs in through the API: the access token. */
export async function apiLogin(request: APIRequestContext, email: string, password = demoPassword) {
  return (await apiSession(request, email, password)).accessToken;
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

/** A user's profile through the API: their influencer id (creators). */
export async function influencerIdOf(request: APIRequestContext, email: string): Promise<number> {
  const response = await request.get('/v2/user/getMe', {
    headers: { authorization: `Bearer ${await apiLogin(request, email)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { influencer: { influencer_id: number } } }).data
    .influencer.influencer_id;
}

/** Signs in through the login page, then switches the interface to `language`. */
export async function signInAs(page: Page, email: string, language: Language) {
  await loginThroughUi(page, email);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  if (language === 'tn') {
    await page.getByLabel(/^Language: English/).selectOption('tn');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
}

/**
 * Another party's browser of their own (a new context), signed in, in the journey's language:
 * it starts with the session the login page stores (lib/session.ts, spec §3 "Locally stored"),
 * opened through the API. Signing in through the page is the subject of auth.spec.ts and of each
 * journey's own user (`signInAs`); for the others it cost a login page and a home page each.
 */
export async function signedIn(browser: Browser, email: string, language: Language) {
  const context = await browser.newContext();
  const session = await apiSession(context.request, email);
  const stored = {
    user: JSON.stringify({ accessToken: session.accessToken, refreshToken: session.refreshToken }),
    accessToken: session.accessToken,
    role: session.user.role,
    selectLanguage: language,
  };
  await context.addInitScript((entries) => {
    // Once per browser: a later page load keeps what the app stored since (a refreshed token).
    if (localStorage.getItem('user')) return;
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  return context.newPage();
}

/** The Konnect sandbox's test cards (ADR 017): paid, refused. */
export const SUCCESS_CARD = '4509211111111119';
export const FAILURE_CARD = '5471251111111116';

/** On the sandbox's checkout page (plain HTML, no script): choose a test card, then Pay. */
export async function payOnSandbox(page: Page, card: string, shot?: string) {
  await expect(page).toHaveURL(/\/sandbox\/konnect\/pay\//);
  await page.locator(`input[name="card"][value="${card}"]`).check();
  if (shot) {
    await screenshot(page, shot);
    await expectAccessible(page, shot);
  }
  await page.locator('button[name="action"][value="pay"]').click();
}

/**
 * A complete opportunity draft of `brand`, private, for the `invited` creators (on Instagram),
 * made through the API: its id. Its price band is 100–200 TND; its video is posted on Instagram.
 */
export async function draftOpportunity(
  request: APIRequestContext,
  title: string,
  { brand, invited, spots }: { brand: string; invited: readonly string[]; spots: number },
): Promise<number> {
  const headers = { authorization: `Bearer ${await apiLogin(request, brand)}` };
  const draft = await request.post('/v2/opportunities', {
    headers,
    data: {
      title,
      content_type: 'product_demo',
      video_duration: 30,
      format: 'portrait',
      platforms: ['instagram'],
      creator_platforms: ['instagram'],
      country: 'TN',
      spots,
      visibility: 'private',
      invited_influencer_ids: await Promise.all(
        invited.map((email) => influencerIdOf(request, email)),
      ),
      price_min: 100_000,
      price_max: 200_000,
      application_deadline: day(5),
      delivery_date: day(10),
      delivery_slot: '12:00',
      publishing_deadline: day(14),
      screening_questions: ['Which dish would you cook?'],
      brief: 'Cook a family dish with our harissa and show the first bite.',
      checklist: ['The jar is on screen in the first three seconds'],
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  return ((await draft.json()) as { data: { content_opportunity_id: number } }).data
    .content_opportunity_id;
}

/** A creator's application through the API, at 190 TND: its id. */
export async function applyThroughApi(request: APIRequestContext, email: string, id: number) {
  const response = await request.post(`/v2/discover-opportunities/${id}/applications`, {
    headers: { authorization: `Bearer ${await apiLogin(request, email)}` },
    data: {
      price: 190_000,
      pitch: 'Street food is my whole channel.',
      answers: ['Lablabi, at dawn.'],
      accepts_brief: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { content_opportunity_influencer_id: number } }).data
    .content_opportunity_influencer_id;
}

/**
 * The brand's answer through the API: the application approved, its price held (the wallet
 * topped up for its 190 TND first). The delivery line's id.
 */
export async function approveApplicationThroughApi(
  request: APIRequestContext,
  brand: string,
  opportunityId: number,
  applicationId: number,
): Promise<number> {
  const token = await apiLogin(request, brand);
  await topUpWallet(request, token, 200_000);
  const decided = await request.post(
    `/v2/opportunities/${opportunityId}/applications/${applicationId}/decision`,
    { headers: { authorization: `Bearer ${token}` }, data: { decision: 'accept' } },
  );
  expect(decided.status(), await decided.text()).toBe(200);
  const { line } = (
    (await decided.json()) as { data: { line: { content_request_influencer_id: number } | null } }
  ).data;
  expect(line).not.toBeNull();
  return line!.content_request_influencer_id;
}

/** A draft opportunity published through the API, its platform fee paid from the wallet. */
export async function publishThroughApi(request: APIRequestContext, brand: string, id: number) {
  const token = await apiLogin(request, brand);
  await topUpWallet(request, token, 200_000);
  const published = await request.post(`/v2/opportunities/${id}/checkout`, {
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': `e2e-publish-${id}-${Date.now()}`,
    },
    data: { method: 'wallet' },
  });
  expect(published.status(), await published.text()).toBe(200);
}

const videosDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-e2e-videos-'));

/**
 * A short real video (H.264 + AAC, made by ffmpeg), different per hue: what a creator films. At
 * 640 × 360: the server's preview job (watermark, transcode, poster) does the same work as for a
 * phone's 1080p film, on a quarter of the pixels of 720p.
 */
export function makeVideo(name: string, hue: number): string {
  const file = path.join(videosDir, `${name}.mp4`);
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25,hue=h=${hue}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-y',
    file,
  ]);
  return file;
}

/**
 * The creator uploads `file` (tus) on their delivery screen of a line (`linePath`:
 * `/make-content/{id}` for a request's, `/track-content/{id}` for an opportunity's) and waits
 * until its preview is ready. `messages` is the accept-requests catalog.
 */
export async function uploadVersion(
  page: Page,
  messages: Catalog,
  linePath: string,
  file: string,
  version: number,
  shot: string,
) {
  await page.goto(linePath);
  await expect(page.getByRole('heading', { name: text(messages, 'upload.title') })).toBeVisible();
  await page.getByLabel(text(messages, 'upload.choose')).setInputFiles(file);
  // Without the promotional-use consent the upload does not start (spec §5).
  await page.getByRole('button', { name: text(messages, 'upload.submit') }).click();
  await expect(page.getByText(text(messages, 'upload.consentRequired')).first()).toBeVisible();
  // An opportunity's line (Track Content) asks to consent to the use its brief describes.
  const consent = linePath.startsWith('/track-content/')
    ? 'upload.opportunityConsent'
    : 'upload.consent';
  await page.getByLabel(text(messages, consent)).check();
  await page.getByRole('button', { name: text(messages, 'upload.submit') }).click();
  await expect(page.getByText(text(messages, 'upload.submitted')).first()).toBeVisible({
    timeout: 60_000,
  });
  // Processing shows while the job makes the preview.
  await screenshot(page, `${shot}-uploaded`, { whileLoading: true });
  // The preview is made by a job: the page follows it until the version is ready.
  const versionHeading = page.getByText(
    text(messages, 'videos.version', { version: `${version}` }),
    { exact: true },
  );
  await expect(versionHeading).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByLabel(text(messages, 'videos.player', { version: `${version}` })),
  ).toBeVisible({ timeout: 90_000 });
  await screenshot(page, `${shot}-ready`);
  await expectAccessible(page, `${shot} creator's video`);
}

/**
 * On the advertiser's review of a submitted video (`/manage-content/{id}`): asks for a revision
 * (brand visibility, and `comment`). `messages` is the manage-content catalog; `screenName`
 * names the screen for axe. `placeNotes` places revision notes in the open dialog first
 * (issue 27 §3).
 */
export async function debriefVideo(
  page: Page,
  messages: Catalog,
  comment: string,
  screenName: string,
  placeNotes?: (dialog: Locator) => Promise<void>,
) {
  await page.getByRole('button', { name: text(messages, 'review.debrief') }).click();
  const debrief = page.getByRole('dialog', { name: text(messages, 'review.debriefTitle') });
  // Reasons are chips: a person clicks their label.
  await debrief.getByText(text(messages, 'reasons.brand_visibility'), { exact: true }).click();
  await expect(
    debrief.getByRole('checkbox', { name: text(messages, 'reasons.brand_visibility') }),
  ).toBeChecked();
  await debrief
    .getByRole('textbox', {
      name: new RegExp(`^${escapeRegExp(text(messages, 'review.comment'))}`),
    })
    .fill(comment);
  if (placeNotes) await placeNotes(debrief);
  await expectAccessible(page, `${screenName}, revision dialog`);
  await debrief.getByRole('button', { name: text(messages, 'review.debriefSubmit') }).click();
  await expect(page.getByText(text(messages, 'review.done.debrief')).first()).toBeVisible();
}

/**
 * On the advertiser's review of a submitted video: approves it (creativity, five stars). Its
 * price was reserved (at sending, or at the application's approval): the approval pays it in
 * the same step (ADR 032), and the HD download opens.
 */
export async function approveVideo(page: Page, messages: Catalog, screenName: string) {
  await page.getByRole('button', { name: text(messages, 'review.approve') }).click();
  const approve = page.getByRole('dialog', { name: text(messages, 'review.approveTitle') });
  await approve.getByText(text(messages, 'reasons.creativity'), { exact: true }).click();
  // The fifth star: a person clicks the star itself (the radio behind it is visually hidden).
  const fiveStars = approve.getByRole('radio', {
    name: text(messages, 'review.stars_other', { count: '5' }),
  });
  await approve.locator(`label[for="${await fiveStars.getAttribute('id')}"]`).click();
  await expect(fiveStars).toBeChecked();
  await expectAccessible(page, `${screenName}, approve dialog`);
  await approve.getByRole('button', { name: text(messages, 'review.approveSubmit') }).click();
  await expect(page.getByRole('button', { name: text(messages, 'paid.download') })).toBeVisible();
  await expectAccessible(page, `${screenName}, approved and paid`);
}

/** The creator submits the link of their Instagram post on the line's delivery screen. */
export async function submitPublicationLink(
  page: Page,
  messages: Catalog,
  linePath: string,
  postUrl: string,
  shot: string,
) {
  await page.goto(linePath);
  await page.getByLabel(textPattern(messages, 'links.label')).fill(postUrl);
  await page.getByRole('button', { name: text(messages, 'links.submit') }).click();
  // The link's state on the page, which stays (the toast saying so goes away after a while).
  await expect(page.getByText(text(messages, 'links.state.submitted')).first()).toBeVisible();
  await screenshot(page, shot);
  await expectAccessible(page, `${shot} publication links`);
}

/**
 * The admin approves the Instagram link `postUrl` of the line titled `title` on
 * `/admin/publications`: the line is completed. `messages` is the admin-content catalog.
 */
export async function approvePublicationLink(
  page: Page,
  messages: Catalog,
  postUrl: string,
  title: string,
  shot: string,
) {
  await page.goto('/admin/publications');
  await expect(page.getByRole('link', { name: new RegExp(escapeRegExp(postUrl)) })).toBeVisible();
  await screenshot(page, shot);
  await expectAccessible(page, shot);
  await page
    .getByRole('button', {
      name: text(messages, 'publications.approveLabel', {
        platform: text(messages, 'platforms.instagram'),
        title,
      }),
    })
    .click();
  await expect(
    page.getByText(text(messages, 'publications.doneCompleted', { title })).first(),
  ).toBeVisible();
}
