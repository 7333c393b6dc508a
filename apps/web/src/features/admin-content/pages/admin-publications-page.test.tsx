import type { AdminPublicationLink } from '@clipmarket/contracts/content-delivery';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { type ApiCall, mockApi, renderRoutes } from '../../../app/test-utils';
import { adminShellApi, setUpAdminPage, tearDownAdminPage } from '../../../app/admin-test-setup';

const makeLink = (id: number, overrides: Partial<AdminPublicationLink> = {}) =>
  ({
    link_id: id,
    content_request_influencer_id: 100 + id,
    content_request_id: 50,
    reference: `CR-000050-${id}`,
    title: `Summer launch ${id}`,
    creator_name: 'Maya Trabelsi',
    advertiser_name: 'Jasmin SARL',
    platform: 'instagram',
    url: `https://www.instagram.com/p/post${id}/`,
    submitted_at: '2026-05-02T10:00:00.000Z',
    publishing_deadline: '2026-05-20',
    ...overrides,
  }) satisfies AdminPublicationLink;

/** The queue over an in-memory list: a decided link leaves it. */
function installApi(initial: AdminPublicationLink[]) {
  let links = [...initial];
  const calls = mockApi({
    ...adminShellApi,
    'GET /admin/publications': () => ({ body: { data: links, next_after: null } }),
    ...Object.fromEntries(
      initial.map((link) => [
        `POST /admin/publications/links/${link.link_id}`,
        (call: ApiCall) => {
          links = links.filter((l) => l.link_id !== link.link_id);
          const decision = (call.body as { decision: string }).decision;
          return {
            body: {
              data: {
                content_request_influencer_id: link.content_request_influencer_id,
                line_state: decision === 'approve' ? 'completed' : 'link_declined',
                link: {},
              },
            },
          };
        },
      ]),
    ),
  });
  return calls;
}

describe('Admin: publication links', { timeout: 30_000 }, () => {
  beforeEach(setUpAdminPage);
  afterEach(tearDownAdminPage);

  it('lists the links waiting, each opening the post in a new tab, and approves one', async () => {
    const calls = installApi([
      makeLink(1),
      makeLink(2, { platform: 'tiktok', url: 'https://www.tiktok.com/@maya/video/2' }),
      // An opportunity's line: no request behind it.
      makeLink(3, { content_request_id: null, reference: 'OP-000060-1' }),
    ]);
    renderRoutes(createRoutes(), '/admin/publications');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Publication links' }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[2]!).getByText('Opportunity OP-000060-1')).toBeInTheDocument();
    expect(within(cards[2]!).queryByText(/Request/)).toBeNull();
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Summer launch 1' })).toBeInTheDocument();
    expect(first.getByText('By Maya Trabelsi for Jasmin SARL')).toBeInTheDocument();
    // The line's public reference, the one the creator and the advertiser see.
    expect(first.getByText('Request CR-000050-1')).toBeInTheDocument();
    expect(first.getByText('Instagram')).toBeInTheDocument();
    const post = first.getByRole('link', { name: /instagram\.com\/p\/post1.*opens in a new tab/ });
    expect(post).toHaveAttribute('href', 'https://www.instagram.com/p/post1/');
    expect(post).toHaveAttribute('target', '_blank');
    expect(post).toHaveAttribute('rel', 'noopener noreferrer');

    // The menu has the page, current.
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Publication links' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(
      first.getByRole('button', { name: 'Approve the Instagram link of “Summer launch 1”' }),
    );
    expect(
      await screen.findByText('Link approved: “Summer launch 1” is completed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/admin/publications/links/1',
      body: { decision: 'approve' },
    });
  });

  it('declines a link with a reason, required, in a dialog', async () => {
    const calls = installApi([makeLink(1)]);
    renderRoutes(createRoutes(), '/admin/publications');
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Decline the Instagram link of “Summer launch 1”',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Decline the link' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline the link' }));
    expect(await within(dialog).findByText('Please give the reason.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'The post is private',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline the link' }));
    expect(
      await screen.findByText('Link declined: the creator will send it again.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/admin/publications/links/1',
      body: { decision: 'decline', reason: 'The post is private' },
    });
    expect(await screen.findByRole('heading', { name: 'No link to check' })).toBeInTheDocument();
  });

  it('says when no link is waiting', async () => {
    installApi([]);
    renderRoutes(createRoutes(), '/admin/publications');
    expect(await screen.findByRole('heading', { name: 'No link to check' })).toBeInTheDocument();
  });
});
