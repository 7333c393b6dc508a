import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { stubPhoneScreen } from '../../../test/phone';
import { installPayoutsApi, makePayout } from '../test-api';

// On a 390 px phone the earnings' date and reference were reachable only by swiping inside the
// table (walk of 2026-11-27).
describe('Get paid on a phone', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    stubPhoneScreen();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows each earning as a card with its amount, status, date and reference', async () => {
    installPayoutsApi('TALENT', (call) =>
      call.method === 'GET' && call.path === '/payouts'
        ? {
            body: {
              data: {
                pending_total: 120_000,
                paid_total: 10_000,
                has_payment_details: true,
                payment_method: 'bank',
                support_email: 'support@clipmarket.tn',
                payout_delay_days: 15,
                items: [
                  makePayout(3, {
                    status: 'paid',
                    amount: 10_000,
                    paid_at: '2026-11-20T10:00:00.000Z',
                    reference: 'VIR-2026-0042',
                    title: 'Ramadan 2027',
                  }),
                  makePayout(2, { title: 'Summer launch' }),
                ],
                next_before: null,
              },
            },
          }
        : undefined,
    );
    renderRoutes(createRoutes(), '/track-deposits');
    const list = await screen.findByRole('list', { name: 'Earnings, newest first' });
    expect(screen.queryByRole('table')).toBeNull();
    const [paid, pending] = within(list).getAllByRole('listitem');
    expect(paid).toHaveTextContent('Ramadan 2027');
    expect(within(paid!).getByText('Paid')).toBeVisible();
    expect(within(paid!).getByText('10.000 TND')).toBeVisible();
    expect(within(paid!).getByText('Paid on 20 Nov 2026')).toBeVisible();
    expect(within(paid!).getByText('VIR-2026-0042').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(pending!).getByText('Pending')).toBeVisible();
    expect(within(pending!).getByText('Expected on 8 Dec 2026')).toBeVisible();
  });
});
