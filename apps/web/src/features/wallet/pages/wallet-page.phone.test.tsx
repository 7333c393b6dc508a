import { act, screen, within } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { stubPhoneScreen } from '../../../test/phone';
import { TestRouter } from '../../../test/router';
import { makePurchase, makeWallet } from '../test-data';
import WalletPage from './wallet-page';

// On a 390 px phone the purchases' available amount, balance and status were reachable only
// by swiping inside the table, the status cut to "PEN…", the reference broken in two (walk of
// 2026-11-27).
describe('Wallet page on a phone', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signIn();
    stubPhoneScreen();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows each purchase as a card: reference and status, then date and amounts', async () => {
    mockApi({
      'GET /wallet': {
        body: {
          data: makeWallet({
            balance: 150_000,
            available: 150_000,
            purchases: [
              makePurchase({
                wallet_purchase_id: 5,
                reference: 'WP-000005',
                status: 'pending',
                available_amount: 0,
              }),
              makePurchase({ available_amount: 80_000, balance: 150_000 }),
            ],
          }),
        },
      },
    });
    renderWithProviders(
      <TestRouter location="/track-payments/my-wallet">
        <Switch>
          <Route path="/track-payments/my-wallet">
            <WalletPage />
          </Route>
        </Switch>
      </TestRouter>,
    );
    const cards = await screen.findAllByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    const pending = cards.find((card) => card.textContent?.includes('WP-000005'))!;
    expect(
      within(pending).getByRole('link', { name: 'Resume the payment (WP-000005)' }),
    ).toHaveAttribute('href', '/track-payments/purchase-pack/5/pending');
    expect(within(pending).getByText('Pending')).toBeVisible();
    // One word, never broken.
    expect(within(pending).getByText('WP-000005')).toHaveStyle({ whiteSpace: 'nowrap' });
    const paid = cards.find((card) => card.textContent?.includes('WP-000042'))!;
    expect(within(paid).getByText('Paid')).toBeVisible();
    const value = (label: string) =>
      within(paid).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Purchased amount')).toBe('150.000 TND');
    expect(value('Available amount')).toBe('80.000 TND');
    expect(value('Balance after purchase')).toBe('150.000 TND');

    // Arabic: the same cards, each figure named in Arabic, the status whole.
    await act(() => i18n.changeLanguage('tn'));
    expect(await within(paid).findByText('المبلغ المتاح', { selector: 'dt' })).toBeVisible();
    expect(within(pending).getByText('قيد الانتظار')).toBeVisible();
  });
});
