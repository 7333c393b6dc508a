import { notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import type { AdminPayout } from '../api/get-admin-payouts';
import { type FakeAnswer, type FakeCall, installPayoutsApi, makeAdminPayout } from '../test-api';

const dueTotals = { bank: 120_000, d17: 40_250, missing: 5_000 };

/** The admin's payouts by filter, and the batch and mark-paid endpoints (`overrides` first). */
function installApi(
  lists: Partial<Record<'due' | 'pending' | 'paid', AdminPayout[]>>,
  overrides: Record<string, (call: FakeCall) => FakeAnswer> = {},
) {
  return installPayoutsApi('ADMIN', (call) => {
    const override = overrides[`${call.method} ${call.path}`];
    if (override) return override(call);
    if (call.method === 'GET' && call.path === '/admin/payouts') {
      const filter = (call.query.get('filter') ?? 'due') as 'due' | 'pending' | 'paid';
      return { body: { data: lists[filter] ?? [], next_before: null, due_totals: dueTotals } };
    }
    return undefined;
  });
}

const bankPayout = makeAdminPayout(11, {
  amount: 120_000,
  title: 'Summer launch',
  batch_id: 3,
  creator: { name: 'Amira Ben Salah', account_number: '08006000123456789079' },
});
const d17Payout = makeAdminPayout(12, {
  amount: 40_250,
  creator: { name: 'Sami Trabelsi', payment_method: 'd17', account_number: '12345678901234567890' },
});
const missingPayout = makeAdminPayout(13, {
  amount: 5_000,
  creator: { name: 'Nour Jaziri', payment_method: null, account_number: null },
});

describe('Admin: creator payouts', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(async () => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists what is due with creator, method, account, amount and date; totals per method; filters', async () => {
    const calls = installApi({
      due: [bankPayout, d17Payout, missingPayout],
      paid: [
        makeAdminPayout(9, {
          status: 'paid',
          is_due: false,
          paid_at: '2026-11-20T10:00:00.000Z',
          reference: 'VIR-9',
          creator: { name: 'Old Payee' },
        }),
      ],
    });
    renderRoutes(createRoutes(), '/admin/payouts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Creator payouts' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payouts due now' });
    const bank = within(table).getByRole('row', { name: /Amira Ben Salah/ });
    expect(within(bank).getByText('Bank (RIB)')).toBeInTheDocument();
    expect(within(bank).getByText('08006000123456789079')).toBeInTheDocument();
    expect(within(bank).getByText('120.000 TND')).toBeInTheDocument();
    expect(within(bank).getByText('Due on 8 Dec 2026')).toBeInTheDocument();
    // A column gives a badge and a reference no more room than they must: neither is cut nor
    // broken at its hyphens (seen in Arabic: "في الا…", "CR-" / "000004-1").
    expect(within(bank).getByText('Pending').closest('.mantine-Badge-root')).toHaveStyle({
      minWidth: 'max-content',
    });
    expect(within(bank).getByText('CR-000021-1')).toHaveStyle({ whiteSpace: 'nowrap' });
    const missing = within(table).getByRole('row', { name: /Nour Jaziri/ });
    expect(within(missing).getByText('No details')).toBeInTheDocument();
    expect(within(missing).getByText('Missing')).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Due now' });
    expect(totals).toHaveTextContent('By bank transfer120.000 TND');
    expect(totals).toHaveTextContent('By D1740.250 TND');
    expect(totals).toHaveTextContent('Missing bank or D17 details5.000 TND');

    await userEvent.click(screen.getByRole('tab', { name: 'Paid' }));
    const paid = await screen.findByRole('table', { name: 'Paid payouts' });
    const row = within(paid).getByRole('row', { name: /Old Payee/ });
    expect(within(row).getByText('Paid on 20 Nov 2026')).toBeInTheDocument();
    expect(within(row).getByText('VIR-9')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Mark paid: payout/ })).toBeNull();
    expect(calls.some((c) => c.path === '/admin/payouts' && c.query.get('filter') === 'paid')).toBe(
      true,
    );

    await userEvent.click(screen.getByRole('tab', { name: 'All unpaid' }));
    expect(await screen.findByRole('heading', { name: 'No unpaid payout' })).toBeInTheDocument();
  });

  it('exports a batch: downloads the bank CSV and lists the D17 transfers apart', async () => {
    const bankCsv =
      'beneficiary_name,rib,amount_tnd,label\r\nAmira Ben Salah,08006000123456789079,120.000,Clipmarket payout 11\r\n';
    const d17Csv =
      'beneficiary_name,d17_number,email,amount_tnd,label\r\n"\'=Sami, ""T""",12345678901234567890,sami@example.tn,40.250,Clipmarket payout 12\r\n';
    const calls = installApi(
      { due: [bankPayout, d17Payout] },
      {
        'POST /admin/payouts/batches': () => ({
          status: 201,
          body: {
            data: {
              batch_id: 4,
              payout_ids: [11, 12],
              total: 160_250,
              bank_csv: bankCsv,
              d17_csv: d17Csv,
            },
          },
        }),
      },
    );
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:batch';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloaded: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded.push(this.download);
    });

    renderRoutes(createRoutes(), '/admin/payouts');
    await screen.findByRole('table', { name: 'Payouts due now' });
    await userEvent.click(screen.getByRole('button', { name: 'Export batch' }));

    const panel = await screen.findByRole('region', { name: 'Batch 4' });
    expect(panel).toHaveTextContent('2 transfers, for a total of 160.250 TND');
    expect(downloaded).toEqual(['payouts-4-bank.csv']);
    expect(await blobs[0]!.text()).toBe(bankCsv);
    expect(blobs[0]!.type).toMatch(/^text\/csv/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    const d17 = within(panel).getByRole('table', { name: 'D17 transfers, to make apart' });
    const row = within(d17).getByRole('row', { name: /12345678901234567890/ });
    expect(within(row).getByText('\'=Sami, "T"')).toBeInTheDocument();
    expect(within(row).getByText('40.250 TND')).toBeInTheDocument();
    expect(within(row).getByText('Clipmarket payout 12')).toBeInTheDocument();

    await userEvent.click(
      within(panel).getByRole('button', { name: 'Download the D17 list (CSV)' }),
    );
    expect(downloaded).toEqual(['payouts-4-bank.csv', 'payouts-4-d17.csv']);
  });

  it('says there is nothing to export when no payout with details is due', async () => {
    installApi(
      { due: [missingPayout] },
      {
        'POST /admin/payouts/batches': () => ({
          status: 409,
          body: { error: { code: 'INVALID_TRANSITION', message: 'No payout is due' } },
        }),
      },
    );
    renderRoutes(createRoutes(), '/admin/payouts');
    await screen.findByRole('table', { name: 'Payouts due now' });
    await userEvent.click(screen.getByRole('button', { name: 'Export batch' }));
    expect(
      await screen.findByText('Nothing to export: no payout with bank or D17 details is due.'),
    ).toBeInTheDocument();
  });

  it('says why a payout cannot be marked paid yet: not due, or in no exported batch', async () => {
    installApi({
      pending: [
        bankPayout,
        makeAdminPayout(14, { is_due: false, creator: { name: 'Early Payee' } }),
        makeAdminPayout(15, {
          is_due: true,
          batch_id: null,
          creator: { name: 'Unexported Payee' },
        }),
      ],
    });
    renderRoutes(createRoutes(), '/admin/payouts');
    await userEvent.click(await screen.findByRole('tab', { name: 'All unpaid' }));
    const table = await screen.findByRole('table', { name: 'Unpaid payouts' });
    const early = within(table).getByRole('row', { name: /Early Payee/ });
    expect(within(early).getByText('Can be paid from its due date')).toBeInTheDocument();
    expect(within(early).queryByRole('button')).toBeNull();
    const unexported = within(table).getByRole('row', { name: /Unexported Payee/ });
    expect(
      within(unexported).getByText('Export the batch first, then mark it paid'),
    ).toBeInTheDocument();
    expect(within(unexported).queryByRole('button')).toBeNull();
    const ready = within(table).getByRole('row', { name: /Amira Ben Salah/ });
    expect(
      within(ready).getByRole('button', { name: 'Mark paid: payout 11 to Amira Ben Salah' }),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when a payout cannot be paid", async () => {
    installApi(
      { due: [bankPayout] },
      {
        'POST /admin/payouts/11/paid': () => ({
          status: 409,
          body: { error: { code: 'PAYOUT_NOT_DUE', message: 'not due' } },
        }),
      },
    );
    renderRoutes(createRoutes(), '/admin/payouts');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark paid: payout 11 to Amira Ben Salah' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout paid' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Transfer reference/ }),
      'VIR-1{Enter}',
    );
    expect(
      await within(dialog).findByText(
        'This payout is not due yet: it can be marked paid from its due date.',
      ),
    ).toBeInTheDocument();
  });

  it('marks a payout paid with the transfer reference, checked first', async () => {
    let paid = false;
    const calls = installApi(
      { due: [bankPayout] },
      {
        'GET /admin/payouts': () => ({
          body: { data: paid ? [] : [bankPayout], next_before: null, due_totals: dueTotals },
        }),
        'POST /admin/payouts/11/paid': (call) => {
          paid = true;
          return {
            body: {
              data: {
                ...bankPayout,
                status: 'paid',
                reference: (call.body as { reference: string }).reference,
              },
            },
          };
        },
      },
    );
    renderRoutes(createRoutes(), '/admin/payouts');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark paid: payout 11 to Amira Ben Salah' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout paid' });
    expect(dialog).toHaveTextContent(
      '120.000 TND to Amira Ben Salah (Bank (RIB): 08006000123456789079)',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(
      await within(dialog).findByText('Enter the reference of the transfer'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const reference = within(dialog).getByRole('textbox', { name: /Transfer reference/ });
    await userEvent.type(reference, '  VIR-2026-0042 {Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reference: 'VIR-2026-0042' }),
    );
    expect(
      await screen.findByText('Payout 11 to Amira Ben Salah marked paid.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Nothing is due' })).toBeInTheDocument();
  });
});
