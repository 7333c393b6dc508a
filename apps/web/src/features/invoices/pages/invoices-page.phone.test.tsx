import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import { notifications } from '@mantine/notifications';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { makeMe, mockApi, renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { stubPhoneScreen } from '../../../test/phone';

const invoice = (id: number, overrides: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  invoice_id: id,
  number: `2026-${String(id).padStart(6, '0')}`,
  issued_at: '2026-11-23T10:00:00.000Z',
  label: 'Wallet pack',
  line_label: null,
  line_count: 1,
  purchase_kind: 'wallet_pack',
  total: 1_235_500,
  einvoice: null,
  ...overrides,
});

function installApi(items: InvoiceSummary[]) {
  mockApi({
    'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
    'GET /request/get_twinkling/list': { body: { data: {} } },
    'GET /invoices': { body: { data: { items, next_before_id: null } } },
  });
}

// On a 390 px phone the Download button and the total were reachable only by swiping inside
// the table (walk of 2026-11-27).
describe('My invoices on a phone', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    stubPhoneScreen();
  });
  afterEach(async () => {
    cleanup();
    notifications.clean();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows each invoice as a card with its total, date, purpose and Download button', async () => {
    installApi([
      invoice(3, {
        label: 'Ramadan 2027',
        purchase_kind: 'content_request',
        total: 30_512,
        einvoice: { state: 'accepted', reference: '179012323112600002026000003' },
      }),
      invoice(2),
    ]);
    renderRoutes(createRoutes(), '/track-payments/my-invoices');
    const list = await screen.findByRole('list', { name: 'My invoices' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('2026-000003');
    expect(within(first!).getByText('30.512 TND')).toBeVisible();
    expect(within(first!).getByText('Content request: Ramadan 2027')).toBeVisible();
    expect(within(first!).getByText('23 Nov 2026')).toBeVisible();
    expect(
      within(first!).getByRole('button', { name: 'Download invoice 2026-000003 as PDF' }),
    ).toBeVisible();
    expect(
      within(first!).getByRole('button', {
        name: 'Download invoice 2026-000003 as XML (TEIF)',
      }),
    ).toBeVisible();
    expect(within(first!).getByText('El Fatoora', { selector: 'dt' })).toBeVisible();
    expect(within(first!).getByText('Accepted')).toBeVisible();
    expect(within(first!).getByText('179012323112600002026000003')).toBeVisible();
    expect(within(second!).getByText('Wallet pack')).toBeVisible();
    expect(within(second!).getByText('Not sent')).toBeVisible();
    // Each figure is named as its column was.
    expect(within(first!).getByText('Date', { selector: 'dt' })).toBeVisible();

    // Arabic: the same cards, the number kept left to right.
    await act(() => i18n.changeLanguage('tn'));
    const arabic = await screen.findByRole('list', { name: 'فواتيري' });
    const number = within(arabic).getByText('2026-000003');
    expect(number.closest('bdi')).toHaveAttribute('dir', 'ltr');
  });
});
