import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../app/test-utils';
import { TestRouter } from '../../../test/router';
import VerifyEmailPage from './verify-email-page';

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <TestRouter location={url}>
          <VerifyEmailPage />
        </TestRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const user = { user_id: 7, email: 'brand@test.clipmarket.tn', role: 'BRAND', is_verified: true };

describe('VerifyEmailPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('confirms the address from the link', async () => {
    mockApi({
      'POST /auth/verify-email': { body: { data: { ...user, already_verified: false } } },
    });
    renderPage('/verify-email?token=abc');
    expect(
      await screen.findByText('Your email address is confirmed. Thank you!'),
    ).toBeInTheDocument();
  });

  it('says the address is already confirmed when the link is opened again', async () => {
    mockApi({ 'POST /auth/verify-email': { body: { data: { ...user, already_verified: true } } } });
    renderPage('/verify-email?token=abc');
    expect(await screen.findByText('Your email address is already confirmed.')).toBeInTheDocument();
    expect(screen.queryByText(/invalid or has expired/)).toBeNull();
  });
});
