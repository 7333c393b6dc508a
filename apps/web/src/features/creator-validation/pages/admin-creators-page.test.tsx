import type { AdminCreator } from '@clipmarket/contracts/creator-validation';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAdminPage, tearDownAdminPage } from '../../../app/admin-test-setup';
import { createRoutes } from '../../../app/shell-pages';
import { makeMe, mockApi, renderRoutes } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { adminCreatorsPage, makeAdminCreator } from '../test-data';

type State = AdminCreator['state'];
type Answer = { status?: number; body?: unknown };
interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * A fake of the admin's API: the shell's calls and the creator validation endpoints over
 * in-memory lists (keyset pages by position). `overrides` answer first, by "METHOD /path".
 */
function installAdminApi(
  lists: Partial<Record<State, AdminCreator[]>>,
  options: { pageSize?: number; overrides?: Record<string, (call: Call) => Answer> } = {},
) {
  const byState: Record<State, AdminCreator[]> = {
    pending: [],
    validated: [],
    rejected: [],
    ...lists,
  };
  const pageSize = options.pageSize ?? 20;
  const move = (userId: number, to: State, reason: string | null = null): Answer => {
    const creator = Object.values(byState)
      .flat()
      .find((c) => c.user_id === userId)!;
    for (const state of ['pending', 'validated', 'rejected'] as const) {
      byState[state] = byState[state].filter((c) => c.user_id !== userId);
    }
    const moved: AdminCreator = {
      ...creator,
      state: to,
      rejection_reason: reason,
      allowed_transitions: to === 'rejected' ? ['validate'] : [],
    };
    byState[to] = [...byState[to], moved];
    return { body: { data: moved } };
  };
  const route = (call: Call): Answer => {
    const override = options.overrides?.[`${call.method} ${call.path}`];
    if (override) return override(call);
    if (call.path === '/user/getMe')
      return { body: { data: makeMe({ role: 'ADMIN', fullname: 'Admin' }) } };
    if (call.path === '/request/get_twinkling/list') return { body: { data: {} } };
    if (call.path === '/country/states/TN')
      return { body: { data: [{ isoCode: '61', name: 'Sfax' }] } };
    if (call.path === '/media/private-url') {
      const signed = `expires=99&user=1&signature=sig-${call.query.get('file_id')}`;
      return {
        body: {
          data: {
            url: `/v2/media/${call.query.get('size')}/cin-token-abcdefgh.jpg?${signed}`,
            expires_at: '2030-01-01T00:00:00.000Z',
          },
        },
      };
    }
    if (call.method === 'GET' && call.path === '/admin/creators') {
      const state = (call.query.get('state') ?? 'pending') as State;
      const start = Number(call.query.get('cursor') ?? 0);
      const limit = Math.min(Number(call.query.get('limit') ?? pageSize), pageSize);
      const items = byState[state].slice(start, start + limit);
      const end = start + items.length;
      return adminCreatorsPage(
        items,
        end < byState[state].length ? String(end) : null,
        byState.pending.length,
      );
    }
    const action = /^\/admin\/creators\/(\d+)\/(validate|reject)$/.exec(call.path);
    if (call.method === 'POST' && action) {
      return action[2] === 'validate'
        ? move(Number(action[1]), 'validated')
        : move(Number(action[1]), 'rejected', (call.body as { reason: string }).reason);
    }
    const mediaKit = /^\/admin\/creators\/(\d+)\/media-kit$/.exec(call.path);
    if (call.method === 'PUT' && mediaKit) {
      const on = (call.body as { is_show_media_kit: boolean }).is_show_media_kit;
      return { body: { data: { user_id: Number(mediaKit[1]), is_show_media_kit: on } } };
    }
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Route not found' } } };
  };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: (init?.method ?? 'GET').toUpperCase(),
        path: url.pathname.replace(/^\/v2/, ''),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer = route(call);
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const listCalls = (state: State) =>
    calls.filter(
      (c) =>
        c.path === '/admin/creators' &&
        c.query.get('state') === state &&
        c.query.get('limit') === '20',
    );
  return { calls, listCalls };
}

// Typing and lazy routes take a while on a busy machine.
describe('Admin: creators to validate', { timeout: 20_000 }, () => {
  beforeEach(setUpAdminPage);
  afterEach(tearDownAdminPage);

  it('lists pending creators with what an admin needs to decide, and loads more', async () => {
    const creators = [1, 2, 3].map((id) => makeAdminCreator(id));
    creators[0] = makeAdminCreator(1, {
      is_verified: false,
      state_entered_at: new Date(Date.now() - 3 * 24 * 3_600_000).toISOString(),
    });
    const { listCalls } = installAdminApi({ pending: creators }, { pageSize: 2 });
    renderRoutes(createRoutes(), '/admin/creators');

    expect(
      await screen.findByRole('heading', { name: 'Creators to validate', level: 1 }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'maker.1' })).toBeInTheDocument();
    expect(first.getByText('Amira Ben Salah')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'creator1@example.tn' })).toHaveAttribute(
      'href',
      'mailto:creator1@example.tn',
    );
    expect(first.getByText('E-mail not confirmed')).toBeInTheDocument();
    expect(first.getByText('Waiting for 3 days')).toBeInTheDocument();
    expect(first.getByText('Overdue')).toBeInTheDocument();
    expect(first.getByText('1 Mar 2025')).toBeInTheDocument();
    expect(first.getByText('Woman')).toBeInTheDocument();
    expect(first.getByText('25-35')).toBeInTheDocument();
    expect(first.getByText('Food')).toBeInTheDocument();
    expect(first.getByText('Instagram: 25,300 followers')).toBeInTheDocument();
    expect(first.getByText('09876543')).toBeInTheDocument();
    expect(await first.findByText('Sfax, Tunisia')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /Instagram profile of maker.1/ })).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Waiting for 5 hours')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Overdue')).toBeNull();

    // The pending count is in the menu and on the tab.
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(
      await within(nav).findByRole('link', { name: 'Creators to validate 3 waiting' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('tab', { name: /Pending/ })).toHaveTextContent('3');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls('pending').map((c) => c.query.get('cursor'))).toEqual([null, '2']);
  });

  it('shows the CIN scan in a dialog through a signed URL, no token in it', async () => {
    installAdminApi({ pending: [makeAdminCreator(1)] });
    renderRoutes(createRoutes(), '/admin/creators');
    await userEvent.click(
      await screen.findByRole('button', { name: 'View the scan of the CIN of maker.1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'CIN of maker.1' });
    const image = within(dialog).getByRole('img', { name: 'Scan of the identity card of maker.1' });
    expect(image.getAttribute('src')).toBe(
      '/v2/media/medium/cin-token-abcdefgh.jpg?expires=99&user=1&signature=sig-70',
    );
    expect(
      within(dialog).getByRole('link', { name: 'Open the original file (new tab)' }),
    ).toHaveAttribute(
      'href',
      '/v2/media/full/cin-token-abcdefgh.jpg?expires=99&user=1&signature=sig-70',
    );
    expect(within(dialog).getByText('CIN number: 09876543')).toBeInTheDocument();
  });

  it('validates after a confirmation; the list and the count follow and a toast confirms', async () => {
    const { calls } = installAdminApi({ pending: [makeAdminCreator(1), makeAdminCreator(2)] });
    renderRoutes(createRoutes(), '/admin/creators');
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Validate maker.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validate this account?' });
    expect(
      within(dialog).getByText(/maker.1 will appear in advertisers' search/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate the account' }));

    expect(await screen.findByText('The account of maker.1 is validated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/creators/1/validate')).toBe(
      true,
    );
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(
      await within(nav).findByRole('link', { name: 'Creators to validate 1 waiting' }),
    ).toBeInTheDocument();

    // The validated tab now lists them, with no action left.
    await userEvent.click(screen.getByRole('tab', { name: 'Validated' }));
    const card = await screen.findByRole('article', { name: 'maker.1' });
    expect(within(card).getByText(/^Validated on/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Validate|Reject/ })).toBeNull();
  });

  it('rejects only with a reason, sent as typed, and the creator moves to Rejected', async () => {
    const { calls } = installAdminApi({ pending: [makeAdminCreator(1)] });
    renderRoutes(createRoutes(), '/admin/creators');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject maker.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this account?' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason of the rejection/ });
    expect(reason).toHaveAttribute('maxlength', '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject the account' }));
    expect(
      within(dialog).getByText('Please give the reason of the rejection.'),
    ).toBeInTheDocument();
    await userEvent.type(reason, '  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject the account' }));
    expect(
      within(dialog).getByText('Please give the reason of the rejection.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false);

    await userEvent.clear(reason);
    await userEvent.type(reason, 'The CIN scan is unreadable.');
    expect(within(dialog).getByText('27 / 500 characters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject the account' }));
    expect(await screen.findByText('The account of maker.1 is rejected.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/creators/1/reject')?.body).toEqual({
      reason: 'The CIN scan is unreadable.',
    });
    expect(
      await screen.findByRole('heading', { name: 'No account is waiting for validation' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    const card = await screen.findByRole('article', { name: 'maker.1' });
    expect(within(card).getByText('The CIN scan is unreadable.')).toBeInTheDocument();
    // From rejected the process allows validate only: the buttons follow allowed_transitions.
    expect(within(card).getByRole('button', { name: 'Validate maker.1' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Reject maker.1' })).toBeNull();
  });

  it('says so when someone acted first (409 INVALID_TRANSITION) and refreshes the list', async () => {
    const { listCalls } = installAdminApi(
      { pending: [makeAdminCreator(1)] },
      {
        overrides: {
          'POST /admin/creators/1/validate': () => ({
            status: 409,
            body: { error: { code: 'INVALID_TRANSITION', message: 'Not allowed from validated' } },
          }),
        },
      },
    );
    renderRoutes(createRoutes(), '/admin/creators');
    await userEvent.click(await screen.findByRole('button', { name: 'Validate maker.1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Validate the account' }));
    expect(await screen.findByText(/This action is no longer possible/)).toBeInTheDocument();
    await waitFor(() => expect(listCalls('pending')).toHaveLength(2));
  });

  it("turns a creator's media kit on and off with the switch on their card", async () => {
    const { calls, listCalls } = installAdminApi({
      validated: [
        makeAdminCreator(1, { state: 'validated', allowed_transitions: [] }),
        makeAdminCreator(2, { state: 'validated', allowed_transitions: [] }),
      ],
    });
    renderRoutes(createRoutes(), '/admin/creators?state=validated');
    const card = await screen.findByRole('article', { name: 'maker.1' });
    const toggle = within(card).getByRole('switch', { name: 'Media kit of maker.1' });
    expect(toggle).not.toBeChecked();
    expect(
      within(card).getByText('The creator builds a media kit and shares its public page.'),
    ).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(await screen.findByText('The media kit of maker.1 is on.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    const puts = () => calls.filter((c) => c.method === 'PUT');
    expect(puts().map((c) => [c.path, c.body])).toEqual([
      ['/admin/creators/1/media-kit', { is_show_media_kit: true }],
    ]);
    // The other card is untouched, and the list is not read again for one flag.
    expect(screen.getByRole('switch', { name: 'Media kit of maker.2' })).not.toBeChecked();
    expect(listCalls('validated')).toHaveLength(1);

    await userEvent.click(toggle);
    expect(
      await screen.findByText('The media kit of maker.1 is off: its public page is hidden.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(puts().at(-1)?.body).toEqual({ is_show_media_kit: false });
  });

  it('keeps the saved media kit state and says why when the change fails', async () => {
    installAdminApi(
      {
        pending: [
          makeAdminCreator(1, {
            profile: { ...makeAdminCreator(1).profile, is_show_media_kit: true },
          }),
        ],
      },
      {
        overrides: {
          'PUT /admin/creators/1/media-kit': () => ({
            status: 404,
            body: { error: { code: 'NOT_FOUND', message: 'Creator not found' } },
          }),
        },
      },
    );
    renderRoutes(createRoutes(), '/admin/creators');
    const toggle = await screen.findByRole('switch', { name: 'Media kit of maker.1' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(
      await screen.findByText('We could not find what you are looking for.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toBeEnabled();
  });

  it('shows no action the API does not allow', async () => {
    installAdminApi({ pending: [makeAdminCreator(1, { allowed_transitions: [] })] });
    renderRoutes(createRoutes(), '/admin/creators');
    const card = await screen.findByRole('article', { name: 'maker.1' });
    expect(within(card).queryByRole('button', { name: /Validate|Reject/ })).toBeNull();
  });

  it('offers a retry when the list cannot be loaded, and an empty state', async () => {
    let fail = true;
    const { listCalls } = installAdminApi(
      {},
      {
        overrides: {
          'GET /admin/creators': () =>
            fail
              ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }
              : adminCreatorsPage([]),
        },
      },
    );
    renderRoutes(createRoutes(), '/admin/creators');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry! Something gone wrong');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'No account is waiting for validation' }),
    ).toBeInTheDocument();
    expect(listCalls('pending').length).toBeGreaterThanOrEqual(2);
  });

  it('is keyboard-usable: tabs with the arrow keys, dialogs from the keyboard', async () => {
    installAdminApi({
      pending: [makeAdminCreator(1)],
      rejected: [
        makeAdminCreator(2, {
          state: 'rejected',
          rejection_reason: 'Blurry CIN',
          allowed_transitions: ['validate'],
        }),
      ],
    });
    renderRoutes(createRoutes(), '/admin/creators');
    await screen.findByRole('article', { name: 'maker.1' });
    screen.getByRole('tab', { name: /Pending/ }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Rejected' })).toHaveFocus();
    expect(await screen.findByRole('article', { name: 'maker.2' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Validate maker.2' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Validate this account?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it("is in the admins' menu, beside the admin home where home and the logo take them", async () => {
    installAdminApi({ pending: [makeAdminCreator(1)] });
    const { location } = renderRoutes(createRoutes(), '/');
    await waitFor(() => expect(location.pathname).toBe('/admin'));
    expect(await screen.findByRole('link', { name: 'Clipmarket home' })).toHaveAttribute(
      'href',
      '/admin',
    );
    // The menu item and the home's card (the frame shows while the home's chunk arrives).
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('link', { name: /^Creators to validate/, hidden: true })
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/admin/creators', '/admin/creators']),
    );
  });

  it('is the not-found page for anyone but admins', async () => {
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } } });
    renderRoutes(createRoutes(), '/admin/creators');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await act(() => i18n.changeLanguage('tn'));
    installAdminApi({ pending: [makeAdminCreator(1)] });
    renderRoutes(createRoutes(), '/admin/creators');
    expect(
      await screen.findByRole('heading', { name: 'صنّاع محتوى في انتظار التحقق', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'قبول maker.1' })).toBeInTheDocument();
  });
});
