import type { AdminLine } from '@clipmarket/contracts/content-delivery';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { mockApi, renderRoutes } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { adminShellApi, setUpAdminPage, tearDownAdminPage } from '../../../app/admin-test-setup';

const makeLine = (id: number, overrides: Partial<AdminLine> = {}) =>
  ({
    content_request_influencer_id: id,
    content_request_id: 40 + id,
    reference: `CR-0000${40 + id}-1`,
    title: `Summer launch ${id}`,
    advertiser_name: 'Délice Tunisie',
    creator_name: 'Maya Trabelsi',
    state: 'accepted',
    entered_at: '2026-11-02T10:00:00.000Z',
    price: 150_000,
    delivery_deadline: '2026-11-20T12:30:00.000Z',
    sent_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  }) satisfies AdminLine;

describe('Admin: content requests', { timeout: 30_000 }, () => {
  beforeEach(setUpAdminPage);
  afterEach(tearDownAdminPage);

  it('lists the lines in progress with parties, state and since when; filters; leads to disputes', async () => {
    let showEnded = false;
    mockApi({
      ...adminShellApi,
      'GET /admin/content-requests': () => ({
        body: {
          data: showEnded
            ? [makeLine(3, { state: 'completed', title: 'Butter — Eid pastries' })]
            : [makeLine(2, { state: 'disputed' }), makeLine(1)],
          next_before: null,
        },
      }),
    });
    renderRoutes(createRoutes(), '/admin/content-requests');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content requests' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Content request lines' });
    const first = within(list).getByRole('article', { name: 'Summer launch 1' });
    expect(first).toHaveTextContent('Délice Tunisie → Maya Trabelsi');
    expect(first).toHaveTextContent('Accepted');
    expect(first).toHaveTextContent('In this state since 2 Nov 2026');
    expect(first).toHaveTextContent('Delivery by 20 Nov 2026');
    expect(first).toHaveTextContent('Request CR-000041-1');
    expect(first).toHaveTextContent("Creator's price 150.000 TND");
    const disputed = within(list).getByRole('article', { name: 'Summer launch 2' });
    expect(disputed).toHaveTextContent('Disputed');
    expect(within(disputed).getByRole('link', { name: 'Open the disputes' })).toHaveAttribute(
      'href',
      '/admin/disputes',
    );

    showEnded = true;
    await userEvent.click(screen.getByRole('radio', { name: 'Ended' }));
    expect(await screen.findByRole('article', { name: 'Butter — Eid pastries' })).toHaveTextContent(
      'Completed',
    );
  });

  it('says when nothing is in progress, and reads in Arabic', async () => {
    mockApi({
      ...adminShellApi,
      'GET /admin/content-requests': { body: { data: [], next_before: null } },
    });
    await act(() => i18n.changeLanguage('tn'));
    renderRoutes(createRoutes(), '/admin/content-requests');
    expect(
      await screen.findByRole('heading', { name: 'لا يوجد طلب قيد التنفيذ' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'طلبات المحتوى' })).toBeInTheDocument();
  });

  it('names the parties in Arabic with words, not an arrow that Latin names would turn around', async () => {
    mockApi({
      ...adminShellApi,
      'GET /admin/content-requests': { body: { data: [makeLine(1)], next_before: null } },
    });
    await act(() => i18n.changeLanguage('tn'));
    renderRoutes(createRoutes(), '/admin/content-requests');
    // With Latin names on both sides, "A ← B" is laid out left to right and reads backwards.
    expect(await screen.findByRole('article', { name: 'Summer launch 1' })).toHaveTextContent(
      'من Délice Tunisie إلى Maya Trabelsi',
    );
  });

  it("shows one request's lines when opened from a dispute, with the way back to every request", async () => {
    const asked: string[] = [];
    mockApi({
      ...adminShellApi,
      'GET /admin/content-requests': () => ({
        body: {
          data: [makeLine(7, { content_request_id: 3, state: 'disputed' })],
          next_before: null,
        },
      }),
    });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(String(input));
      return realFetch(input, init);
    });
    renderRoutes(createRoutes(), '/admin/content-requests?request=3');
    expect(
      await screen.findByRole('heading', { name: 'Lines of request CR-000003' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Content request lines' });
    expect(within(list).getByRole('article', { name: 'Summer launch 7' })).toBeInTheDocument();
    const query = new URL(
      asked.find((url) => url.includes('/admin/content-requests?'))!,
      'http://localhost',
    ).searchParams;
    expect(query.get('filter')).toBe('all');
    expect(query.get('content_request_id')).toBe('3');
    expect(screen.getByRole('link', { name: 'Show every request' })).toHaveAttribute(
      'href',
      '/admin/content-requests',
    );
  });
});
