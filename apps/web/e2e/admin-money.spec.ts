import { expect, test, type Page } from '@playwright/test';
import {
  apiLogin,
  demo,
  expectAccessible,
  loginThroughUi,
  screenshot,
  catalog,
  text,
  type Language,
} from './support';

/**
 * Issue 9 point 8, in real Chromium, in English and in Arabic (right to left): the demo brand
 * opens a wallet pack payment at the sandbox gateway; the demo admin opens the payments and
 * ledger page from the menu, finds the books balanced, the payment in the list, and the payment
 * beside the gateway's answer in the reconciliation, where "Check with gateway" reads it again.
 */

const languages: Language[] = ['en', 'tn'];

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function useLanguage(page: Page, language: Language) {
  if (language === 'en') return;
  await page.getByLabel(/^Language: English/).selectOption('tn');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

for (const language of languages) {
  test(`an admin checks the ledger, the payments and the gateway (${language})`, async ({
    page,
    request,
  }) => {
    const shell = catalog(language, 'shell');
    const money = catalog(language, 'admin-money');
    const t = (key: string, values?: Record<string, string>) => text(money, key, values);

    // A payment waiting at the gateway: the demo brand starts buying a pack.
    const brandToken = await apiLogin(request, demo.brand);
    const purchase = await request.post('/v2/wallet/purchases', {
      headers: {
        authorization: `Bearer ${brandToken}`,
        'idempotency-key': `e2e-admin-money-${language}-${Date.now()}`,
      },
      data: { amount: 100_000 },
    });
    expect(purchase.status(), await purchase.text()).toBe(201);
    const paymentId = ((await purchase.json()) as { data: { payment_id: number } }).data.payment_id;

    await loginThroughUi(page, demo.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await useLanguage(page, language);

    const menu = page.getByRole('navigation', { name: /^(Main menu|القائمة الرئيسية)$/ });
    await menu
      .getByRole('link', {
        name: new RegExp(`^${escape(text(shell, 'menu.items.admin-payments'))}`),
      })
      .click();
    await expect(page).toHaveURL(/\/admin\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();

    const main = page.getByRole('main');
    const tabs = main.getByRole('tablist', { name: t('tabs.label') });
    await expect(tabs.getByRole('tab')).toHaveText([
      t('tabs.ledger'),
      t('tabs.payments'),
      t('tabs.reconciliation'),
    ]);

    // Ledger: balanced books, every kind with a readable name, a zero total.
    await expect(main.getByRole('status').filter({ hasText: t('ledger.balanced') })).toBeVisible();
    await expect(
      main.getByRole('row', { name: new RegExp(escape(t('ledger.kinds.advertiser_wallet'))) }),
    ).toBeVisible();
    await expect(
      main.getByRole('row', { name: new RegExp(escape(t('ledger.total'))) }),
    ).toContainText(/0[.,]000 TND/);
    await expectAccessible(page, `${language} admin payments ledger`);
    await screenshot(page, `${language}-admin-payments-ledger`);

    // Payments: the brand's pending payment, newest first; keyboard reaches the tabs.
    await tabs.getByRole('tab', { name: t('tabs.ledger') }).focus();
    await page.keyboard.press(language === 'tn' ? 'ArrowLeft' : 'ArrowRight');
    await expect(tabs.getByRole('tab', { name: t('tabs.payments') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const paymentRow = main.getByRole('row', { name: new RegExp(`^#${paymentId} `) });
    await expect(paymentRow).toBeVisible();
    await expect(paymentRow).toContainText(t('states.pending'));
    // The pack's 100 TND and the fiscal stamp, as the checkout priced them.
    await expect(paymentRow).toContainText(/101[.,]000 TND/);
    await main.getByRole('combobox', { name: t('payments.filter') }).selectOption('pending');
    await expect(paymentRow).toBeVisible();
    await expectAccessible(page, `${language} admin payments list`);
    await screenshot(page, `${language}-admin-payments-payments`);

    // Reconciliation: the payment pending here and at the gateway (they agree); read it again.
    await tabs.getByRole('tab', { name: t('tabs.reconciliation') }).click();
    const checkRow = main.getByRole('row', { name: new RegExp(`^#${paymentId} `) });
    await expect(checkRow).toBeVisible();
    await expect(checkRow).toHaveAttribute('data-matches', 'true');
    await expect(checkRow).toContainText(t('reconciliation.gatewayStatus.pending'));
    await checkRow
      .getByRole('button', { name: t('reconciliation.checkLabel', { id: String(paymentId) }) })
      .click();
    await expect(
      page.getByText(
        t('reconciliation.settled', { id: String(paymentId), state: t('states.pending') }),
      ),
    ).toBeVisible();
    await expectAccessible(page, `${language} admin payments reconciliation`);
    await screenshot(page, `${language}-admin-payments-reconciliation`);
  });
}
