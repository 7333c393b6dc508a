import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import { notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { makeMe, mockApi, renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';

const invoice = (id: number, overrides: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  invoice_id: id,
  number: `2026-${String(id).padStart(6, '0')}`,
  issued_at: '2026-11-23T10:00:00.000Z',
  label: 'Wallet pack',
  line_label: null,
  line_count: 1,
  purchase_kind: 'wallet_pack',
  total: 1_235_500,
  einvoice: { state: 'pending', reference: null },
  ...overrides,
});

/**
 * The advertiser's API: the shell's calls, and the invoices by page (`before_id`, which the
 * shared mock does not see) and as PDFs. Returns the invoice requests made.
 */
function installApi(
  pages: Record<string, { items: InvoiceSummary[]; next_before_id: number | null }>,
) {
  mockApi({
    'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
    'GET /request/get_twinkling/list': { body: { data: {} } },
  });
  const shellFetch = vi.mocked(fetch).getMockImplementation()!;
  const requests: Array<{ url: URL; headers: Record<string, string> }> = [];
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.startsWith('/v2/invoices')) return shellFetch(input, init);
    requests.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
    if (url.pathname.endsWith('/pdf')) {
      return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
    }
    if (url.pathname.endsWith('/teif.xml')) {
      return new Response('<?xml version="1.0" encoding="UTF-8"?>\n<TEIF version="1.8.8"/>', {
        headers: { 'content-type': 'application/xml; charset=utf-8' },
      });
    }
    const page = pages[url.searchParams.get('before_id') ?? 'first'];
    return Response.json({ data: page ?? { items: [], next_before_id: null } });
  });
  return requests;
}

describe('My invoices', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(async () => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists the invoices with number, date, label and total; older ones on demand', async () => {
    installApi({
      first: {
        items: [
          invoice(3, { label: 'Ramadan 2027', purchase_kind: 'content_request', total: 30_512 }),
          invoice(2),
        ],
        next_before_id: 2,
      },
      '2': { items: [invoice(1)], next_before_id: null },
    });
    renderRoutes(createRoutes(), '/track-payments/my-invoices');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My invoices' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My invoices' });
    const row = within(table).getByRole('row', { name: /2026-000003/ });
    // A request's invoice names its kind and title; a pack's, its kind (in the reader's language).
    expect(within(row).getByText('Content request: Ramadan 2027')).toBeInTheDocument();
    const pack = within(table).getByRole('row', { name: /2026-000002/ });
    expect(within(pack).getByText('Wallet pack')).toBeInTheDocument();
    expect(within(row).getByText('30.512 TND')).toBeInTheDocument();
    expect(within(row).getByText('23 Nov 2026')).toBeInTheDocument();
    expect(within(table).getByText('1,235.500 TND', { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show older invoices' }));
    expect(await within(table).findByRole('row', { name: /2026-000001/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older invoices' })).toBeNull();
  });

  it('words what an invoice is for in the reader’s language from its code; an older one as issued', async () => {
    const labelled = (id: number, code: 'platform_fee' | 'content_fee', reference: string) =>
      invoice(id, {
        label: 'stored English',
        line_label: { code, params: { reference, title: 'Ramadan 2027' } },
        purchase_kind: code === 'platform_fee' ? 'content_request' : 'content',
      });
    installApi({
      first: {
        items: [
          labelled(5, 'platform_fee', 'CR-000010'),
          labelled(4, 'content_fee', 'CR-000010-1'),
          invoice(3, { label: 'Content request platform fee', purchase_kind: 'content_request' }),
        ],
        next_before_id: null,
      },
    });
    await act(() => i18n.changeLanguage('tn'));
    renderRoutes(createRoutes(), '/track-payments/my-invoices');
    const table = await screen.findByRole('table', { name: 'فواتيري' });
    // The title is isolated (U+2068 … U+2069): a Latin title after a reference otherwise ran
    // together with it, left to right, and its closing quote jumped to the front.
    expect(
      within(within(table).getByRole('row', { name: /2026-000005/ })).getByText(
        'رسوم المنصة — CR-000010 «\u2068Ramadan 2027\u2069»',
      ),
    ).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /2026-000004/ })).getByText(
        'رسوم المحتوى — CR-000010-1 «\u2068Ramadan 2027\u2069»',
      ),
    ).toBeInTheDocument();
    expect(within(table).queryByText(/stored English/)).toBeNull();
    // Issued before labels: its stored text stays, after its kind.
    expect(
      within(within(table).getByRole('row', { name: /2026-000003/ })).getByText(
        /: Content request platform fee$/,
      ),
    ).toBeInTheDocument();
  });

  it('downloads a PDF with the bearer token and saves it under its number', async () => {
    const requests = installApi({ first: { items: [invoice(7)], next_before_id: null } });
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    renderRoutes(createRoutes(), '/track-payments/my-invoices');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download invoice 2026-000007 as PDF' }),
    );
    await waitFor(() => expect(clicked).toEqual(['invoice-2026-000007.pdf']));
    const pdfCall = requests.find((r) => r.url.pathname === '/v2/invoices/7/pdf');
    expect(pdfCall?.headers.authorization).toBe('Bearer test.access.token');
    // In the interface language the advertiser reads.
    expect(pdfCall?.url.searchParams.get('lang')).toBe('en');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('downloads the XML (TEIF) beside the PDF and shows where each invoice stands on El Fatoora', async () => {
    const requests = installApi({
      first: {
        items: [
          invoice(9, { einvoice: { state: 'accepted', reference: '179012323112600002026000009' } }),
          invoice(8, { einvoice: { state: 'rejected', reference: null } }),
          invoice(7),
          invoice(6, { einvoice: null }),
        ],
        next_before_id: null,
      },
    });
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:teif';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    renderRoutes(createRoutes(), '/track-payments/my-invoices');
    const table = await screen.findByRole('table', { name: 'My invoices' });
    expect(within(table).getByRole('columnheader', { name: 'El Fatoora' })).toBeInTheDocument();
    const accepted = within(table).getByRole('row', { name: /2026-000009/ });
    expect(within(accepted).getByText('Accepted')).toBeInTheDocument();
    expect(within(accepted).getByText('179012323112600002026000009')).toHaveAttribute('dir', 'ltr');
    const refused = within(table).getByRole('row', { name: /2026-000008/ });
    expect(within(refused).getByText('Refused')).toBeInTheDocument();
    const pending = within(table).getByRole('row', { name: /2026-000007/ });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Being sent to El Fatoora')).toBeInTheDocument();
    const older = within(table).getByRole('row', { name: /2026-000006/ });
    expect(within(older).getByText('Not sent')).toBeInTheDocument();

    await userEvent.click(
      within(accepted).getByRole('button', { name: 'Download invoice 2026-000009 as XML (TEIF)' }),
    );
    await waitFor(() => expect(clicked).toEqual(['TEIF_2026-000009.xml']));
    const call = requests.find((r) => r.url.pathname === '/v2/invoices/9/teif.xml');
    expect(call?.headers.authorization).toBe('Bearer test.access.token');
    expect(await saved[0]!.text()).toMatch(/^<\?xml[^>]*\?>\n<TEIF /);
    // Both files of a row: the PDF's button is still there beside it.
    expect(
      within(accepted).getByRole('button', { name: 'Download invoice 2026-000009 as PDF' }),
    ).toBeInTheDocument();

    await act(() => i18n.changeLanguage('tn'));
    const arabic = await screen.findByRole('table', { name: 'فواتيري' });
    const row = within(arabic).getByRole('row', { name: /2026-000009/ });
    expect(within(row).getByText('مقبولة')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'تنزيل الفاتورة 2026-000009 بصيغة XML (TEIF)' }),
    ).toBeInTheDocument();
    click.mockRestore();
  });

  it('says so when there is no invoice yet, in Arabic too', async () => {
    installApi({ first: { items: [], next_before_id: null } });
    renderRoutes(createRoutes(), '/track-payments/my-invoices');
    expect(await screen.findByRole('heading', { name: 'No invoices yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my wallet' })).toHaveAttribute(
      'href',
      '/track-payments/my-wallet',
    );
    await act(() => i18n.changeLanguage('tn'));
    expect(
      await screen.findByRole('heading', { name: 'لا توجد لديك فواتير بعد' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'فواتيري' })).toBeInTheDocument();
  });
});
