import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import ContactUsPage from './contact-us-page';

function renderPage() {
  renderWithProviders(
    <TestRouter location="/">
      <ContactUsPage />
    </TestRouter>,
  );
}
const subject = () => screen.getByRole('textbox', { name: /Subject/ });
const body = () => screen.getByRole('textbox', { name: /Body/ });
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('contact us', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
  });

  it('requires a subject and a body, with the spec messages', async () => {
    const calls = mockApi({});
    renderPage();
    await send();
    expect(await screen.findByText('The subject field is required')).toBeInTheDocument();
    expect(screen.getByText('The body field is required')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/support/contact')).toBe(false);
  });

  it('refuses text over the limits', async () => {
    const calls = mockApi({});
    renderPage();
    fireEvent.change(subject(), { target: { value: 's'.repeat(201) } });
    fireEvent.change(body(), { target: { value: 'b'.repeat(5001) } });
    await send();
    expect(
      await screen.findByText('The subject field must be at most 200 characters long'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The body field must be at most 5000 characters long'),
    ).toBeInTheDocument();
    expect(screen.getByText('201/200')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/support/contact')).toBe(false);
  });

  it('sends the message, confirms and clears the form', async () => {
    const calls = mockApi({
      'POST /support/contact': {
        status: 201,
        body: { data: { id: 5, subject: 'Invoice', created_at: '2025-01-01T00:00:00Z' } },
      },
    });
    renderPage();
    await userEvent.type(subject(), 'Invoice');
    await userEvent.type(body(), 'Where is my invoice?');
    await send();
    expect(
      await screen.findByText('Your message has been sent. Our team will answer you by e-mail.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/support/contact')?.body).toEqual({
      subject: 'Invoice',
      body: 'Where is my invoice?',
    });
    await waitFor(() => expect(subject()).toHaveValue(''));
    expect(body()).toHaveValue('');
  });

  it('says what went wrong when the server refuses', async () => {
    mockApi({
      'POST /support/contact': {
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: 'Too many attempts' } },
      },
    });
    renderPage();
    await userEvent.type(subject(), 'Hello');
    await userEvent.type(body(), 'Again');
    await send();
    expect(
      await screen.findByText('Too many attempts. Please wait a minute and try again.'),
    ).toBeInTheDocument();
    expect(subject()).toHaveValue('Hello');
  });
});
