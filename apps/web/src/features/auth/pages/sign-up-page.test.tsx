import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestRouter } from '../../../test/router';
import { afterEach, describe, expect, it } from 'vitest';
import SignUpPage from './sign-up-page';

function renderSignUpPage(url = '/sign-up') {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <TestRouter location={url}>
          <SignUpPage />
        </TestRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// Typing through user-event is slow on a busy CI machine.
describe('SignUpPage', { timeout: 20_000 }, () => {
  afterEach(() => cleanup());

  it('asks creators for social usernames and no brand name', async () => {
    const user = userEvent.setup({ delay: null });
    renderSignUpPage();
    expect(screen.getByLabelText(/^Instagram username/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Brand name/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Instagram username/), 'not valid!');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(
      await screen.findByText('The Instagram username field has an invalid value'),
    ).toBeInTheDocument();
    expect(screen.getByText('The email field is required')).toBeInTheDocument();
  });

  it('asks advertisers for the brand name, with the spec messages', async () => {
    const user = userEvent.setup({ delay: null });
    renderSignUpPage();
    await user.click(screen.getByRole('radio', { name: /An advertiser/ }));
    expect(screen.getByRole('radio', { name: 'A brand' })).toBeChecked();
    await user.type(screen.getByLabelText(/^Password/), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('The brand name field is required')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The password field must have at least one uppercase char, one lowercase char, one digit',
      ),
    ).toBeInTheDocument();
  });

  it('says "Agency name" when an agency signs up, "Brand name" for a brand', async () => {
    const user = userEvent.setup({ delay: null });
    renderSignUpPage('/sign-up?as=agency');
    expect(screen.getByLabelText(/^Agency name/)).toBeInTheDocument();
    expect(screen.getByText('Your agency name cannot be changed later.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Brand name/)).not.toBeInTheDocument();
    // The message names the field as its label does.
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('The agency name field is required')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'A brand' }));
    expect(screen.getByLabelText(/^Brand name/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Agency name/)).not.toBeInTheDocument();
  });

  it('shows the password rules as they are met', async () => {
    const user = userEvent.setup({ delay: null });
    renderSignUpPage('/sign-up?as=agency');
    expect(screen.getByRole('radio', { name: 'An agency' })).toBeChecked();
    await user.type(screen.getByLabelText(/^Password/), 'Secret12');
    const list = screen.getByRole('list');
    expect(within(list).getAllByText('(done)')).toHaveLength(4);
  });
});
