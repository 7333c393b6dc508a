import type { RevisionNote } from '@clipmarket/contracts/content-delivery';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { makeVideo } from '../delivery-test-data';
import { RevisionNotesPanel } from './revision-notes-panel';

/** Issue 27 §3 on the creator's page: the notes by version, jumping to one, ticking it. */

const note = (overrides: Partial<RevisionNote>): RevisionNote => ({
  id: 1,
  video_version: 1,
  time_ms: 1_000,
  note: 'A note',
  region: null,
  addressed_at: null,
  created_at: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

const notes = [
  note({
    id: 11,
    video_version: 1,
    time_ms: 7_400,
    note: 'Logo hidden',
    region: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
  }),
  note({ id: 12, video_version: 1, time_ms: 1_250, note: 'Music too loud' }),
  note({
    id: 21,
    video_version: 2,
    time_ms: 3_000,
    note: 'Brighten',
    addressed_at: '2026-11-26T10:00:00.000Z',
  }),
];
const videos = [
  makeVideo({ video_id: 1, version: 1, duration_seconds: 12 }),
  makeVideo({ video_id: 2, version: 2, duration_seconds: 12 }),
];

describe('revision notes on the creator’s page', () => {
  let times: WeakMap<HTMLMediaElement, number>;
  beforeEach(() => {
    signIn();
    times = new WeakMap();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      return times.get(this) ?? 0;
    });
    vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation(function (
      this: HTMLMediaElement,
      value: number,
    ) {
      times.set(this, value);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('groups the notes by version (newest first), by time, and jumps to one', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderWithProviders(<RevisionNotesPanel lineId={41} notes={notes} videos={videos} canTick />);
    expect(screen.getByText('Notes left to address: 2.')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Notes on version 2', 'Notes on version 1']);

    const first = screen.getByTestId('notes-player-1').closest('div')!.parentElement!;
    const items = within(first)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('0:01.2Music too loud');
    expect(items[1]).toContain('0:07.4Logo hidden');
    expect(items[1]).toContain('A region of the picture is marked.');

    await user.click(within(first).getByRole('button', { name: 'Note at 0:07.4: Logo hidden' }));
    expect(screen.getByTestId<HTMLVideoElement>('notes-player-1').currentTime).toBe(7.4);
    await user.click(within(first).getByRole('button', { name: 'Go to 0:01.2' }));
    expect(screen.getByTestId<HTMLVideoElement>('notes-player-1').currentTime).toBe(1.25);
  });

  it('ticks a note as addressed, and unticks one', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'PUT /content-request-influencers/41/revision-notes/12': (call) => ({
        body: {
          data: {
            ...notes[1],
            addressed_at: (call.body as { addressed: boolean }).addressed ? 'now' : null,
          },
        },
      }),
      'PUT /content-request-influencers/41/revision-notes/21': {
        body: { data: { ...notes[2], addressed_at: null } },
      },
    });
    renderWithProviders(<RevisionNotesPanel lineId={41} notes={notes} videos={videos} canTick />);
    const boxes = screen.getAllByRole('checkbox', { name: 'Addressed' });
    // Version 2's note first (ticked), then version 1's by time.
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, false]);
    expect(boxes[1]).toHaveAccessibleDescription('Music too loud');
    await user.click(boxes[1]!);
    await user.click(boxes[0]!);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/content-request-influencers/41/revision-notes/12', { addressed: true }],
        ['/content-request-influencers/41/revision-notes/21', { addressed: false }],
      ]),
    );
  });

  it('shows the boxes but takes no tick once the line is closed', () => {
    mockApi({});
    renderWithProviders(
      <RevisionNotesPanel lineId={41} notes={notes} videos={videos} canTick={false} />,
    );
    for (const box of screen.getAllByRole('checkbox', { name: 'Addressed' })) {
      expect(box).toBeDisabled();
    }
  });
});
