import type { LineDelivery, LineDispute } from '@clipmarket/contracts/content-delivery';
import type { CreatorLine } from '@clipmarket/contracts/content-requests';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeOpportunityLine } from '../../../test/creator-lines';
import { makeDeliveredLine, makeFeedback, makeVideo } from '../delivery-test-data';
import LineDetailsPage from './line-details-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

/**
 * The creator's delivery screen is shared by a request's line and an opportunity's (ADR 035):
 * on an opportunity's line, nothing speaks of a request — headings, notices, the consent, the
 * dispute, the stepper's name — in any state of the delivery.
 */

const upheld: LineDispute = {
  reason: 'The jar is on screen from the first second.',
  opened_at: '2026-11-26T09:00:00.000Z',
  outcome: 'for_advertiser',
  decision_reason: 'The jar is hidden.',
  decided_at: '2026-11-27T09:00:00.000Z',
};

function opportunityLine(line: Partial<CreatorLine>, delivery: Partial<LineDelivery> = {}) {
  const { source, reference, content_request_id, title, advertiser } = makeOpportunityLine();
  return makeDeliveredLine(
    {
      content_request_influencer_id: 77,
      content_request_id,
      source,
      reference,
      title,
      advertiser,
      ...line,
    },
    delivery,
  );
}

function renderLine(line: ReturnType<typeof makeDeliveredLine>) {
  const id = line.content_request_influencer_id;
  mockApi({
    [`GET /content-request-influencers/${id}`]: { body: { data: line } },
    'GET /content-videos/limits': {
      body: { data: { max_bytes: 200 * 1024 * 1024, extensions: ['mp4', 'mov'] } },
    },
  });
  const path = line.source.kind === 'opportunity' ? '/track-content' : '/make-content';
  return renderRoutes(
    pagesOnly({
      '/make-content/:content_request_influencer_id': LineDetailsPage,
      '/track-content/:content_opportunity_influencer_id': LineDetailsPage,
    }),
    `${path}/${id}`,
  );
}

/** What a person reads or hears on the page: its text, and the names given by aria-label. */
function wordsOnPage() {
  const names = [...document.querySelectorAll('[aria-label]')].map((element) =>
    element.getAttribute('aria-label'),
  );
  return [document.body.textContent ?? '', ...names].join('\n');
}

describe("The creator's delivery screen of an opportunity's line", () => {
  beforeEach(() => signIn());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks to upload under the opportunity, never a request', async () => {
    renderLine(opportunityLine({ status: 'accepted' }));
    expect(
      await screen.findByLabelText(
        "I accept that the advertiser may use this video for promotion on their channels, as described in the opportunity's brief.",
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'Progress of your video for the opportunity' }),
    ).toBeVisible();
    expect(wordsOnPage()).not.toMatch(/request/i);
    // No product to name: the brief says what to show.
    expect(screen.queryByText('Product')).toBeNull();
  });

  it('offers to contest a rejection against the brief', async () => {
    renderLine(
      opportunityLine(
        { status: 'rejected', allowed_transitions: ['dispute'] },
        {
          videos: [makeVideo()],
          feedback: [makeFeedback({ decision: 'reject', feedback_reasons: ['tone'] })],
        },
      ),
    );
    expect(
      await screen.findByText(
        "The advertiser declined your video. If you think it meets the opportunity's brief, contest the decision: our team will settle it.",
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Contest this decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contest this decision' });
    expect(
      within(dialog).getByRole('textbox', { name: "Why the video meets the opportunity's brief" }),
    ).toBeVisible();
    expect(wordsOnPage()).not.toMatch(/request/i);
  });

  it('says when the video is closed after an upheld dispute, or complete once published', async () => {
    const { unmount } = renderLine(
      opportunityLine({ status: 'closed' }, { videos: [makeVideo()], dispute: upheld }),
    );
    expect(await screen.findByText('Your video for this opportunity is closed.')).toBeVisible();
    expect(
      screen.getByText(
        "Our team upheld the advertiser's decision: your video for this opportunity is closed.",
      ),
    ).toBeVisible();
    expect(wordsOnPage()).not.toMatch(/request/i);
    unmount();

    renderLine(
      opportunityLine(
        { status: 'completed' },
        { videos: [makeVideo()], paid_at: '2026-11-28T09:00:00.000Z', paid_from: 'reserved_funds' },
      ),
    );
    expect(
      await screen.findByText(
        'Your publication is checked: your video for this opportunity is complete.',
      ),
    ).toBeVisible();
    expect(wordsOnPage()).not.toMatch(/request/i);
  });

  it("keeps a request's words on a request's line", async () => {
    renderLine(makeDeliveredLine({ status: 'closed' }, { videos: [makeVideo()], dispute: upheld }));
    expect(await screen.findByText('This request is closed.')).toBeVisible();
    expect(
      screen.getByText("Our team upheld the advertiser's decision: this request is closed."),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Progress of the request' })).toBeVisible();
    expect(screen.getByText('Product')).toBeVisible();
  });
});
