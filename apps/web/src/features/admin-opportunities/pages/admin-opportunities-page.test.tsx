import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminShellApi, setUpAdminPage, tearDownAdminPage } from '../../../app/admin-test-setup';
import { createRoutes } from '../../../app/shell-pages';
import { mockApi, renderRoutes } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { makeOpportunity, queriesOf } from '../test-setup';

describe('Admin: opportunities', { timeout: 30_000 }, () => {
  beforeEach(setUpAdminPage);
  afterEach(tearDownAdminPage);

  it('lists every advertiser’s opportunities with their state, spots, counts, band and dates', async () => {
    mockApi({
      ...adminShellApi,
      'GET /admin/opportunities': {
        body: {
          data: [
            makeOpportunity(12),
            makeOpportunity(11, {
              state: 'draft',
              title: '',
              price_min: null,
              price_max: null,
              published_at: null,
              application_deadline: null,
              delivery_deadline: null,
              spots: null,
              spots_taken: 0,
              counts: { interests: 0, applications: 0, to_review: 0 },
            }),
          ],
          next_before: null,
        },
      },
    });
    renderRoutes(createRoutes(), '/admin/opportunities');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opportunities' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Opportunities' });
    const card = within(list).getByRole('article', { name: 'Ramadan recipes 12' });
    expect(card).toHaveTextContent('OP-000012');
    expect(card).toHaveTextContent('By Délice Tunisie');
    expect(card).toHaveTextContent('Live');
    expect(card).toHaveTextContent('Creators: 1 of 3');
    expect(card).toHaveTextContent('Applications: 3 (1 to review)');
    expect(card).toHaveTextContent('Interested: 4');
    expect(card).toHaveTextContent(
      'Price per video \u206680.000 TND\u2069 – \u2066150.000 TND\u2069',
    );
    expect(card).toHaveTextContent('Published on 2 Nov 2026');
    expect(card).toHaveTextContent('applications until 20 Nov 2026');
    expect(within(card).getByRole('link', { name: 'Ramadan recipes 12' })).toHaveAttribute(
      'href',
      '/admin/opportunities/12',
    );
    const draft = within(list).getByRole('article', { name: 'Untitled opportunity' });
    expect(draft).toHaveTextContent('Draft');
    expect(draft).toHaveTextContent('No price band yet');
    expect(draft).toHaveTextContent('Creators: 0 of —');
  });

  it('filters by status and searches by title or reference, kept in the address', async () => {
    mockApi({
      ...adminShellApi,
      'GET /admin/opportunities': { body: { data: [makeOpportunity(12)], next_before: null } },
    });
    const { location } = renderRoutes(createRoutes(), '/admin/opportunities');
    await screen.findByRole('article', { name: 'Ramadan recipes 12' });
    expect(queriesOf('/admin/opportunities')[0]?.get('filter')).toBe('all');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Closed');
    await waitFor(() =>
      expect(queriesOf('/admin/opportunities').at(-1)?.get('filter')).toBe('closed'),
    );
    expect(location.search).toBe('?filter=closed');

    const search = screen.getByRole('search', { name: 'Find an opportunity' });
    await userEvent.type(
      within(search).getByRole('textbox', { name: 'Title or reference' }),
      'OP-000012{Enter}',
    );
    await waitFor(() =>
      expect(queriesOf('/admin/opportunities').at(-1)?.get('search')).toBe('OP-000012'),
    );
    expect(queriesOf('/admin/opportunities').at(-1)?.get('filter')).toBe('closed');
    expect(await screen.findByRole('status')).toHaveTextContent('Results for “OP-000012”');

    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() =>
      expect(queriesOf('/admin/opportunities').at(-1)?.has('search')).toBe(false),
    );
    expect(location.search).toBe('?filter=closed');
  });

  it('loads the next page after the last opportunity shown', async () => {
    mockApi({
      ...adminShellApi,
      'GET /admin/opportunities': () => {
        const before = queriesOf('/admin/opportunities').at(-1)?.get('before');
        return {
          body: before
            ? { data: [makeOpportunity(8)], next_before: null }
            : { data: [makeOpportunity(10), makeOpportunity(9)], next_before: 9 },
        };
      },
    });
    renderRoutes(createRoutes(), '/admin/opportunities');
    await screen.findByRole('article', { name: 'Ramadan recipes 9' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Ramadan recipes 8' })).toBeInTheDocument();
    expect(queriesOf('/admin/opportunities').at(-1)?.get('before')).toBe('9');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when a search finds nothing, in Arabic', async () => {
    mockApi({
      ...adminShellApi,
      'GET /admin/opportunities': { body: { data: [], next_before: null } },
    });
    await act(() => i18n.changeLanguage('tn'));
    renderRoutes(createRoutes(), '/admin/opportunities?search=harissa');
    expect(await screen.findByRole('heading', { level: 1, name: 'الفرص' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'لم يُعثر على أي فرصة' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'العنوان أو المرجع' })).toHaveValue('harissa');
  });
});
