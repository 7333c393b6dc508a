import type {
  AdminLedgerOverview,
  AdminPayment,
  AdminReconciliationRow,
} from '@clipmarket/contracts/admin-money';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAdminPage, tearDownAdminPage } from '../../../app/admin-test-setup';
import { createRoutes } from '../../../app/shell-pages';
import { makeMe, mockApi, renderRoutes } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';

const balancedLedger: AdminLedgerOverview = {
  kinds: [
    { kind: 'advertiser_wallet', balance: 150_000, accounts: 2 },
    { kind: 'gateway_clearing', balance: -150_000, accounts: 1 },
    { kind: 'payouts_sent', balance: 0, accounts: 0 },
  ],
  total: 0,
  books: { is_balanced: true, accounts: [], transactions: [] },
  checked_at: '2026-11-23T10:00:00.000Z',
};

const owner = { user_id: 9, email: 'brand@test.clipmarket.tn', brand_name: 'Harissa Co' };

function payment(id: number, overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    payment_id: id,
    owner,
    purpose: 'wallet_purchase',
    purpose_id: id + 100,
    purpose_reference: `WP-000${id + 100}`,
    description: `Clipmarket wallet pack WP-000${id + 100}`,
    amount: 100_000 + id,
    state: 'pending',
    gateway: 'konnect',
    gateway_ref: `ref${id}`,
    created_at: `2026-11-23T10:${String(60 - id).padStart(2, '0')}:00.000Z`,
    paid_at: null,
    expires_at: '2026-11-23T11:30:00.000Z',
    failure_reason: null,
    kept_in_wallet: null,
    ...overrides,
  };
}

const lostRow: AdminReconciliationRow = {
  payment_id: 5,
  owner,
  created_at: '2026-11-23T10:00:00.000Z',
  gateway_ref: 'ref5',
  state: 'pending',
  amount: 120_000,
  gateway_status: 'completed',
  gateway_amount: 120_000,
  gateway_reached_amount: 120_000,
  matches: false,
  error: null,
};

/** The admin's money API over in-memory data; the query string of each call is kept. */
function installMoneyApi(options: { ledger?: AdminLedgerOverview } = {}) {
  let query = new URLSearchParams();
  let lost = lostRow;
  const calls = mockApi({
    'GET /user/getMe': { body: { data: makeMe({ role: 'ADMIN', fullname: 'Admin' }) } },
    'GET /request/get_twinkling/list': { body: { data: {} } },
    'GET /admin/creators': {
      body: { data: { items: [], next_cursor: null, pending_count: 0 } },
    },
    'GET /admin/ledger': { body: { data: options.ledger ?? balancedLedger } },
    'GET /admin/payments': () => {
      const status = query.get('status');
      if (status === 'paid') {
        return {
          body: {
            data: {
              items: [
                payment(3, {
                  purpose: 'content-fee',
                  purpose_id: 7,
                  purpose_reference: 'CR-000010-1',
                  description: 'Clipmarket CR-000010-1 content fee',
                  state: 'paid',
                  paid_at: '2026-11-23T10:58:00.000Z',
                  kept_in_wallet: 'already_paid',
                }),
              ],
              next_cursor: null,
            },
          },
        };
      }
      const isSecondPage = query.get('cursor') === 'page-2';
      return {
        body: {
          data: isSecondPage
            ? { items: [payment(3)], next_cursor: null }
            : { items: [payment(1), payment(2)], next_cursor: 'page-2' },
        },
      };
    },
    'GET /admin/payments/reconciliation': () => ({
      body: {
        data: {
          items: [lost],
          mismatches: lost.matches ? 0 : 1,
          checked_at: '2026-11-23T10:00:00.000Z',
        },
      },
    }),
    'POST /admin/payments/5/settle': () => {
      lost = { ...lost, state: 'paid', matches: true };
      return { body: { data: { payment_id: 5, state: 'paid' } } };
    },
  });
  const recorded = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    query = new URL(String(input), 'http://localhost').searchParams;
    return recorded(input, init);
  });
  return calls;
}

describe('Admin: payments and ledger', { timeout: 30_000 }, () => {
  beforeEach(setUpAdminPage);
  afterEach(tearDownAdminPage);

  it('opens on the ledger: balances per account kind, a zero total, books balanced', async () => {
    installMoneyApi();
    renderRoutes(createRoutes(), '/admin/payments');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payments and ledger' }),
    ).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Money views' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Ledger', 'Payments', 'Reconciliation']);
    expect(within(tabs).getByRole('tab', { name: 'Ledger' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const balanced = (await screen.findByText('Books balanced')).closest('[role="status"]');
    expect(balanced).toHaveTextContent('Every cached balance equals the sum of its entries');
    const wallets = screen.getByRole('row', { name: /Advertiser wallets/ });
    expect(within(wallets).getByText('150.000 TND')).toBeInTheDocument();
    expect(within(wallets).getByText('2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Received through the gateway/ })).getByText(
        '-150.000 TND',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Total of all balances/ })).getByText('0.000 TND'),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Payments and ledger' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('lists what is wrong when the books are out of balance', async () => {
    installMoneyApi({
      ledger: {
        ...balancedLedger,
        total: 1,
        books: {
          is_balanced: false,
          accounts: [{ account_id: 4, kind: 'advertiser_wallet', cached: 150_001, sum: 150_000 }],
          transactions: [{ transaction_id: 8, sum: 5, entries: 1 }],
        },
      },
    });
    renderRoutes(createRoutes(), '/admin/payments');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The books are out of balance');
    expect(alert).toHaveTextContent('The balances add up to 0.001 TND instead of zero.');
    expect(alert).toHaveTextContent(
      'Account #4 (Advertiser wallets): cached balance 150.001 TND, its entries sum to 150.000 TND.',
    );
    expect(alert).toHaveTextContent('Transaction #8: its 1 entries sum to 0.005 TND.');
  });

  it('lists the payments newest first, shows more, and filters by status', async () => {
    const calls = installMoneyApi();
    renderRoutes(createRoutes(), '/admin/payments');
    await userEvent.click(await screen.findByRole('tab', { name: 'Payments' }));

    const first = await screen.findByRole('row', { name: /^#1 / });
    expect(within(first).getByText('Harissa Co')).toBeInTheDocument();
    // What it pays for, by the purchase's public reference (not its table id).
    expect(within(first).getByText('Wallet pack WP-000101')).toBeInTheDocument();
    expect(within(first).queryByText(/#101/)).toBeNull();
    // The gateway's label, with the purchase's public reference.
    expect(within(first).getByText('Clipmarket wallet pack WP-000101')).toBeInTheDocument();
    expect(within(first).getByText('100.001 TND')).toBeInTheDocument();
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByText('ref1')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payments shown: 2');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('row', { name: /^#3 / })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payments shown: 3');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paid');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Payments shown: 1'));
    const paid = screen.getByRole('row', { name: /^#3 / });
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('Content fee CR-000010-1')).toBeInTheDocument();
    // A card payment that came once its purchase was paid another way: why it stayed in the wallet.
    expect(
      within(paid).getByText('Kept in the wallet: the purchase was already paid another way'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/payments').length).toBe(3);
  });

  it('opens the payments with the one of a notification highlighted', async () => {
    installMoneyApi();
    renderRoutes(createRoutes(), '/admin/payments/2');
    expect(await screen.findByRole('tab', { name: 'Payments' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('row', { name: /^#2 / })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('highlights a mismatch with the gateway and repairs it with "Check with gateway"', async () => {
    const calls = installMoneyApi();
    renderRoutes(createRoutes(), '/admin/payments?tab=reconciliation');
    const row = await screen.findByRole('row', { name: /^#5 / });
    expect(row).toHaveAttribute('data-matches', 'false');
    expect(within(row).getByText('Mismatch')).toBeInTheDocument();
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Payments that differ from the gateway: 1 of 1.',
    );

    await userEvent.click(
      within(row).getByRole('button', { name: 'Check with gateway: payment #5' }),
    );
    expect(await screen.findByText('Payment #5: Paid.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /^#5 / })).toHaveAttribute('data-matches', 'true'),
    );
    expect(screen.getByRole('status')).toHaveTextContent('All 1 payments match the gateway.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/payments/5/settle',
    ]);
  });

  it('reads right to left in Arabic', async () => {
    installMoneyApi();
    await act(() => i18n.changeLanguage('tn'));
    renderRoutes(createRoutes(), '/admin/payments');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'المدفوعات ودفتر الحسابات' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('الحسابات متوازنة')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
