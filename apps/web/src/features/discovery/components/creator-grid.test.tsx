import { notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { ApiError } from '../../../lib/api-client';
import { discoveryApi, makeCard } from '../test-data';
import { CreatorGrid, type CreatorGridProps } from './creator-grid';

function renderGrid(props: Partial<CreatorGridProps> & { empty?: ReactNode }) {
  return renderWithProviders(
    <TestRouter location="/">
      <CreatorGrid creators={undefined} isPending={false} empty={<p>Nobody here</p>} {...props} />
    </TestRouter>,
  );
}

describe('CreatorGrid', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    mockApi(discoveryApi());
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    vi.unstubAllGlobals();
  });

  it('shows skeleton cards, hidden from assistive technology, while loading', () => {
    const { container } = renderGrid({ isPending: true, skeletons: 4 });
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(container.querySelectorAll('.mantine-Card-root[aria-hidden="true"]')).toHaveLength(4);
  });

  it('says why the creators could not be loaded and retries', async () => {
    const onRetry = vi.fn();
    renderGrid({
      isError: true,
      error: new ApiError(500, 'INTERNAL', 'boom'),
      onRetry,
      creators: [],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/We could not load the creators/)).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state when there is no creator', async () => {
    renderGrid({ creators: [] });
    expect(await screen.findByText('Nobody here')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('shows a card per creator, in order, with its actions and localized categories', async () => {
    mockApi(
      discoveryApi({
        'GET /category/find': { body: { data: [{ category_id: 2, label: 'Cuisine' }] } },
      }),
    );
    renderGrid({
      creators: [makeCard(11), makeCard(12)],
      actions: (creator) => <button type="button">Act on {creator.influencer_id}</button>,
    });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-labelledby') && card.textContent)).toEqual([
      expect.stringContaining('creator.11'),
      expect.stringContaining('creator.12'),
    ]);
    expect(within(cards[0]!).getByRole('button', { name: 'Act on 11' })).toBeInTheDocument();
    // The one category label map names category 2 in the interface's list, not the card's.
    expect(await within(cards[1]!).findByText('Cuisine')).toBeInTheDocument();
  });
});
