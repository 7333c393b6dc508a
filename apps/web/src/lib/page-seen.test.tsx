import { QueryClient } from '@tanstack/react-query';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderWithProviders, signIn } from '../app/test-utils';
import { getStartedQueryKey, useMarkSeen } from './page-seen';

function GetInspired() {
  useMarkSeen('get_inspired');
  return <p>Get inspired</p>;
}

const clicksOf = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((call) => call.path === '/user-click/create');

describe('useMarkSeen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("records a creator's opening of Get inspired and refreshes Get started", async () => {
    signIn();
    const calls = mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'POST /user-click/create': { status: 201, body: { data: { id: 1, created_at: '' } } },
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(getStartedQueryKey, { inspire: { done: false } });
    renderWithProviders(<GetInspired />, queryClient);
    await waitFor(() => expect(clicksOf(calls)).toHaveLength(1));
    expect(clicksOf(calls)[0]?.body).toEqual({ module: 'get_inspired', click: 'open' });
    await waitFor(() =>
      expect(queryClient.getQueryState(getStartedQueryKey)?.isInvalidated).toBe(true),
    );
  });

  it('records nothing once the step is done, nor for an advertiser', async () => {
    signIn();
    const calls = mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } } });
    const queryClient = new QueryClient();
    queryClient.setQueryData(getStartedQueryKey, { inspire: { done: true } });
    renderWithProviders(<GetInspired />, queryClient);
    await waitFor(() => expect(calls.some((call) => call.path === '/user/getMe')).toBe(true));
    cleanup();

    const brandCalls = mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
    });
    renderWithProviders(<GetInspired />, new QueryClient());
    await waitFor(() => expect(brandCalls.some((call) => call.path === '/user/getMe')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clicksOf(calls)).toHaveLength(0);
    expect(clicksOf(brandCalls)).toHaveLength(0);
  });
});
