import type { AdvertiserReputation, CreatorReputation } from '@clipmarket/contracts/reputation';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../app/test-utils';
import i18n from '../../lib/i18n';
import { AdvertiserReputationPanel } from './advertiser-reputation-panel';
import { CreatorReputationPanel, CreatorReputationView } from './creator-reputation-panel';

const brand: AdvertiserReputation = {
  user_id: 7,
  window_months: 12,
  median_hours_to_answer_application: 6.2,
  median_hours_to_review: 28.8,
  paid_on_time_rate: 9_600,
  revisions_per_video_hundredths: 40,
  disputes_lost: 0,
  disputes_decided: 1,
  disputes_lost_rate: null,
  unanswered_application_rate: 500,
};
const newBrand: AdvertiserReputation = {
  user_id: 8,
  window_months: 12,
  median_hours_to_answer_application: null,
  median_hours_to_review: null,
  paid_on_time_rate: null,
  revisions_per_video_hundredths: null,
  disputes_lost: 0,
  disputes_decided: 0,
  disputes_lost_rate: null,
  unanswered_application_rate: null,
};
const creator: CreatorReputation = {
  influencer_id: 12,
  window_months: 12,
  on_time_rate: 6_667,
  on_time_facts: 3,
  median_hours_to_answer_request: 3,
  revisions_per_video_hundredths: 25,
  approval_rate: 10_000,
  completed: 4,
  ratings: { count: 3, average_hundredths: 467, strengths: [] },
};
const newCreator: CreatorReputation = {
  ...creator,
  on_time_rate: null,
  on_time_facts: 1,
  median_hours_to_answer_request: null,
  revisions_per_video_hundredths: null,
  approval_rate: null,
  completed: 0,
  ratings: { count: 1, average_hundredths: null, strengths: [] },
};

/** Without the bidirectional isolates the percentages carry. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

beforeEach(async () => {
  signIn();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdvertiserReputationPanel', () => {
  it("says how the brand works, the cards' advertisers read in one request", async () => {
    const calls = mockApi({
      'GET /reputation/advertisers': { body: { data: [brand, newBrand] } },
    });
    renderWithProviders(
      <>
        <AdvertiserReputationPanel userId={7} />
        <AdvertiserReputationPanel userId={8} compact />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('advertiser-reputation')).toHaveLength(2));
    expect(
      plain(screen.getByRole('region', { name: 'How this brand works' }).textContent),
    ).toContain(
      'Answers applications in about 6 h · 5 % of applications left unanswered · ' +
        'Reviews deliveries in 1.2 days · Pays 96 % on time · 0.4 revisions per video · ' +
        '0 disputes lost',
    );
    expect(screen.getByText('New on Clipmarket')).toBeInTheDocument();
    const reads = calls.filter((call) => call.path === '/reputation/advertisers');
    expect(reads).toHaveLength(1);
  });

  it('reads in Arabic', async () => {
    await act(() => i18n.changeLanguage('tn'));
    mockApi({ 'GET /reputation/advertisers': { body: { data: [brand] } } });
    renderWithProviders(<AdvertiserReputationPanel userId={7} />);
    const panel = await screen.findByTestId('advertiser-reputation');
    expect(plain(panel.textContent)).toContain('ترد على الترشحات في نحو 6 ساعة');
    expect(plain(panel.textContent)).toContain('تدفع في الموعد بنسبة 96 %');
    // The percentage is isolated left to right inside the Arabic sentence.
    expect(panel.textContent).toContain('\u20665 %\u2069 من الترشحات بقيت دون رد');
  });

  it('says the share of unanswered applications in French, and nothing of it while unmeasured', async () => {
    await act(() => i18n.changeLanguage('fr'));
    mockApi({
      'GET /reputation/advertisers': {
        body: {
          data: [
            { ...brand, unanswered_application_rate: 1_250 },
            { ...brand, user_id: 10, unanswered_application_rate: null },
          ],
        },
      },
    });
    renderWithProviders(
      <>
        <AdvertiserReputationPanel userId={7} />
        <AdvertiserReputationPanel userId={10} compact />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('advertiser-reputation')).toHaveLength(2));
    const [measured, unmeasured] = screen.getAllByTestId('advertiser-reputation');
    expect(plain(measured!.textContent)).toContain('12,5 % des candidatures laissées sans réponse');
    expect(plain(unmeasured!.textContent)).toContain('Répond aux candidatures en');
    expect(unmeasured!.textContent).not.toContain('sans réponse');
  });

  it('shows nothing when the figures cannot be read', async () => {
    const calls = mockApi({});
    const { container } = renderWithProviders(<AdvertiserReputationPanel userId={9} />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(container.querySelector('[data-testid="advertiser-reputation"]')).toBeNull();
  });
});

describe('CreatorReputationPanel', () => {
  it("shows the creator's measured record", async () => {
    mockApi({ 'GET /reputation/creators/12': { body: { data: creator } } });
    renderWithProviders(<CreatorReputationPanel influencerId={12} />);
    const panel = await screen.findByRole('region', { name: 'Measured record' });
    const text = plain(panel.textContent);
    expect(text).toContain('Delivered on time66.7 %');
    expect(text).toContain('Answers requests inabout 3 h');
    expect(text).toContain('Revisions per video0.25');
    expect(text).toContain('Approval rate100 %');
    expect(text).toContain("Advertisers' rating4.67 / 5 (3 ratings)");
    expect(text).toContain('4 videos completed');
  });

  it('says "New on Clipmarket" without history, and which figures lack it', async () => {
    renderWithProviders(<CreatorReputationView figures={{ ...newCreator, completed: 0 }} />);
    expect(await screen.findByText('New on Clipmarket')).toBeInTheDocument();
    cleanup();
    renderWithProviders(<CreatorReputationView figures={{ ...newCreator, completed: 1 }} />);
    expect(await screen.findAllByText('Not enough history yet')).toHaveLength(5);
    expect(screen.getByText(/1 video completed/)).toBeInTheDocument();
  });
});
