import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeDeliveredLine, makeVideo } from '../delivery-test-data';
import LineDetailsPage from './line-details-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

function renderAt(path = '/make-content/41') {
  return renderRoutes(
    pagesOnly({ '/make-content/:content_request_influencer_id': LineDetailsPage }),
    path,
  );
}

const approvedLink = {
  link_id: 6,
  platform: 'instagram' as const,
  url: 'https://www.instagram.com/reel/sami/',
  state: 'approved' as const,
  reason: null,
  submitted_at: '2026-11-26T11:00:00.000Z',
  reviewed_at: '2026-11-26T12:00:00.000Z',
};

const published = (creatorAllows: boolean, brandAllows: boolean) =>
  makeDeliveredLine(
    { status: 'completed' },
    {
      videos: [makeVideo()],
      paid_at: '2026-11-26T10:00:00.000Z',
      links: [approvedLink],
      showcase_allowed: brandAllows,
      creator_showcase_allowed: creatorAllows,
    },
  );

const inspirationSwitch = () =>
  screen.getByRole('switch', { name: /^Show this video in Get inspired/ });

describe("The creator's consent to Get inspired (issue 25 §3)", () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('lets the creator show her published video, and take it back, beside what the brand allows', async () => {
    let allowed = false;
    const calls = mockApi({
      'GET /content-request-influencers/41': () => ({
        body: { data: published(allowed, true) },
      }),
      'GET /publication-metrics/lines/41': { status: 404 },
      'PUT /content-request-influencers/41/inspiration': ({ body }) => {
        allowed = (body as { allowed: boolean }).allowed;
        return { body: { data: published(allowed, true) } };
      },
    });
    renderAt();
    const section = await screen.findByRole('region', { name: 'Get inspired' });
    expect(within(section).getByText('The brand allows showing this video.')).toBeVisible();
    expect(inspirationSwitch()).not.toBeChecked();

    await userEvent.click(inspirationSwitch());
    await waitFor(() => expect(inspirationSwitch()).toBeChecked());
    const sent = () =>
      calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/inspiration'));
    expect(sent().map((call) => call.body)).toEqual([{ allowed: true }]);
    await waitFor(() => expect(inspirationSwitch()).toBeEnabled());

    await userEvent.click(inspirationSwitch());
    await waitFor(() => expect(inspirationSwitch()).not.toBeChecked());
    expect(sent().map((call) => call.body)).toEqual([{ allowed: true }, { allowed: false }]);
  });

  it('says when the brand has not allowed it yet, and puts the switch back on a refusal', async () => {
    mockApi({
      'GET /content-request-influencers/41': { body: { data: published(false, false) } },
      'GET /publication-metrics/lines/41': { status: 404 },
      'PUT /content-request-influencers/41/inspiration': {
        status: 409,
        body: { error: { code: 'VIDEO_NOT_PUBLISHED', message: 'Not published' } },
      },
    });
    renderAt();
    const section = await screen.findByRole('region', { name: 'Get inspired' });
    expect(
      within(section).getByText(/The brand has not allowed showing this video yet/),
    ).toBeVisible();
    await userEvent.click(inspirationSwitch());
    expect(await within(section).findByRole('alert')).toHaveTextContent(/not published yet/);
    await waitFor(() => expect(inspirationSwitch()).not.toBeChecked());
  });

  it('is not offered before the video is published', async () => {
    mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeDeliveredLine(
            { status: 'paid' },
            { videos: [makeVideo()], paid_at: '2026-11-26T10:00:00.000Z' },
          ),
        },
      },
    });
    renderAt();
    await screen.findByRole('region', { name: 'Publication links' });
    expect(screen.queryByRole('region', { name: 'Get inspired' })).toBeNull();
  });
});
