import type { NotificationItem } from '@clipmarket/contracts/notifications';
import type { ServerToClientEvents } from '@clipmarket/contracts/realtime';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { storeTokens } from '../../../lib/session';
import { NotificationBell } from './notification-bell';

// The socket is replaced by a registry of handlers the test can fire; everything else is real.
const realtimeHandlers = new Map<string, (payload: { notification_hash: string }) => void>();
vi.mock('../../../lib/realtime', () => ({
  useRealtimeEvent: (event: keyof ServerToClientEvents, handler: never) => {
    realtimeHandlers.set(event, handler);
  },
}));

function makeItem(index: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    notification_hash: `hash-${index}`,
    notification_status: 'Not read',
    notification_module: 'content_request',
    notification_type: 'request_accepted',
    module_item_id: index,
    collaboration_id: null,
    receiver_id: 1,
    sender_role: 'talent',
    sender_id: 2,
    created_at: new Date(Date.now() - index * 60_000).toISOString(),
    sender: null,
    content_request: null,
    content_opportunity: null,
    file: null,
    content: `Notification number ${index}`,
    redirection: `/request-content/${index}`,
    icon: 'circle-check',
    colour: 'Purple',
    image_kind: 'talent',
    ...overrides,
  };
}

interface FakeServer {
  items: NotificationItem[];
  readStatus: number;
  calls: string[];
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function installServer(server: FakeServer) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      server.calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/v2/notifications') {
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        return json({
          data: server.items.slice((page - 1) * limit, page * limit),
          attributes: {
            count: server.items.filter((i) => i.notification_status === 'Not read').length,
            total: server.items.length,
            page,
            limit,
          },
        });
      }
      const read = /^\/v2\/notification\/([^/]+)\/read$/.exec(url.pathname);
      if (read) {
        if (server.readStatus !== 200) {
          return json({ error: { code: 'INTERNAL', message: 'boom' } }, server.readStatus);
        }
        const item = server.items.find((i) => i.notification_hash === read[1]);
        return json({
          data: {
            notification_hash: read[1],
            notification_status: 'Read',
            redirection: item?.redirection ?? '/',
          },
        });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'no route' } }, 404);
    }),
  );
}

function renderBell() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // env="test": no transitions, and jsdom's zero-size layout does not hide the dropdown.
  return render(
    <MantineProvider env="test">
      <Notifications limit={1} />
      <QueryClientProvider client={queryClient}>
        <TestRouter location={'/'}>
          <NotificationBell />
          <Switch>
            <Route path="/">
              <p>Home page</p>
            </Route>
            <Route path="/request-content/:id">
              <p>Request page</p>
            </Route>
          </Switch>
        </TestRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('NotificationBell', { timeout: 20_000 }, () => {
  let server: FakeServer;
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    storeTokens({ accessToken: 'access', refreshToken: 'refresh' });
    server = {
      items: Array.from({ length: 10 }, (_, i) => makeItem(i + 1)),
      readStatus: 200,
      calls: [],
    };
    server.items[9] = { ...server.items[9]!, notification_status: 'Read' };
    installServer(server);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    realtimeHandlers.clear();
    await i18n.changeLanguage('en');
  });

  it('moves the focus into the list on opening, and back to the bell on Escape (issue 8)', async () => {
    const user = userEvent.setup({ delay: null });
    renderBell();
    const bell = await screen.findByRole(
      'button',
      { name: 'Notifications, 9 unread' },
      { timeout: 10_000 },
    );
    // Twice: the first opening loads the list (its own chunk), the second reuses it.
    for (let round = 0; round < 2; round++) {
      bell.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Notifications' },
        { timeout: 10_000 },
      );
      const first = within(dialog).getAllByRole('listitem')[0]!;
      await waitFor(() => expect(within(first).getByRole('button')).toHaveFocus());
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const current = screen.getByRole('button', { name: 'Notifications, 9 unread' });
      await waitFor(() => expect(current).toHaveFocus());
    }
  });

  it('shows the unread counter in its label and lists 8 per page', async () => {
    const user = userEvent.setup({ delay: null });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 9 unread' });
    expect(server.calls[0]).toBe('/v2/notifications?page=1&limit=8&lang=en');
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(8);
    expect(within(dialog).getByText('Notification number 1')).toBeInTheDocument();
    expect(within(dialog).getByText('1 minute ago')).toBeInTheDocument();
  });

  it('loads the next page when the bottom of the list becomes visible', async () => {
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    const user = userEvent.setup({ delay: null });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 9 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(8);
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    await act(async () => {
      observers.at(-1)?.(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(10));
    expect(server.calls).toContain('/v2/notifications?page=2&limit=8&lang=en');
  });

  it('cuts long texts to 90 characters plus an ellipsis', async () => {
    server.items[0] = makeItem(1, { content: 'x'.repeat(120) });
    const user = userEvent.setup({ delay: null });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 9 unread' }));
    expect(await screen.findByText(`${'x'.repeat(90)}…`)).toBeInTheDocument();
  });

  it('marks read on click, drops the counter and navigates to the redirection', async () => {
    const user = userEvent.setup({ delay: null });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 9 unread' }));
    await user.click(await screen.findByText('Notification number 3'));
    expect(await screen.findByText('Request page')).toBeInTheDocument();
    expect(server.calls).toContain('/v2/notification/hash-3/read');
    expect(screen.getByRole('button', { name: 'Notifications, 8 unread' })).toBeInTheDocument();
  });

  it('shows "Something gone wrong!" when marking read fails, and stays put', async () => {
    server.readStatus = 500;
    const user = userEvent.setup({ delay: null });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 9 unread' }));
    await user.click(await screen.findByText('Notification number 2'));
    expect(await screen.findByText('Something gone wrong!')).toBeInTheDocument();
    expect(screen.queryByText('Request page')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 9 unread' })).toBeInTheDocument();
  });

  it('refreshes and shows a toast on new_notification; removes an item on notification_deleted', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 9 unread' });
    server.items.unshift(makeItem(0, { content: 'A brand new request for you' }));
    await act(async () => {
      realtimeHandlers.get('new_notification')?.({ notification_hash: 'hash-0' });
    });
    expect(await screen.findByText('New notification')).toBeInTheDocument();
    expect(screen.getByText('A brand new request for you')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Notifications, 10 unread' });

    await act(async () => {
      realtimeHandlers.get('notification_deleted')?.({ notification_hash: 'hash-1' });
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications, 9 unread' })).toBeInTheDocument(),
    );
  });

  it("shows one toast at a time, the answer to the person's own action before a notification's", async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 9 unread' });
    for (const [index, content] of ['First news', 'Second news'].entries()) {
      server.items.unshift(makeItem(100 + index, { content }));
      await act(async () => {
        realtimeHandlers.get('new_notification')?.({ notification_hash: `hash-${100 + index}` });
      });
    }
    // The newest notification's toast replaces the older one.
    expect(await screen.findByText('Second news')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('First news')).not.toBeInTheDocument());
    // The answer to what the person just did comes first; the notification's waits behind it.
    act(
      () =>
        void notifications.show({ id: 'answer', message: 'Application approved successfully!' }),
    );
    expect(await screen.findByText('Application approved successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Second news')).not.toBeInTheDocument());
    expect(notificationsStore.getState().queue).toHaveLength(1);
    act(() => void notifications.hide('answer'));
    expect(await screen.findByText('Second news')).toBeInTheDocument();
  });

  it('speaks Arabic with the tn interface language', async () => {
    await i18n.changeLanguage('tn');
    renderBell();
    expect(
      await screen.findByRole('button', { name: 'الإشعارات، 9 غير مقروءة' }),
    ).toBeInTheDocument();
    expect(server.calls[0]).toContain('lang=tn');
  });
});
