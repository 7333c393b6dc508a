import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../app/test-utils';
import { emitRealtime } from '../test/realtime-mock';
import { twinklingQueryKey, useTwinklingSeen } from './twinkling';

vi.mock('./realtime', () => import('../test/realtime-mock'));

function Page() {
  const [isShown, setShown] = useState(false);
  useTwinklingSeen('twinkling_accept_request', isShown);
  return (
    <button type="button" onClick={() => setShown(true)}>
      show
    </button>
  );
}

describe('useTwinklingSeen', () => {
  it("tells the server once the page shows, and puts the answer in the menu's cache", async () => {
    signIn();
    const calls = mockApi({
      'POST /request/twinkling/seen': {
        body: { data: { twinkling_accept_request: false, twinkling_get_paid: true } },
      },
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(twinklingQueryKey, { twinkling_accept_request: true });
    renderWithProviders(<Page />, queryClient);
    expect(calls.filter((c) => c.path === '/request/twinkling/seen')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'show' }));
    await waitFor(() =>
      expect(queryClient.getQueryData(twinklingQueryKey)).toEqual({
        twinkling_accept_request: false,
        twinkling_get_paid: true,
      }),
    );
    const seen = () => calls.filter((c) => c.path === '/request/twinkling/seen');
    expect(seen()).toHaveLength(1);
    expect(seen()[0]?.body).toEqual({ flag: 'twinkling_accept_request' });

    // Something new arrives while the page shows it: seen at once, the highlight stays off.
    act(() => emitRealtime('new_notification', { notification_hash: 'h' }));
    await waitFor(() => expect(seen()).toHaveLength(2));
  });
});
