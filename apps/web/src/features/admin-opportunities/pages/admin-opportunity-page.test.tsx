import type { AdminOpportunityDetail } from '@clipmarket/contracts/admin-opportunities';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminShellApi, setUpAdminPage, tearDownAdminPage } from '../../../app/admin-test-setup';
import { createRoutes } from '../../../app/shell-pages';
import { type ApiCall, mockApi, renderRoutes } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { makeDetail } from '../test-setup';

describe('Admin: one opportunity', { timeout: 30_000 }, () => {
  beforeEach(setUpAdminPage);
  afterEach(tearDownAdminPage);

  it('shows its advertiser, facts, brief, applications and deliveries', async () => {
    mockApi({
      ...adminShellApi,
      'GET /admin/opportunities/12': { body: { data: makeDetail(12) } },
    });
    renderRoutes(createRoutes(), '/admin/opportunities/12');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ramadan recipes 12' }),
    ).toBeInTheDocument();
    expect(screen.getByText('OP-000012')).toBeInTheDocument();
    expect(screen.getByText('By Délice Tunisie')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All opportunities' })).toHaveAttribute(
      'href',
      '/admin/opportunities',
    );
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    expect(fact('Creators accepted')).toHaveTextContent('1 of 3');
    expect(fact('Price band')).toHaveTextContent(
      '\u206680.000 TND\u2069 – \u2066150.000 TND\u2069',
    );
    expect(fact('Applications until')).toHaveTextContent('20 Nov 2026');
    expect(fact('Visibility')).toHaveTextContent('Public: every matching creator');
    expect(fact('Video')).toHaveTextContent('30 s · Instagram, TikTok');
    const brief = screen.getByRole('region', { name: 'The brief' });
    expect(brief).toHaveTextContent('Cook one of our recipes, show the spices.');

    const applications = screen.getByRole('region', { name: 'Applications (3)' });
    const rows = within(applications).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Maya Trabelsi');
    expect(rows[0]).toHaveTextContent('Accepted');
    expect(rows[0]).toHaveTextContent('Price \u2066120.000 TND\u2069 · applied on 3 Nov 2026');
    expect(rows[1]).toHaveTextContent('Sami Ben Ali');
    expect(rows[1]).toHaveTextContent('Under review');
    // Three applications, two on the page: it says only the newest are shown.
    expect(applications).toHaveTextContent('The newest 2 of 3 applications are shown.');

    const deliveries = screen.getByRole('region', { name: 'Deliveries (2)' });
    const lines = within(deliveries).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('OP-000012-1 · Maya Trabelsi');
    expect(lines[0]).toHaveTextContent('Accepted, no video yet');
    expect(lines[0]).toHaveTextContent("price held in the advertiser's wallet");
    expect(lines[1]).toHaveTextContent('To review');
  });

  it('closes it with a reason, after saying what closing does', async () => {
    let detail: AdminOpportunityDetail = makeDetail(12);
    const calls = mockApi({
      ...adminShellApi,
      'GET /admin/opportunities/12': () => ({ body: { data: detail } }),
      'POST /admin/opportunities/12/close': (call: ApiCall) => {
        detail = makeDetail(12, {
          state: 'closed',
          reason: (call.body as { reason: string }).reason,
          allowed_transitions: [],
        });
        return { body: { data: detail } };
      },
    });
    renderRoutes(createRoutes(), '/admin/opportunities/12');
    const open = await screen.findByRole('button', { name: 'Close the opportunity' });
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Close OP-000012?' });
    expect(dialog).toHaveTextContent('closes the applications under review: 1');
    expect(dialog).toHaveTextContent(
      'cancels the deliveries without a video yet, their price going back to the advertiser: 1',
    );
    expect(dialog).toHaveTextContent('leaves the deliveries with a video to go on to their end: 1');

    // The reason is required: nothing is sent without one.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the opportunity' }));
    expect(await within(dialog).findByText('Please give the reason.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      '  Sells alcohol, against our rules.  ',
    );
    expect(dialog).toHaveTextContent('37 / 1,000 characters');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the opportunity' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        expect.objectContaining({
          path: '/admin/opportunities/12/close',
          body: { reason: 'Sells alcohol, against our rules.' },
        }),
      ]),
    );
    expect(
      await screen.findByText('OP-000012 is closed: the advertiser is told why.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Close the opportunity' })).not.toBeInTheDocument();
    const closed = screen.getByRole('note');
    expect(closed).toHaveTextContent('Closed, with this reason');
    expect(closed).toHaveTextContent('Sells alcohol, against our rules.');
    // The button is gone: the focus is on the page's heading.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Ramadan recipes 12' })).toHaveFocus(),
    );
  });

  it('gives the focus back to the button when the dialog is cancelled, by keyboard', async () => {
    mockApi({
      ...adminShellApi,
      'GET /admin/opportunities/12': { body: { data: makeDetail(12) } },
    });
    renderRoutes(createRoutes(), '/admin/opportunities/12');
    const open = await screen.findByRole('button', { name: 'Close the opportunity' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Close OP-000012?' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('offers no close once it has ended, and reads in Arabic', async () => {
    mockApi({
      ...adminShellApi,
      'GET /admin/opportunities/12': {
        body: {
          data: makeDetail(12, {
            state: 'completed',
            allowed_transitions: [],
            applications: [],
            lines: [],
            counts: { interests: 0, applications: 0, to_review: 0 },
          }),
        },
      },
    });
    await act(() => i18n.changeLanguage('tn'));
    renderRoutes(createRoutes(), '/admin/opportunities/12');
    expect(await screen.findByRole('heading', { name: 'الترشيحات (0)' })).toBeInTheDocument();
    expect(screen.getByText('مكتملة')).toBeInTheDocument();
    expect(screen.getByText('لم يترشح أي مبدع بعد.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إغلاق الفرصة' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for an unknown opportunity', async () => {
    mockApi({ ...adminShellApi });
    renderRoutes(createRoutes(), '/admin/opportunities/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
