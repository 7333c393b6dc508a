import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiLogin,
  catalog,
  demo,
  expectAccessible,
  screenshot,
  signedIn,
  text,
  textPattern,
  type Language,
} from './support';

/**
 * Issue 27 §2, "blind reviews revealed at the right time", in a browser of each party: on a
 * paid line of the demo brand and the demo creator (the demo data's completed line in English,
 * the one whose link waits for the team in Arabic), the brand reviews the creator and is told
 * the review stays hidden; the creator sees that a review exists but not what it says; the
 * creator writes theirs (a low rating: reasons and a comment required); both then see both;
 * the creator replies. Each screen checked by axe, in English and in Arabic (right to left).
 */

const lineTitles: Record<Language, string> = {
  en: 'Butter — Eid pastries',
  tn: 'Yogurt — back to school',
};

/** The demo creator's line of this title (the demo data names its deliveries). */
async function lineIdOf(request: APIRequestContext, title: string): Promise<number> {
  const token = await apiLogin(request, demo.creator);
  const answer = await request.get('/v2/content-request-influencers?limit=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as {
    data: { content_request_influencer_id: number; title: string }[];
  };
  const line = body.data.find((item) => item.title === title);
  expect(line, `demo line "${title}"`).toBeTruthy();
  return line!.content_request_influencer_id;
}

/**
 * Rates one star field (a radio group) with the keyboard: arrows move among the stars (the
 * first radio is "not rated"), Space chooses the one focused.
 */
async function rate(page: Page, group: string, value: number) {
  const radios = page.getByRole('group', { name: group, exact: true }).getByRole('radio');
  await radios.first().focus();
  for (let step = 0; step < value; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(radios.nth(value)).toBeChecked();
}

for (const language of ['en', 'tn'] as const) {
  test(`${language}: blind reviews both ways, shown once both wrote, then a reply`, async ({
    browser,
    request,
  }) => {
    const messages = catalog(language, 'reviews');
    const lineId = await lineIdOf(request, lineTitles[language]);
    const brandPage = await signedIn(browser, demo.brand, language);
    const creatorPage = await signedIn(browser, demo.creator, language);

    // The brand writes first: a good review; the page says it is hidden.
    await brandPage.goto(`/manage-content/${lineId}`);
    const brandForm = brandPage.getByRole('form', { name: text(messages, 'form.title') });
    await expect(brandForm).toBeVisible();
    await expectAccessible(brandPage, `reviews-${language}-brand-form`);
    await rate(brandPage, text(messages, 'form.rating'), 5);
    // Sending without the criteria: each one asks for its stars.
    await brandForm.getByRole('button', { name: text(messages, 'form.submit') }).click();
    await expect(
      brandForm.getByText(text(messages, 'form.errors.criterion')).first(),
    ).toBeVisible();
    for (const criterion of [
      'creativity',
      'brief_compliance',
      'on_time_submission',
      'production_quality',
      'communication',
    ]) {
      await rate(brandPage, text(messages, `criteria.${criterion}`), 4);
    }
    await brandForm.getByLabel(text(messages, 'form.comment')).fill('Warm, precise, on time.');
    await brandForm.getByRole('button', { name: text(messages, 'form.submit') }).click();
    await expect(brandPage.getByText(text(messages, 'mine.title')).first()).toBeVisible();
    await expect(
      brandPage.getByRole('status').filter({ hasText: textPattern(messages, 'mine.hidden') }),
    ).toBeVisible();
    await expectAccessible(brandPage, `reviews-${language}-brand-hidden`);
    await screenshot(brandPage, `reviews-${language}-brand-hidden`);

    // The creator sees that a review exists, not what it says.
    await creatorPage.goto(`/make-content/${lineId}`);
    const creatorForm = creatorPage.getByRole('form', { name: text(messages, 'form.title') });
    await expect(creatorForm).toBeVisible();
    await expect(creatorPage.getByText('Warm, precise, on time.')).toHaveCount(0);
    await expect(creatorPage.getByText(textPattern(messages, 'theirs.hidden'))).toBeVisible();
    await expectAccessible(creatorPage, `reviews-${language}-creator-form`);

    // The creator's low rating needs reasons and a comment.
    await rate(creatorPage, text(messages, 'form.rating'), 2);
    for (const criterion of [
      'brief_clarity',
      'communication',
      'feedback_quality',
      'payment_timeliness',
    ]) {
      await rate(creatorPage, text(messages, `criteria.${criterion}`), 3);
    }
    await creatorForm.getByRole('button', { name: text(messages, 'form.submit') }).click();
    await expect(creatorForm.getByText(text(messages, 'form.errors.reasons'))).toBeVisible();
    await expect(creatorForm.getByText(text(messages, 'form.errors.comment'))).toBeVisible();
    await expectAccessible(creatorPage, `reviews-${language}-creator-errors`);
    await creatorForm.getByText(text(messages, 'reasons.late_answers'), { exact: true }).click();
    await creatorForm
      .getByLabel(text(messages, 'form.commentRequired'))
      .fill('Answers took several days.');
    await creatorForm.getByRole('button', { name: text(messages, 'form.submit') }).click();

    // Both wrote: the creator sees the brand's review at once, and may reply.
    await expect(creatorPage.getByText('Warm, precise, on time.')).toBeVisible();
    await creatorPage.getByRole('button', { name: text(messages, 'reply.open') }).click();
    await creatorPage.getByLabel(text(messages, 'reply.label')).fill('Thank you, a pleasure!');
    await creatorPage.getByRole('button', { name: text(messages, 'reply.submit') }).click();
    await expect(creatorPage.getByText('Thank you, a pleasure!')).toBeVisible();
    await expect(
      creatorPage.getByRole('button', { name: text(messages, 'reply.open') }),
    ).toHaveCount(0);
    await expectAccessible(creatorPage, `reviews-${language}-creator-both`);
    await screenshot(creatorPage, `reviews-${language}-creator-both`);

    // The brand sees the creator's review and the reply on their own.
    await brandPage.reload();
    await expect(brandPage.getByText('Answers took several days.')).toBeVisible();
    await expect(brandPage.getByText('Thank you, a pleasure!')).toBeVisible();
    await expectAccessible(brandPage, `reviews-${language}-brand-both`);

    await brandPage.context().close();
    await creatorPage.context().close();
  });
}
