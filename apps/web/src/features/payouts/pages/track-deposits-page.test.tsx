import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import type { CreatorPayouts } from '../api/get-payouts';
import { installPayoutsApi, makePayout } from '../test-api';

const summary = (overrides: Partial<CreatorPayouts> = {}): CreatorPayouts => ({
  pending_total: 170_500,
  paid_total: 10_000,
  has_payment_details: true,
  payment_method: 'bank',
  support_email: 'support@clipmarket.tn',
  payout_delay_days: 15,
  items: [],
  next_before: null,
  ...overrides,
});

/** The creator's payouts by page (`before`): the first page, then the others by their key. */
function installApi(pages: Record<string, CreatorPayouts>) {
  return installPayoutsApi('TALENT', (call) =>
    call.method === 'GET' && call.path === '/payouts'
      ? { body: { data: pages[call.query.get('before') ?? 'first'] } }
      : undefined,
  );
}

describe('Get paid (/track-deposits)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the totals, each earning with its status in words and its date, older on demand', async () => {
    const calls = installApi({
      first: summary({
        items: [
          makePayout(3, {
            status: 'paid',
            amount: 10_000,
            paid_at: '2026-11-20T10:00:00.000Z',
            reference: 'VIR-2026-0042',
            title: 'Ramadan 2027',
          }),
          makePayout(2, { amount: 120_000, title: 'Summer launch' }),
        ],
        next_before: 2,
      }),
      '2': summary({ items: [makePayout(1, { amount: 50_500, title: 'Jasmine soap' })] }),
    });
    renderRoutes(createRoutes(), '/track-deposits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get paid' })).toBeInTheDocument();
    expect(await screen.findByTestId('payouts-pending')).toHaveTextContent('170.500 TND');
    expect(screen.getByTestId('payouts-paid')).toHaveTextContent('10.000 TND');
    expect(
      screen.getByText(
        'Your earnings are sent to your bank account (RIB). You are paid 15 days after the advertiser pays for your content.',
      ),
    ).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Earnings, newest first' });
    const paid = within(table).getByRole('row', { name: /Ramadan 2027/ });
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('Paid on 20 Nov 2026')).toBeInTheDocument();
    expect(within(paid).getByText('VIR-2026-0042')).toBeInTheDocument();
    const pending = within(table).getByRole('row', { name: /Summer launch/ });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Expected on 8 Dec 2026')).toBeInTheDocument();
    expect(within(pending).getByText('120.000 TND')).toBeInTheDocument();
    expect(within(pending).getByText('Not yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show older earnings' }));
    expect(await within(table).findByRole('row', { name: /Jasmine soap/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older earnings' })).toBeNull();
    expect(calls.filter((c) => c.path === '/payouts').map((c) => c.query.get('before'))).toEqual([
      null,
      '2',
    ]);
    // The menu's "Get paid" highlight goes once the page shows.
    expect(calls.find((c) => c.path === '/request/twinkling/seen')?.body).toEqual({
      flag: 'twinkling_get_paid',
    });
  });

  it('shows the support note and the way to the financial info without bank or D17 details', async () => {
    installApi({
      first: summary({
        has_payment_details: false,
        payment_method: null,
        items: [makePayout(5)],
        payout_delay_days: 1,
      }),
    });
    renderRoutes(createRoutes(), '/track-deposits');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'Support note: with no bank or D17 account, contact support at support@clipmarket.tn.',
    );
    expect(within(note).getByRole('link', { name: 'support@clipmarket.tn' })).toHaveAttribute(
      'href',
      'mailto:support@clipmarket.tn',
    );
    expect(note).toHaveTextContent(
      'You are paid 1 day after the advertiser pays for your content.',
    );
    const financial = within(note).getByRole('link', { name: 'Open my financial info' });
    expect(financial.getAttribute('href')).toMatch(/\?settings=financial-infos$/);

    await act(() => i18n.changeLanguage('tn'));
    expect(
      await screen.findByText(/ملاحظة من الدعم: إذا لم يكن لديك حساب بنكي أو حساب D17/),
    ).toBeInTheDocument();
  });

  it('says so when there is no earning yet', async () => {
    installApi({ first: summary({ pending_total: 0, paid_total: 0 }) });
    renderRoutes(createRoutes(), '/track-deposits');
    expect(await screen.findByRole('heading', { name: 'No earnings yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See requests to accept' })).toHaveAttribute(
      'href',
      '/accept-requests',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
