import type { CreatorValidationStatus } from '@clipmarket/contracts/creator-validation';
import type { NotificationItem } from '@clipmarket/contracts/notifications';
import type { ServerToClientEvents } from '@clipmarket/contracts/realtime';
import type { Me } from '@clipmarket/contracts/users';
import { notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { makeMe, mockApi, renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';

// The socket is replaced by a registry of handlers the test fires; everything else is real.
const realtimeHandlers = new Map<string, (payload: { notification_hash: string }) => void>();
vi.mock('../../../lib/realtime', () => ({
  useRealtimeEvent: (event: keyof ServerToClientEvents, handler: never) => {
    realtimeHandlers.set(event, handler);
  },
}));

const pending: CreatorValidationStatus = {
  state: 'pending',
  rejection_reason: null,
  allowed_transitions: [],
};
const rejected: CreatorValidationStatus = {
  state: 'rejected',
  rejection_reason: 'Your CIN scan is unreadable.',
  allowed_transitions: ['resubmit'],
};
const validated: CreatorValidationStatus = {
  state: 'validated',
  rejection_reason: null,
  allowed_transitions: [],
};

const creator = (validation: CreatorValidationStatus | null) =>
  ({ ...makeMe({ role: 'TALENT' }), validation }) as Me;

function notification(type: string, content: string): NotificationItem {
  return {
    notification_hash: `hash-${type}`,
    notification_status: 'Not read',
    notification_module: 'account',
    notification_type: type,
    module_item_id: null,
    collaboration_id: null,
    receiver_id: 1,
    sender_role: 'admin',
    sender_id: null,
    created_at: new Date().toISOString(),
    sender: null,
    content_request: null,
    content_opportunity: null,
    file: null,
    content,
    redirection: '/profile/check-profile',
    icon: 'circle-check',
    colour: 'Purple',
    image_kind: 'none',
  } as NotificationItem;
}

const notificationsPage = (items: NotificationItem[]) => ({
  body: {
    data: items,
    attributes: { count: items.length, total: items.length, page: 1, limit: 8 },
  },
});

describe('creator validation banner', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(async () => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
    realtimeHandlers.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('tells a creator whose account is pending that advertisers cannot find them yet', async () => {
    mockApi({ 'GET /user/getMe': { body: { data: creator(pending) } } });
    renderRoutes(createRoutes(), '/support-creator');
    expect(await screen.findByText('Your account is pending validation')).toBeInTheDocument();
    expect(screen.getByText(/Advertisers will find you in their search/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ask again/ })).toBeNull();
  });

  it('shows nothing once validated, nor for an API without the status', async () => {
    mockApi({ 'GET /user/getMe': { body: { data: creator(validated) } } });
    renderRoutes(createRoutes(), '/support-creator');
    expect(
      await screen.findByRole('heading', { name: 'Support for creators' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('validation-banner')).toBeNull();
    cleanup();
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } } });
    renderRoutes(createRoutes(), '/support-creator');
    expect(
      await screen.findByRole('heading', { name: 'Support for creators' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('validation-banner')).toBeNull();
  });

  it('gives a rejected creator the reason and asks again when the process allows it', async () => {
    let me = creator(rejected);
    const calls = mockApi({
      'GET /user/getMe': () => ({ body: { data: me } }),
      'POST /user/validation/resubmit': () => {
        me = creator({ ...pending, allowed_transitions: [] });
        return {
          body: { data: { state: 'pending', rejection_reason: null, allowed_transitions: [] } },
        };
      },
    });
    renderRoutes(createRoutes(), '/support-creator');
    expect(await screen.findByText('Your account was not validated')).toBeInTheDocument();
    expect(screen.getByText('Your CIN scan is unreadable.')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'I have updated my profile — ask again' }),
    );
    expect(await screen.findByText('Your account is pending validation')).toBeInTheDocument();
    expect(
      await screen.findByText('Thank you! Your account is waiting for validation again.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user/validation/resubmit')).toHaveLength(1);
    expect(screen.queryByText('Your account was not validated')).toBeNull();
  });

  it('offers no resubmit button when the process does not list it', async () => {
    mockApi({
      'GET /user/getMe': { body: { data: creator({ ...rejected, allowed_transitions: [] }) } },
    });
    renderRoutes(createRoutes(), '/support-creator');
    expect(await screen.findByText('Your CIN scan is unreadable.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ask again/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Update my profile' })).toBeInTheDocument();
  });

  it('goes away live when the "validated" notification arrives, without a reload', async () => {
    let me = creator(pending);
    let items: NotificationItem[] = [];
    const calls = mockApi({
      'GET /user/getMe': () => ({ body: { data: me } }),
      'GET /notifications': () => notificationsPage(items),
    });
    renderRoutes(createRoutes(), '/support-creator');
    expect(await screen.findByText('Your account is pending validation')).toBeInTheDocument();
    await waitFor(() => expect(realtimeHandlers.has('new_notification')).toBe(true));
    const meCalls = () => calls.filter((c) => c.path === '/user/getMe').length;
    const before = meCalls();

    me = creator(validated);
    items = [notification('account_validated', 'Your account is validated!')];
    await act(async () => {
      realtimeHandlers.get('new_notification')?.({ notification_hash: 'hash-account_validated' });
    });
    await waitFor(() =>
      expect(screen.queryByText('Your account is pending validation')).toBeNull(),
    );
    expect(meCalls()).toBe(before + 1);
    expect(await screen.findByText('Your account is validated!')).toBeInTheDocument();
  });

  it('leaves getMe alone for other notifications', async () => {
    const items = [notification('new_content_request', 'A new request')];
    const calls = mockApi({
      'GET /user/getMe': { body: { data: creator(pending) } },
      'GET /notifications': () => notificationsPage(items),
    });
    renderRoutes(createRoutes(), '/support-creator');
    await screen.findByText('Your account is pending validation');
    await waitFor(() => expect(realtimeHandlers.has('new_notification')).toBe(true));
    const before = calls.filter((c) => c.path === '/user/getMe').length;
    await act(async () => {
      realtimeHandlers.get('new_notification')?.({ notification_hash: 'hash-new_content_request' });
    });
    expect(await screen.findByText('A new request')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user/getMe')).toHaveLength(before);
  });

  it('speaks Arabic', async () => {
    await act(() => i18n.changeLanguage('tn'));
    mockApi({ 'GET /user/getMe': { body: { data: creator(rejected) } } });
    renderRoutes(createRoutes(), '/support-creator');
    expect(await screen.findByText('لم يتم قبول حسابك')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'لقد حدّثت ملفي الشخصي — أعد الطلب' }),
    ).toBeInTheDocument();
  });
});
