import type { CampaignShareLink } from '@clipmarket/contracts/campaign-sharing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { ShareReportCard } from './share-report-card';

const TOKEN = 'q3Xk8c0uS1n9bP2wV7yZtR4mLhJ6gF5dE_aC-oN1iUe';
const link: CampaignShareLink = {
  token: TOKEN,
  path: `/campaigns/${TOKEN}`,
  created_at: '2027-02-10T09:00:00.000Z',
  visits: 0,
  last_visited_at: null,
};
const url = `${window.location.origin}/campaigns/${TOKEN}`;

describe('Share the report', () => {
  const writeText = vi.fn(async () => {});
  /** After user-event's setup, which puts a clipboard of its own on the navigator. */
  const stubClipboard = () => {
    writeText.mockClear();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  };
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates a public link, copies it, opens it and revokes it after asking', async () => {
    let current: CampaignShareLink | null = null;
    const calls = mockApi({
      'GET /campaigns/7/share-link': () => ({ body: { data: current } }),
      'POST /campaigns/7/share-link': () => {
        current = link;
        return { body: { data: link } };
      },
      // 204 in the API; the stub's Response cannot carry a null-body status.
      'DELETE /campaigns/7/share-link': () => {
        current = null;
        return { status: 200, body: {} };
      },
    });
    const user = userEvent.setup();
    stubClipboard();
    renderWithProviders(<ShareReportCard campaignId={7} />);
    const card = within(await screen.findByRole('region', { name: 'Share the report' }));
    expect(card.getByText(/It shows no money: no budget, cost or amount paid/)).toBeVisible();

    await user.click(await card.findByRole('button', { name: 'Create a public link' }));
    const field = await card.findByRole('textbox', { name: 'Public link of the report' });
    expect(field).toHaveValue(url);
    expect(field).toHaveAttribute('readonly');
    expect(card.getByText('Not opened yet.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    await user.click(card.getByRole('button', { name: 'Copy the public link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await card.findByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(
      card
        .getAllByRole('status')
        .map((region) => region.textContent)
        .filter(Boolean),
    ).toEqual(['Link copied']);

    const open = card.getByRole('link', { name: 'Open the report (new tab)' });
    expect(open).toHaveAttribute('href', url);
    expect(open).toHaveAttribute('target', '_blank');

    await user.click(card.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the public link?' });
    expect(dialog).toHaveTextContent('The link stops working at once for everyone who has it.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the link' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await card.findByRole('button', { name: 'Create a public link' })).toBeVisible();
    expect(card.queryByRole('textbox')).toBeNull();
  });

  it('keeps the link when the advertiser changes their mind, and says how often it was opened', async () => {
    const calls = mockApi({
      'GET /campaigns/7/share-link': {
        body: { data: { ...link, visits: 12, last_visited_at: '2027-02-12T18:30:00.000Z' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ShareReportCard campaignId={7} />);
    expect(await screen.findByText('Opened 12 times, last on 12 Feb 2027.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the public link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Public link of the report' })).toHaveValue(url);
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });
});
