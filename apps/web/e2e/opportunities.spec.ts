import { expect, test } from '@playwright/test';
import {
  apiLogin,
  applyThroughApi,
  catalog,
  demo,
  draftOpportunity,
  expectAccessible,
  screenshot,
  signInAs,
  text,
  topUpWallet,
} from './support';

/**
 * Issue 23, an opportunity from both sides: the demo brand reviews its draft's two steps (a
 * private opportunity for three invited creators) and publishes it from its wallet at the
 * checkout; the demo creator finds it in Discover Opportunities, reads the brief ("learn more")
 * and applies with the price of their rate card; another creator reads the brief, and the brand
 * sees both among the interested creators; two other creators apply too; the brand compares
 * them, debriefs one (who revises their price), declines another and approves two (the prices
 * held); the demo creator sees the line in Track Content, theirs accepted, and its delivery — the
 * same delivery screen as a request's (delivered to the end in opportunity-delivery.spec.ts). In
 * English and in Arabic (right to left), with axe.
 */

/** The demo creator's name on their application (their Instagram name). */
const CREATOR_NAME = 'yasmine.trabelsi';
/** Two generated demo creators (validated, with financial info) invited beside them. */
const OTHER_CREATORS = ['creator001@demo.clipmarket.tn', 'creator002@demo.clipmarket.tn'];

for (const language of ['en', 'tn'] as const) {
  test(`${language}: a brand publishes an opportunity, a creator applies, the brand approves`, async ({
    page,
    browser,
  }) => {
    const publish = catalog(language, 'publish-opportunity');
    const review = catalog(language, 'opportunity-applications');
    const discover = catalog(language, 'discover-opportunities');
    const trackContent = catalog(language, 'track-content');
    const creatorLines = catalog(language, 'accept-requests');
    const reputation = catalog(language, 'reputation');
    const title = `${language === 'en' ? 'Harissa family dish' : 'طبق العائلة'} ${Date.now()}`;
    const id = await draftOpportunity(page.request, title, {
      brand: demo.brand,
      invited: [demo.creator, ...OTHER_CREATORS],
      spots: 2,
    });

    // The brand: the draft's two steps, then the checkout from the wallet.
    await signInAs(page, demo.brand, language);
    await page.goto(`/publish-opportunity/${id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: text(publish, 'info.heading') }),
    ).toBeVisible();
    await screenshot(page, `${language}-opportunity-info`);
    await expectAccessible(page, `${language} opportunity info`);
    await page.getByRole('button', { name: text(publish, 'common.next'), exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text(publish, 'brief.heading') }),
    ).toBeVisible();
    await expectAccessible(page, `${language} opportunity brief`);
    await page.getByRole('button', { name: text(publish, 'common.next'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/publish-opportunity/${id}/payment$`));
    await expect(
      page.getByRole('heading', { level: 1, name: text(publish, 'checkout.heading') }),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: text(publish, 'checkout.wallet') })).toBeChecked();
    await screenshot(page, `${language}-opportunity-checkout`);
    await expectAccessible(page, `${language} opportunity checkout`);
    await page.getByRole('button', { name: new RegExp(text(publish, 'checkout.pay')) }).click();
    await expect(page.getByText(text(publish, 'messages.published'))).toBeVisible();
    await expect(page).toHaveURL(/\/publish-opportunity(\?.*)?$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await screenshot(page, `${language}-opportunity-list`);
    await expectAccessible(page, `${language} opportunity list`);

    // The creator: discover, learn more, apply with their own price.
    const creatorContext = await browser.newContext();
    const creator = await creatorContext.newPage();
    await signInAs(creator, demo.creator, language);
    await creator.goto('/discover-opportunities');
    await expect(
      creator.getByRole('heading', { level: 1, name: text(discover, 'discover.title') }),
    ).toBeVisible();
    const card = creator.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    // Issue 27 §2: the brand's measured figures on its card (one batched read for the list).
    await expect(card.getByTestId('advertiser-reputation')).toBeVisible();
    await screenshot(creator, `${language}-discover-opportunities`);
    await expectAccessible(creator, `${language} discover opportunities`);
    await card
      .getByRole('link', { name: text(discover, 'card.learnMoreLabel', { title }) })
      .click();
    await expect(creator).toHaveURL(new RegExp(`/discover-opportunities/${id}/learn-more$`));
    await expect(creator.getByText('Cook a family dish with our harissa')).toBeVisible();
    // Issue 27 §2: how this brand works, measured, before the creator applies (axe below).
    await expect(
      creator.getByRole('region', { name: text(reputation, 'advertiser.title') }),
    ).toBeVisible();
    await creator.getByRole('button', { name: text(discover, 'apply.title'), exact: true }).click();
    await expect(creator.getByLabel(new RegExp(text(discover, 'apply.price')))).toHaveValue('150');
    await creator
      .getByLabel(new RegExp(text(discover, 'apply.pitch')))
      .fill('I cook with harissa every week for my followers.');
    await creator.getByLabel(/Which dish would you cook\?/).fill('Chakchouka, as my mother does.');
    await creator.getByLabel(text(discover, 'apply.acceptBrief')).check();
    await expectAccessible(creator, `${language} apply`);
    await creator.getByRole('button', { name: text(discover, 'apply.submit') }).click();
    await expect(creator.getByText(text(discover, 'apply.submitted'))).toBeVisible();
    await screenshot(creator, `${language}-application-sent`);

    // A second creator reads the brief too ("learn more"): the brand sees who is interested,
    // the demo creator having applied, the other not yet.
    const interested = await page.request.post(`/v2/discover-opportunities/${id}/interest`, {
      headers: { authorization: `Bearer ${await apiLogin(page.request, OTHER_CREATORS[0]!)}` },
    });
    expect(interested.status(), await interested.text()).toBe(204);
    await page.goto(`/publish-opportunity/${id}/interests`);
    await expect(
      page.getByRole('heading', { level: 2, name: text(review, 'interests.title') }),
    ).toBeVisible();
    const interests = page
      .getByRole('list', { name: text(review, 'interests.list') })
      .getByRole('listitem');
    await expect(interests).toHaveCount(2);
    const demoCreatorInterest = interests.filter({ hasText: CREATOR_NAME });
    await expect(
      demoCreatorInterest.getByText(text(review, 'interests.applied'), { exact: true }),
    ).toBeVisible();
    await expect(
      interests
        .filter({ hasNotText: CREATOR_NAME })
        .getByText(text(review, 'interests.notApplied'), { exact: true }),
    ).toBeVisible();
    await screenshot(page, `${language}-opportunity-interests`);
    await expectAccessible(page, `${language} opportunity interests`);

    // Two more creators apply; the brand compares the three.
    const [debriefedId, declinedId] = [
      await applyThroughApi(page.request, OTHER_CREATORS[0]!, id),
      await applyThroughApi(page.request, OTHER_CREATORS[1]!, id),
    ];
    const brandToken = await apiLogin(page.request, demo.brand);
    const listed = await page.request.get(`/v2/opportunities/${id}/applications`, {
      headers: { authorization: `Bearer ${brandToken}` },
    });
    expect(listed.status(), await listed.text()).toBe(200);
    const applications = (
      (await listed.json()) as {
        data: { content_opportunity_influencer_id: number; creator: { name: string } }[];
      }
    ).data;
    const nameOf = (applicationId: number) =>
      applications.find((a) => a.content_opportunity_influencer_id === applicationId)!.creator.name;
    const [debriefedName, declinedName] = [nameOf(debriefedId), nameOf(declinedId)];

    // The brand: each application among the others, answered (the prices held from the wallet,
    // topped up first: the journeys beside this one spend the demo brand's wallet too).
    await topUpWallet(page.request, brandToken, 1_000_000);
    await page.goto(`/publish-opportunity/${id}/applications`);
    const cardOf = (name: string) => page.getByRole('article', { name: new RegExp(name) });
    await cardOf(debriefedName)
      .getByRole('button', { name: text(review, 'decision.debriefName', { name: debriefedName }) })
      .click();
    const debrief = page.getByRole('dialog', { name: text(review, 'decision.debriefTitle') });
    await debrief
      .getByLabel(new RegExp(text(review, 'decision.debriefReason')))
      .fill('Could you do it for 150 TND?');
    await expectAccessible(page, `${language} debrief application`);
    await debrief.getByRole('button', { name: text(review, 'decision.debriefConfirm') }).click();
    await expect(page.getByText(text(review, 'messages.debriefed'))).toBeVisible();
    await cardOf(declinedName)
      .getByRole('button', { name: text(review, 'decision.declineName', { name: declinedName }) })
      .click();
    const decline = page.getByRole('dialog', { name: text(review, 'decision.declineTitle') });
    await decline
      .getByLabel(new RegExp(text(review, 'decision.declineReason')))
      .fill('We chose creators who cook at home.');
    await decline.getByRole('button', { name: text(review, 'decision.declineConfirm') }).click();
    await expect(page.getByText(text(review, 'messages.declined'))).toBeVisible();
    await expect(cardOf(declinedName)).toContainText(text(review, 'applications.labels.declined'));
    // The debriefed creator sends another price: back under review.
    const revised = await page.request.post(`/v2/my-applications/${debriefedId}/revision`, {
      headers: { authorization: `Bearer ${await apiLogin(page.request, OTHER_CREATORS[0]!)}` },
      data: { price: 150_000, pitch: 'Deal: 150 TND, and two takes.' },
    });
    expect(revised.status(), await revised.text()).toBe(200);
    await page.reload();
    const application = page.getByRole('article', { name: new RegExp(CREATOR_NAME) });
    await expect(application).toContainText(text(review, 'applications.labels.under_review'));
    await screenshot(page, `${language}-opportunity-applications`);
    await expectAccessible(page, `${language} opportunity applications`);
    await application
      .getByRole('button', { name: text(review, 'decision.approveName', { name: CREATOR_NAME }) })
      .click();
    const confirm = page.getByRole('dialog', { name: text(review, 'decision.approveTitle') });
    await expectAccessible(page, `${language} approve application`);
    await confirm.getByRole('button', { name: text(review, 'decision.approveConfirm') }).click();
    await expect(page.getByText(text(review, 'messages.approved'))).toBeVisible();
    await expect(application).toContainText(text(review, 'applications.labels.accepted'));
    // The revised application is approved too: both spots taken.
    await cardOf(debriefedName)
      .getByRole('button', { name: text(review, 'decision.approveName', { name: debriefedName }) })
      .click();
    await page
      .getByRole('dialog', { name: text(review, 'decision.approveTitle') })
      .getByRole('button', { name: text(review, 'decision.approveConfirm') })
      .click();
    await expect(cardOf(debriefedName)).toContainText(text(review, 'applications.labels.accepted'));
    await screenshot(page, `${language}-opportunity-applications-answered`);

    // The creator: the line the approval opened, under Track Content …
    await creator.goto('/track-content');
    await expect(
      creator.getByRole('heading', { level: 1, name: text(trackContent, 'list.title') }),
    ).toBeVisible();
    const line = creator.getByRole('article', { name: title });
    await expect(line).toContainText(text(creatorLines, 'status.accepted'));
    await expect(line).toContainText(text(creatorLines, 'card.fundsSecured'));
    await screenshot(creator, `${language}-track-content`);
    await expectAccessible(creator, `${language} track content`);

    // … and the application, accepted, funds secured, on to the same delivery.
    await creator.goto('/track-opportunities');
    const tracked = creator.getByRole('article', { name: title });
    await expect(tracked).toContainText(text(discover, 'track.fundsSecured'));
    await screenshot(creator, `${language}-track-opportunities`);
    await expectAccessible(creator, `${language} track opportunities`);
    await tracked.getByRole('link').first().click();
    await creator.getByRole('link', { name: text(discover, 'application.goToDelivery') }).click();
    await expect(creator).toHaveURL(/\/track-content\/\d+$/);
    await expect(creator.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await screenshot(creator, `${language}-opportunity-delivery`);
    await expectAccessible(creator, `${language} opportunity delivery`);
    await creatorContext.close();
  });
}
