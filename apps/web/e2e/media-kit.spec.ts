import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiLogin,
  catalog,
  demo,
  escapeRegExp,
  expectAccessible,
  screenshot,
  screenshotAtBothWidths,
  signInAs,
  signedIn,
  text,
  textPattern,
  type Language,
} from './support';

/**
 * The media kit (issue 25 §1–§2), end to end in real Chromium, in English and in Arabic: a
 * creator whose kit is on opens Media Kit, picks a theme, hides a section, publishes and saves;
 * the rendering's end arrives live (no reload); the public page turns its pages with the arrow
 * keys (mirrored in an Arabic kit), leaves the hidden section out, and its PDF says the
 * creator's name; an advertiser opens the same page and "Request this creator" starts a new
 * content request with that creator chosen, then finds videos in Get inspired (issue 25 §3) and
 * starts a request from one.
 */

/**
 * Validated demo creators no other journey uses (their kit is on: the setting
 * `media_kit_for_validated_creators`), one per language so the runs do not meet. The kit is
 * written in the run's language: Arabic, right to left, in the tn run.
 */
const creators: Record<Language, string> = {
  en: 'creator007@demo.clipmarket.tn',
  tn: 'creator008@demo.clipmarket.tn',
};
const kitLanguageNames: Record<Language, string> = { en: 'English', tn: 'العربية' };

const screenshotDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** The creator's kit as the builder reads it: the name it shows. */
async function kitNameOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get('/v2/media-kit', {
    headers: { authorization: `Bearer ${await apiLogin(request, email)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { preview: { profile: { display_name: string } } } })
    .data.preview.profile.display_name;
}

/** The PDF behind "Download PDF": a PDF whose text has the creator's name; its first page as a picture. */
async function checkPdf(page: Page, linkName: string, name: string, shot: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: linkName }).click(),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-kit-')), 'kit.pdf');
  await download.saveAs(file);
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toContain(name);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(screenshotDir, shot),
  ]);
}

for (const language of ['en', 'tn'] as const) {
  test(`a creator publishes a media kit, which visitors leaf through and advertisers request from (${language})`, async ({
    page,
    browser,
  }) => {
    const shell = catalog(language, 'shell');
    const mk = catalog(language, 'media-kit');
    const requests = catalog(language, 'content-requests');
    const email = creators[language];
    const name = await kitNameOf(page.request, email);
    // The kit's own texts are in its language, which is the run's here.
    const kitTitle = (section: string) => text(mk, `kit.sections.${section}`);

    // The creator opens Media Kit from the menu.
    await signInAs(page, email, language);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: text(shell, 'menu.items.media-kit') })
      .click();
    await expect(
      page.getByRole('heading', { name: text(mk, 'builder.title'), level: 1 }),
    ).toBeVisible();

    // A theme, the kit's language, the rates hidden, published; saved and rendered.
    await page.getByRole('radio', { name: text(mk, 'builder.themes.green') }).check();
    await page.getByRole('radio', { name: kitLanguageNames[language] }).check();
    const rates = page.getByRole('switch', { name: text(mk, 'builder.sections.rates') });
    await expect(rates).toBeChecked();
    await rates.uncheck();
    // The preview marks the section that the public page leaves out.
    await expect(page.getByText(text(mk, 'builder.preview.hidden')).first()).toBeVisible();
    await page.getByRole('switch', { name: text(mk, 'builder.form.published') }).check();
    await expectAccessible(page, `${language} media kit builder`);
    await page.getByRole('button', { name: text(mk, 'builder.form.save') }).click();
    await expect(page.getByText(text(mk, 'builder.saved')).first()).toBeVisible();

    // The rendering's end arrives over the socket: the toast, then the status, no reload.
    await expect(page.getByText(text(mk, 'builder.render.readyToast')).first()).toBeVisible({
      timeout: 60_000,
    });
    const status = page
      .getByRole('status')
      .filter({ hasText: textPattern(mk, 'builder.render.ready') });
    await expect(status).toBeVisible();
    // From the top: the status says ready, beside the form and the preview.
    await screenshotAtBothWidths(
      page,
      `${language}-media-kit-builder`,
      page.getByRole('heading', { name: text(mk, 'builder.title'), level: 1 }),
    );
    await expectAccessible(page, `${language} media kit builder, ready`);
    const publicPath = await page
      .getByRole('link', { name: text(mk, 'builder.share.open') })
      .getAttribute('href');
    expect(publicPath).toBeTruthy();

    // The public page: the kit in its language and direction, a page at a time.
    await page.goto(publicPath!);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const book = page.getByRole('region', { name: text(mk, 'public.book.label') });
    const kitDir = language === 'tn' ? 'rtl' : 'ltr';
    await expect(book.locator('.kit-book-stage')).toHaveAttribute('dir', kitDir);
    const pageTitles = await book
      .getByRole('list', { name: text(mk, 'public.book.pages') })
      .getByRole('button')
      .evaluateAll((dots) => dots.map((dot) => dot.getAttribute('aria-label') ?? ''));
    const count = pageTitles.length;
    expect(count).toBeGreaterThan(1);
    const position = (n: number) =>
      text(mk, 'public.book.position', { page: String(n), count: String(count) });
    await expect(book.getByText(position(1), { exact: true })).toBeVisible();
    await expectAccessible(page, `${language} public media kit`);

    // The arrow keys turn the pages, the way the kit reads (left is forward in Arabic).
    const [forward, backward] =
      kitDir === 'rtl' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    const stage = book.getByRole('group');
    await stage.focus();
    await page.keyboard.press(forward);
    await expect(book.getByText(position(2), { exact: true })).toBeVisible();
    await expect(stage).toHaveAccessibleName(new RegExp(kitTitle('audience')));
    await page.keyboard.press(forward);
    await expect(book.getByText(position(3), { exact: true })).toBeVisible();
    await page.keyboard.press(backward);
    await expect(book.getByText(position(2), { exact: true })).toBeVisible();
    await expect(stage).toBeFocused();

    // The hidden section is nowhere: not a page of the book, not in the list view.
    expect(pageTitles.join('\n')).not.toContain(kitTitle('rates'));
    await book.getByRole('button', { name: text(mk, 'public.book.listView') }).click();
    await expect(book.getByRole('article', { name: kitTitle('audience') })).toBeVisible();
    await expect(book.getByRole('article', { name: kitTitle('track_record') })).toBeVisible();
    await expect(book.getByRole('article', { name: kitTitle('rates') })).toHaveCount(0);
    await expectAccessible(page, `${language} public media kit, list view`);

    // The PDF: the creator's name is in its text.
    await checkPdf(page, text(mk, 'public.downloadPdf'), name, `${language}-media-kit-pdf`);

    // An advertiser opens the same page and requests this creator.
    const agency = await signedIn(browser, demo.agency, language);
    await agency.goto(publicPath!);
    const requestLink = agency.getByRole('link', { name: text(mk, 'public.request') });
    await expect(requestLink).toBeVisible();
    await screenshotAtBothWidths(agency, `${language}-media-kit-public`);
    await expectAccessible(agency, `${language} public media kit, an advertiser's view`);
    await requestLink.click();
    await expect(agency).toHaveURL(/\/request-content\/add\?influencer_id=\d+$/);
    const chosen = agency.getByRole('region', { name: text(requests, 'creators.selected') });
    await expect(
      chosen.getByRole('button', { name: text(requests, 'creators.remove', { name }) }),
    ).toBeVisible();
    await screenshot(agency, `${language}-media-kit-request`);
    await expectAccessible(agency, `${language} new request from a media kit`);

    // Get inspired (issue 25 §3): the demo creator's published videos that she and the brand
    // allowed showing; the advertiser starts a request with a video's creator.
    const inspired = catalog(language, 'get-inspired');
    await agency
      .getByRole('navigation')
      .getByRole('link', {
        name: new RegExp(`^${escapeRegExp(text(shell, 'menu.items.get-inspired'))}`),
      })
      .click();
    await expect(
      agency.getByRole('heading', { level: 1, name: text(inspired, 'title') }),
    ).toBeVisible();
    const video = agency.getByRole('main').getByRole('article').first();
    await expect(video.getByRole('img')).toBeVisible();
    await screenshotAtBothWidths(agency, `${language}-get-inspired`);
    await expectAccessible(agency, `${language} get inspired`);
    await video
      .getByRole('link', { name: new RegExp(`^${escapeRegExp(text(inspired, 'card.request'))}`) })
      .click();
    await expect(agency).toHaveURL(/\/request-content\/add\?influencer_id=\d+$/);
    await agency.context().close();
  });
}
