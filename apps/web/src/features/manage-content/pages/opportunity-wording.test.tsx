import type { LineDelivery } from '@clipmarket/contracts/content-delivery';
import type { AdvertiserLine } from '@clipmarket/contracts/content-requests';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { toasts } from '../../../lib/toasts';
import type { AdvertiserLineView } from '../api/manage-content';
import { makeAdvertiserLine, makeFeedback, makeQuote, makeVideo } from '../test-data';
import ManageLinePage from './line-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

/**
 * The advertiser's review of a video is shared by a request's line and an opportunity's (ADR
 * 035): on an opportunity's line, nothing speaks of a request — the reference, the brief, the
 * way back, the payment of the price reserved at the application's approval, the dispute — and
 * approving a video whose price is reserved never asks to pay it.
 */

/** An opportunity's line, its price held from the wallet since the application's approval. */
function opportunityLine(
  line: Partial<AdvertiserLine> = {},
  delivery: Partial<LineDelivery> = {},
): AdvertiserLineView {
  return {
    ...makeAdvertiserLine(
      {
        content_request_influencer_id: 77,
        reference: 'OP-000010-1',
        funds_secured: true,
        ...line,
      },
      delivery,
    ),
    content_request_id: null,
    source: { kind: 'opportunity', id: 10, reference: 'OP-000010-1' },
    title: 'Summer reel by the sea',
    brief: {
      ...makeAdvertiserLine().brief,
      description: 'A cold Boga on the beach at sunset.',
      script: 'The bottle is on screen in the first three seconds',
    },
  };
}

function renderLine(line: AdvertiserLineView, routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    [`GET /content-request-influencers/${line.content_request_influencer_id}`]: {
      body: { data: line },
    },
    ...routes,
  });
  renderRoutes(
    pagesOnly({ '/manage-content/:content_request_influencer_id': ManageLinePage }),
    `/manage-content/${line.content_request_influencer_id}`,
  );
  return calls;
}

/** What a person reads or hears on the page: its text, and the names given by aria-label. */
function wordsOnPage() {
  const names = [...document.querySelectorAll('[aria-label]')].map((element) =>
    element.getAttribute('aria-label'),
  );
  return [document.body.textContent ?? '', ...names].join('\n');
}

const reviews = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path.endsWith('/review'));

describe("The advertiser's review of an opportunity's line", () => {
  beforeEach(() => signIn());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names the opportunity and its brief, leads back to its applications, and approving pays the reserved price', async () => {
    const shown = vi.spyOn(toasts, 'show');
    const paid = opportunityLine(
      { status: 'paid' },
      {
        feedback: [makeFeedback()],
        paid_at: '2026-11-28T09:00:00.000Z',
        paid_from: 'reserved_funds',
      },
    );
    const calls = renderLine(opportunityLine({ status: 'submitted' }), {
      'POST /content-request-influencers/77/review': { body: { data: paid } },
    });
    expect(await screen.findByText('Opportunity OP-000010-1')).toBeVisible();
    expect(
      screen.getByRole('link', { name: "Back to the opportunity's applications" }),
    ).toHaveAttribute('href', '/publish-opportunity/10/applications');
    const brief = screen.getByRole('region', { name: "The opportunity's brief" });
    expect(within(brief).getByText('A cold Boga on the beach at sunset.')).toBeVisible();
    expect(wordsOnPage()).not.toMatch(/request/i);

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the video' });
    expect(
      within(dialog).getByText(
        'Say what you liked and rate the creator. Approving pays them from the amount you reserved, then you download the HD video.',
      ),
    ).toBeVisible();
    expect(wordsOnPage()).not.toMatch(/request|pay the fee next/i);
    within(dialog).getByRole('radio', { name: '5 stars' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(reviews(calls)).toHaveLength(1));
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Video approved! The creator was paid from the amount you reserved.',
      }),
    );
    // Paid in the same step: the HD download, no payment step.
    const result = await screen.findByRole('region', { name: 'Your video' });
    expect(
      within(result).getByText(
        'The price you reserved when approving the application was paid to the creator.',
      ),
    ).toBeVisible();
    expect(within(result).getByRole('button', { name: 'Download HD' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Pay the creator' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(wordsOnPage()).not.toMatch(/request/i);
  });

  it('says a reserved price is paid from the hold taken at the approval of the application', async () => {
    renderLine(opportunityLine({ status: 'approved' }, { feedback: [makeFeedback()] }), {
      'GET /content-request-influencers/77/payment': {
        body: { data: makeQuote({ content_fee: 190_000, funds_secured: true }) },
      },
    });
    expect(
      await screen.findByText(
        'This price was reserved in your wallet when you approved the application: paying uses it, nothing else is taken.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(wordsOnPage()).not.toMatch(/request/i);
  });

  it('says the video is closed, not a request, when the team upholds the rejection', async () => {
    renderLine(
      opportunityLine(
        { status: 'closed' },
        {
          videos: [makeVideo()],
          feedback: [makeFeedback({ decision: 'reject', rating: null })],
          dispute: {
            reason: 'The bottle shows at 0:02.',
            opened_at: '2026-11-26T09:00:00.000Z',
            outcome: 'for_advertiser',
            decision_reason: null,
            decided_at: '2026-11-27T09:00:00.000Z',
          },
        },
      ),
    );
    expect(
      await screen.findByText(
        "Our team upheld your rejection: the creator's video is closed and the price you reserved is back in your wallet.",
      ),
    ).toBeVisible();
    expect(wordsOnPage()).not.toMatch(/request/i);
  });

  it("keeps a request's words on a request's line", async () => {
    renderLine(makeAdvertiserLine());
    expect(await screen.findByText('Request CR-000012-1')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to my videos' })).toHaveAttribute(
      'href',
      '/manage-content',
    );
    expect(screen.getByRole('region', { name: "The request's script" })).toBeVisible();
  });
});
