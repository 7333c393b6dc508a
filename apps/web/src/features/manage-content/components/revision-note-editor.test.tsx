import { formatTimeCode } from '@clipmarket/contracts/content-delivery';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../app/test-utils';
import { frameRectOf } from '../../../components/content-delivery/revision-notes';
import { makeVideo } from '../test-data';
import {
  type DraftNote,
  notesBody,
  regionBetween,
  RevisionNoteEditor,
} from './revision-note-editor';

/**
 * Issue 27 §3, the advertiser's notes before a debrief is sent: time codes, the note list by
 * time with edit and remove, the markers, and what the debrief sends.
 */

describe('time codes', () => {
  it('reads m:ss.t, tenths cut (a note never reads past where it is)', () => {
    expect(formatTimeCode(0)).toBe('0:00.0');
    expect(formatTimeCode(7_449)).toBe('0:07.4');
    expect(formatTimeCode(7_400)).toBe('0:07.4');
    expect(formatTimeCode(59_999)).toBe('0:59.9');
    expect(formatTimeCode(60_000)).toBe('1:00.0');
    expect(formatTimeCode(754_321)).toBe('12:34.3');
    expect(formatTimeCode(-5)).toBe('0:00.0');
  });
});

describe('regions', () => {
  it('is the rectangle between two points, whichever way it was dragged; a click is none', () => {
    expect(regionBetween({ x: 0.6, y: 0.8 }, { x: 0.1, y: 0.3 })).toEqual({
      x: 0.1,
      y: 0.3,
      width: 0.5,
      height: 0.5,
    });
    expect(regionBetween({ x: 0.5, y: 0.5 }, { x: 0.505, y: 0.6 })).toBeNull();
  });

  it('places the picture inside a letterboxed player', () => {
    // A portrait 1080×1920 picture in a 400×400 box: 225 px wide, centred.
    expect(frameRectOf({ width: 400, height: 400 }, { width: 1080, height: 1920 })).toEqual({
      left: 87.5,
      top: 0,
      width: 225,
      height: 400,
    });
  });
});

describe('notes sent with the debrief', () => {
  it('are sorted by time, trimmed, a region only when marked', () => {
    const notes: DraftNote[] = [
      { key: 'a', time_ms: 9_000, note: ' Later ', region: null },
      { key: 'b', time_ms: 1_000, note: 'Sooner', region: { x: 0, y: 0, width: 1, height: 0.5 } },
    ];
    expect(notesBody(notes)).toEqual([
      { time_ms: 1_000, note: 'Sooner', region: { x: 0, y: 0, width: 1, height: 0.5 } },
      { time_ms: 9_000, note: 'Later' },
    ]);
  });
});

describe('the note editor', () => {
  let times: WeakMap<HTMLMediaElement, number>;
  beforeEach(() => {
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
  afterEach(() => vi.restoreAllMocks());

  function Harness({ onNotes }: { onNotes: (notes: DraftNote[]) => void }) {
    const [notes, setNotes] = useState<DraftNote[]>([]);
    return (
      <RevisionNoteEditor
        video={makeVideo({ duration_seconds: 29.5 })}
        notes={notes}
        onChange={(next) => {
          setNotes(next);
          onNotes(next);
        }}
      />
    );
  }

  /** Moves the player to `seconds` as a person would, and tells the editor. */
  function playTo(seconds: number) {
    const player = screen.getByTestId<HTMLVideoElement>('note-editor-player');
    act(() => {
      player.currentTime = seconds;
      player.dispatchEvent(new Event('seeked'));
    });
  }

  it('adds notes at the paused moment, lists them by time, edits and removes them', async () => {
    const user = userEvent.setup();
    const onNotes = vi.fn();
    renderWithProviders(<Harness onNotes={onNotes} />);

    playTo(7.4491);
    await user.click(await screen.findByRole('button', { name: 'Add a note at 0:07.4' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    // The text box takes the focus: a keyboard user types at once.
    const text = screen.getByRole('textbox', { name: 'Note at 0:07.4' });
    expect(text).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save the note' }));
    expect(screen.getByText('Write the note.')).toBeInTheDocument();
    await user.type(text, 'The logo is hidden');
    await user.click(screen.getByRole('button', { name: 'Save the note' }));
    expect(onNotes).toHaveBeenLastCalledWith([
      { key: expect.any(String), time_ms: 7_449, note: 'The logo is hidden', region: null },
    ]);

    playTo(1.25);
    await user.click(screen.getByRole('button', { name: 'Add a note at 0:01.2' }));
    await user.keyboard('Music too loud');
    await user.click(screen.getByRole('button', { name: 'Save the note' }));

    const list = screen.getByRole('list', { name: 'Your notes, by time' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('0:01.2Music too loud'),
      expect.stringContaining('0:07.4The logo is hidden'),
    ]);
    // Markers under the player, named by time and text; a marker seeks there.
    const timeline = screen.getByRole('group', { name: 'Notes on the timeline' });
    const markers = within(timeline).getAllByRole('button');
    expect(markers.map((marker) => marker.getAttribute('aria-label'))).toEqual([
      'Note at 0:01.2: Music too loud',
      'Note at 0:07.4: The logo is hidden',
    ]);
    await user.click(markers[1]!);
    expect(screen.getByTestId<HTMLVideoElement>('note-editor-player').currentTime).toBeCloseTo(
      7.449,
    );

    await user.click(screen.getByRole('button', { name: 'Edit the note at 0:07.4' }));
    const editing = screen.getByRole('textbox', { name: 'Note at 0:07.4' });
    await user.clear(editing);
    await user.type(editing, 'The logo is cut');
    await user.click(screen.getByRole('button', { name: 'Save the note' }));
    expect(onNotes).toHaveBeenLastCalledWith([
      expect.objectContaining({ time_ms: 1_250, note: 'Music too loud' }),
      expect.objectContaining({ time_ms: 7_449, note: 'The logo is cut' }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove the note at 0:01.2' }));
    expect(onNotes).toHaveBeenLastCalledWith([
      expect.objectContaining({ time_ms: 7_449, note: 'The logo is cut' }),
    ]);
  });

  it('never places a note past the end of the version', async () => {
    const user = userEvent.setup();
    const onNotes = vi.fn();
    renderWithProviders(<Harness onNotes={onNotes} />);
    playTo(31);
    await user.click(await screen.findByRole('button', { name: 'Add a note at 0:29.5' }));
    await user.keyboard('At the end');
    await user.click(screen.getByRole('button', { name: 'Save the note' }));
    expect(onNotes).toHaveBeenLastCalledWith([expect.objectContaining({ time_ms: 29_500 })]);
  });
});
