import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeInterest, makeOpportunity } from '../test-data';
import InterestsPage from './interests-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

function renderAt(path: string) {
  return renderRoutes(
    pagesOnly({ '/publish-opportunity/:content_opportunity_id/interests': InterestsPage }),
    path,
  );
}

describe('The creators interested in an opportunity', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists who opened it, when, and whether they applied', async () => {
    const calls = mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/interests': {
        body: {
          data: [
            makeInterest({ profile_file_id: 55 }),
            makeInterest({
              influencer_id: 4,
              name: 'lina.films',
              city: null,
              applied: false,
              created_at: '2026-11-05T08:00:00.000Z',
            }),
          ],
        },
      },
      'GET /media/private-url': {
        body: { data: { url: '/v2/media/thumb/abc.jpg', expires_at: null } },
      },
    });
    renderAt('/publish-opportunity/10/interests');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Summer drink launch',
    );
    expect(screen.getByRole('link', { name: 'Interested creators' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute(
      'href',
      '/publish-opportunity/10/applications',
    );
    const list = await screen.findByRole('list', {
      name: 'Creators who opened this opportunity',
    });
    const [sami, lina] = within(list).getAllByRole('listitem');
    expect(within(sami!).getByRole('link', { name: 'sami.creates' })).toHaveAttribute(
      'href',
      '/creator/3',
    );
    expect(sami).toHaveTextContent('Sfax');
    expect(sami).toHaveTextContent('Opened on 4 Nov 2026, 16:30');
    expect(within(sami!).getByText('Applied')).toBeVisible();
    expect(lina).toHaveTextContent('Opened on 5 Nov 2026, 09:00');
    expect(within(lina!).getByText('Not applied yet')).toBeVisible();
    // The picture's read URL is asked for by its file id.
    expect(calls.some((call) => call.path === '/media/private-url')).toBe(true);
  });

  it('says so when nobody opened it yet', async () => {
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/interests': { body: { data: [] } },
    });
    renderAt('/publish-opportunity/10/interests');
    expect(await screen.findByText('No creator has opened this opportunity yet')).toBeVisible();
  });

  it('shows the not-found page for an opportunity that is not the user’s', async () => {
    mockApi({
      'GET /opportunities/10': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Opportunity not found' } },
      },
    });
    renderAt('/publish-opportunity/10/interests');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
