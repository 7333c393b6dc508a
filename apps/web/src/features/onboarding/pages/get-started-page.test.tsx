import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import GetStartedPage from './get-started-page';

function renderPage() {
  renderWithProviders(
    <TestRouter location="/">
      <GetStartedPage />
    </TestRouter>,
  );
}

describe('Get started', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('walks creators through the onboarding and the request steppers (spec §1)', async () => {
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } } });
    renderPage();
    const onboarding = await screen.findByRole('region', { name: 'Your first content' });
    for (const label of ['Ideate', 'Inspire', 'Create first content', 'Upload video']) {
      expect(within(onboarding).getByText(label)).toBeInTheDocument();
    }
    const request = screen.getByRole('region', { name: 'How a content request works' });
    for (const label of [
      'Content Request Details',
      'Upload your content',
      'Wait for review',
      'Get paid for your work',
    ]) {
      expect(within(request).getByText(label)).toBeInTheDocument();
    }

    expect(within(onboarding).getByText(/One clear idea/)).toBeInTheDocument();
    await userEvent.click(within(onboarding).getByRole('button', { name: 'Next' }));
    expect(within(onboarding).getByText(/note the hooks/)).toBeInTheDocument();
    await userEvent.click(within(onboarding).getByRole('button', { name: 'Back' }));
    expect(within(onboarding).getByText(/One clear idea/)).toBeInTheDocument();
  });

  it('shows advertisers how to order a video instead', async () => {
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'AGENCY' }) } } });
    renderPage();
    expect(
      await screen.findByRole('region', { name: 'Order your first video' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your first content' })).toBeNull();
    expect(screen.getByRole('link', { name: 'More answers in Support' })).toHaveAttribute(
      'href',
      '/support-advertiser',
    );
  });
});
