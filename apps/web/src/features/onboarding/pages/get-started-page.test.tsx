import type { GetStarted } from '@clipmarket/contracts/get-started';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { meQueryKey } from '../../../lib/me';
import GetStartedPage from './get-started-page';

function renderPage(queryClient?: QueryClient) {
  renderWithProviders(
    <TestRouter location="/">
      <GetStartedPage />
    </TestRouter>,
    queryClient,
  );
}

const nothingDone: GetStarted = {
  ideate: { done: false, profile_completed: false, has_bio: false, has_categories: false },
  inspire: { done: false },
  create: { done: false },
  upload: { done: false, open_line: null },
};

function mockCreator(progress: GetStarted) {
  return mockApi({
    'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
    'GET /get-started': { body: { data: progress } },
  });
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

  it('opens a new creator on Ideate, with nothing done, and keeps the request walk-through', async () => {
    mockCreator(nothingDone);
    renderPage();
    const onboarding = await screen.findByRole('region', { name: 'Your first content' });
    for (const label of ['Ideate', 'Inspire', 'Create first content', 'Upload video']) {
      expect(within(onboarding).getByText(label)).toBeInTheDocument();
    }
    expect(within(onboarding).queryByText(/^Done/)).toBeNull();
    expect(within(onboarding).getByText(/Complete your profile: your picture/)).toBeInTheDocument();
    expect(within(onboarding).getByRole('link', { name: 'Complete profile' })).toHaveAttribute(
      'href',
      '/get-started?settings=profile',
    );
    expect(within(onboarding).getByRole('link', { name: 'Open your showcase' })).toHaveAttribute(
      'href',
      '/showcase',
    );

    // Any step opens, done or not: Inspire's next move leads to Get inspired.
    await userEvent.click(within(onboarding).getByRole('button', { name: 'Next' }));
    expect(within(onboarding).getByText(/Open Get inspired/)).toBeInTheDocument();
    expect(within(onboarding).getByRole('link', { name: 'Get inspired' })).toHaveAttribute(
      'href',
      '/get-inspired',
    );
    await userEvent.click(within(onboarding).getByRole('button', { name: /Upload video/ }));
    expect(within(onboarding).getByText(/Once you have accepted a request/)).toBeInTheDocument();
    expect(within(onboarding).getByRole('link', { name: 'Accept Requests' })).toHaveAttribute(
      'href',
      '/accept-requests',
    );
    // The last step, not done: no "all done" page after it.
    expect(within(onboarding).getByRole('button', { name: 'Next' })).toBeDisabled();

    const request = screen.getByRole('region', { name: 'How a content request works' });
    for (const label of [
      'Content Request Details',
      'Upload your content',
      'Wait for review',
      'Get paid for your work',
    ]) {
      expect(within(request).getByText(label)).toBeInTheDocument();
    }
  });

  it('asks for a bio when the profile is complete without one', async () => {
    mockCreator({
      ...nothingDone,
      ideate: { done: false, profile_completed: true, has_bio: false, has_categories: true },
    });
    renderPage();
    expect(await screen.findByText(/Add a short bio/)).toBeInTheDocument();
  });

  it('starts on the first step not done and says which steps are done in words', async () => {
    mockCreator({
      ...nothingDone,
      ideate: { done: true, profile_completed: true, has_bio: true, has_categories: true },
      inspire: { done: true },
    });
    renderPage();
    const onboarding = await screen.findByRole('region', { name: 'Your first content' });
    expect(
      within(onboarding).getByRole('button', { name: /Ideate.*Done · Find your idea/ }),
    ).toBeInTheDocument();
    expect(
      within(onboarding).getByRole('button', { name: /Inspire.*Done · Look at what works/ }),
    ).toBeInTheDocument();
    expect(
      within(onboarding).getByRole('button', { name: /Create first content/ }),
    ).not.toHaveAccessibleName(/Done/);

    expect(
      within(onboarding).getByText(/Accept a content request from a brand/),
    ).toBeInTheDocument();
    expect(within(onboarding).getByRole('link', { name: 'Accept Requests' })).toHaveAttribute(
      'href',
      '/accept-requests',
    );
    expect(
      within(onboarding).getByRole('link', { name: 'Discover Opportunities' }),
    ).toHaveAttribute('href', '/discover-opportunities');
  });

  it("links Upload video to the line waiting for a video, an opportunity's on its own page", async () => {
    const started = {
      ...nothingDone,
      ideate: { done: true, profile_completed: true, has_bio: true, has_categories: true },
      inspire: { done: true },
      create: { done: true },
    };
    mockCreator({
      ...started,
      upload: {
        done: false,
        open_line: { content_request_influencer_id: 42, source: 'content-request' },
      },
    });
    renderPage();
    expect(
      await screen.findByText(/Upload the video of the content you accepted/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload your video' })).toHaveAttribute(
      'href',
      '/make-content/42',
    );
    cleanup();

    mockCreator({
      ...started,
      upload: {
        done: false,
        open_line: { content_request_influencer_id: 7, source: 'opportunity' },
      },
    });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Upload your video' })).toHaveAttribute(
      'href',
      '/track-content/7',
    );
  });

  it('congratulates a creator who did every step', async () => {
    mockCreator({
      ideate: { done: true, profile_completed: true, has_bio: true, has_categories: true },
      inspire: { done: true },
      create: { done: true },
      upload: { done: true, open_line: null },
    });
    renderPage();
    expect(await screen.findByText(/All four steps are done/)).toBeInTheDocument();
    const onboarding = screen.getByRole('region', { name: 'Your first content' });
    expect(within(onboarding).getAllByText(/^Done ·/)).toHaveLength(4);
  });

  it('reads the steps again once the profile is saved from the settings', async () => {
    const calls = mockCreator(nothingDone);
    const queryClient = new QueryClient();
    renderPage(queryClient);
    await screen.findByText(/Complete your profile: your picture/);
    const reads = () => calls.filter((call) => call.path === '/get-started');
    expect(reads()).toHaveLength(1);

    await act(async () => {
      queryClient.setQueryData(meQueryKey, makeMe({ role: 'TALENT' }));
    });
    await waitFor(() => expect(reads()).toHaveLength(2));
  });

  it('offers to try again when the progress cannot be read', async () => {
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /get-started': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    renderPage();
    expect(await screen.findByText('Your progress could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
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
