import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../app/test-utils';
import type { ContentVideo } from '@clipmarket/contracts/content-delivery';
import { CompareVersions, defaultPair } from './compare-versions';

/** Issue 27 §3: two versions side by side, played and sought by one control. */

const makeVideo = (overrides: Partial<ContentVideo>): ContentVideo => ({
  video_id: 1,
  version: 1,
  status: 'ready',
  failure_reason: null,
  original_name: 'clip.mp4',
  size_bytes: 1_000_000,
  duration_seconds: 3,
  width: 640,
  height: 360,
  poster_url: '/v2/content-videos/1/poster?signature=p',
  preview_url: '/v2/content-videos/1/preview?signature=v',
  original_url: null,
  original_type: null,
  created_at: '2026-11-25T09:00:00.000Z',
  ...overrides,
});

const videos = [
  makeVideo({ video_id: 1, version: 1 }),
  makeVideo({ video_id: 2, version: 2 }),
  makeVideo({ video_id: 3, version: 3 }),
  makeVideo({ video_id: 4, version: 4, status: 'failed', preview_url: null }),
];

describe('comparing versions', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('compares the last two ready versions by default, none with fewer than two', () => {
    expect(defaultPair(videos)).toEqual([2, 3]);
    expect(defaultPair(videos.slice(0, 1))).toBeNull();
  });

  it('plays both with one button, and offers the versions to compare', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CompareVersions videos={videos} ns="accept-requests" />);
    const view = screen.getByTestId('compare-versions');
    expect(within(view).getByLabelText('Version 2 in the comparison')).toBeInTheDocument();
    expect(within(view).getByLabelText('Version 3 in the comparison')).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: 'Play both' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2);
    await user.click(within(view).getByRole('button', { name: 'Pause both' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(2);

    await user.click(within(view).getAllByLabelText('First video')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Version 1' }));
    expect(within(view).getByLabelText('Version 1 in the comparison')).toBeInTheDocument();
    // The second is muted: two soundtracks at once would cover each other.
    expect(screen.getByTestId<HTMLVideoElement>('compare-player-1').muted).toBe(true);
    expect(screen.getByTestId<HTMLVideoElement>('compare-player-0').muted).toBe(false);
  });
});
