import {
  type ContentVideo,
  noteTimeLimitMs,
  REVISION_NOTE_MAX_LENGTH,
  REVISION_NOTES_MAX,
  type RevisionNoteRegion,
} from '@clipmarket/contracts/content-delivery';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import {
  currentMsOf,
  formatTimeCode,
  type FrameRect,
  NoteListItem,
  NoteTimeline,
  noteSourceOf,
  RegionOutline,
  seekVideo,
  sortByTime,
  type TimedNote,
  useFrameRect,
} from '../../../components/content-delivery/revision-notes';
import { useTranslation } from '../../../lib/use-translation';

/** A note placed but not sent yet (sent with the debrief). */
export type DraftNote = TimedNote;

let drafts = 0;
const newKey = () => `draft-${(drafts += 1)}`;

/** A region dragged smaller than this (a click) is no region. */
const MIN_REGION = 0.02;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The region between two points of the picture, in fractions of it (any drag direction). */
export function regionBetween(
  start: { x: number; y: number },
  end: { x: number; y: number },
): RevisionNoteRegion | null {
  const x = Math.min(start.x, end.x);
  const y = Math.min(start.y, end.y);
  const width = Math.abs(end.x - start.x);
  const height = Math.abs(end.y - start.y);
  if (width < MIN_REGION || height < MIN_REGION) return null;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return { x: round(x), y: round(y), width: round(width), height: round(height) };
}

/** The notes as the debrief sends them (contracts `revisionNoteInputSchema`). */
export const notesBody = (notes: readonly DraftNote[]) =>
  sortByTime(notes).map(({ time_ms, note, region }) => ({
    time_ms,
    note: note.trim(),
    ...(region ? { region } : {}),
  }));

/**
 * Issue 27 §3, the advertiser's notes on the version being debriefed: "Add a note at 0:07.4"
 * pauses the preview and takes its current millisecond; the note is written, and a region may be
 * dragged on the paused picture (optional: a keyboard user saves without one); the notes are
 * listed by time with edit and remove, and shown as markers under the player (a marker seeks
 * there). They are sent with the debrief.
 */
export function RevisionNoteEditor({
  video,
  notes,
  onChange,
}: {
  video: ContentVideo;
  notes: readonly DraftNote[];
  onChange: (notes: DraftNote[]) => void;
}) {
  const { t } = useTranslation('manage-content');
  const ref = useRef<HTMLVideoElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const frame = useFrameRect(ref);
  const hintId = useId();
  const [nowMs, setNowMs] = useState(0);
  const [editing, setEditing] = useState<DraftNote | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const limitMs =
    video.duration_seconds !== null ? noteTimeLimitMs(video.duration_seconds) : Infinity;
  const sorted = sortByTime(notes);
  const full = notes.length >= REVISION_NOTES_MAX;

  useEffect(() => {
    if (editing) textRef.current?.focus();
    // Only when a note starts being written (not on each keystroke).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing?.key]);

  const track = () => {
    if (ref.current) setNowMs(Math.min(currentMsOf(ref.current), limitMs));
  };
  const startAt = () => {
    const player = ref.current;
    if (!player) return;
    player.pause();
    const ms = Math.min(Math.max(0, currentMsOf(player)), limitMs);
    setNowMs(ms);
    setError(null);
    setDrawing(false);
    setEditing({ key: newKey(), time_ms: ms, note: '', region: null });
  };
  const edit = (note: DraftNote) => {
    seekVideo(ref.current, note.time_ms);
    setError(null);
    setDrawing(false);
    setEditing({ ...note });
  };
  const save = () => {
    if (!editing) return;
    const text = editing.note.trim();
    if (!text) return setError(t('notes.required'));
    if (text.length > REVISION_NOTE_MAX_LENGTH) return setError(t('notes.tooLong'));
    const saved = { ...editing, note: text };
    const others = notes.filter((note) => note.key !== saved.key);
    onChange(sortByTime([...others, saved]));
    setEditing(null);
    setDrawing(false);
  };
  const seek = (note: TimedNote) => {
    seekVideo(ref.current, note.time_ms);
    setSelected(note.key);
  };
  const shownRegion =
    editing?.region ?? (selected ? notes.find((n) => n.key === selected)?.region : null);

  return (
    <Stack gap="sm" data-testid="note-editor">
      <Text size="sm" fw={600}>
        {t('notes.editorTitle')}
      </Text>
      <Text size="sm" c="dimmed" id={hintId}>
        {t('notes.editorHint')}
      </Text>
      <div style={{ position: 'relative' }}>
        <video
          ref={ref}
          controls={!drawing}
          preload="metadata"
          playsInline
          src={noteSourceOf(video) ?? undefined}
          poster={video.poster_url ?? undefined}
          aria-label={t('notes.player', { version: video.version })}
          data-testid="note-editor-player"
          onTimeUpdate={track}
          onSeeked={track}
          onLoadedMetadata={track}
          onPlay={() => setSelected(null)}
          style={{
            display: 'block',
            width: '100%',
            maxHeight: '50vh',
            background: 'black',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        />
        {shownRegion && frame && <RegionOutline region={shownRegion} frame={frame} />}
        {drawing && editing && frame && (
          <RegionDrawing
            frame={frame}
            onDrawn={(region) => {
              setEditing({ ...editing, region });
              // Drawn: the player's controls come back (a click alone draws nothing).
              if (region) setDrawing(false);
            }}
            label={t('notes.drawArea')}
          />
        )}
      </div>
      <NoteTimeline
        notes={sorted}
        durationMs={(video.duration_seconds ?? 0) * 1000}
        onSeek={seek}
        ns="manage-content"
        activeKey={selected}
      />
      {!editing && (
        <Group gap="sm">
          <Button variant="light" onClick={startAt} disabled={full} aria-describedby={hintId}>
            {t('notes.addAt', { time: formatTimeCode(nowMs) })}
          </Button>
          {full && (
            <Text size="sm" c="dimmed">
              {t('notes.full', { max: REVISION_NOTES_MAX })}
            </Text>
          )}
        </Group>
      )}
      {editing && (
        <Paper withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <Textarea
              ref={textRef}
              label={t('notes.noteAt', { time: formatTimeCode(editing.time_ms) })}
              autosize
              minRows={2}
              maxRows={6}
              value={editing.note}
              error={error}
              onChange={(event) => {
                setEditing({ ...editing, note: event.currentTarget.value });
                setError(null);
              }}
              onKeyDown={(event) => {
                // Enter in a textarea is a new line; Ctrl/⌘+Enter saves the note (not the form).
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  save();
                }
              }}
            />
            <Text size="xs" c="dimmed" role="status">
              {drawing
                ? t('notes.drawing')
                : editing.region
                  ? t('notes.regionSet')
                  : t('notes.regionOptional')}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" onClick={save}>
                {t('notes.save')}
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-pressed={drawing}
                onClick={() => {
                  seekVideo(ref.current, editing.time_ms);
                  setDrawing(!drawing);
                }}
              >
                {drawing ? t('notes.stopDrawing') : t('notes.drawRegion')}
              </Button>
              {editing.region && (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setEditing({ ...editing, region: null })}
                >
                  {t('notes.clearRegion')}
                </Button>
              )}
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                onClick={() => {
                  setEditing(null);
                  setDrawing(false);
                  setError(null);
                }}
              >
                {t('notes.cancel')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {sorted.length > 0 && (
        <Stack
          gap="xs"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('notes.listLabel')}
        >
          {sorted.map((note) => {
            const time = formatTimeCode(note.time_ms);
            return (
              <NoteListItem
                key={note.key}
                note={note}
                ns="manage-content"
                onSeek={() => seek(note)}
                actions={
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => edit(note)}
                      aria-label={t('notes.editAt', { time })}
                    >
                      {t('notes.edit')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        onChange(notes.filter((n) => n.key !== note.key));
                        if (editing?.key === note.key) setEditing(null);
                      }}
                      aria-label={t('notes.removeAt', { time })}
                    >
                      {t('notes.remove')}
                    </Button>
                  </Group>
                }
              />
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The layer a region is dragged on, over the paused picture only (pointer: mouse, pen or
 * touch). A keyboard user leaves the region out: it is optional.
 */
function RegionDrawing({
  frame,
  onDrawn,
  label,
}: {
  frame: FrameRect;
  onDrawn: (region: RevisionNoteRegion | null) => void;
  label: string;
}) {
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [live, setLive] = useState<RevisionNoteRegion | null>(null);
  const pointOf = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: clamp01((event.clientX - box.left) / box.width),
      y: clamp01((event.clientY - box.top) / box.height),
    };
  };
  return (
    <div
      data-testid="note-region-drawing"
      title={label}
      onPointerDown={(event) => {
        event.preventDefault();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        setStart(pointOf(event));
        setLive(null);
      }}
      onPointerMove={(event) => {
        if (start) setLive(regionBetween(start, pointOf(event)));
      }}
      onPointerUp={(event) => {
        if (!start) return;
        const region = regionBetween(start, pointOf(event));
        setStart(null);
        setLive(null);
        onDrawn(region);
      }}
      style={{
        position: 'absolute',
        left: frame.left,
        top: frame.top,
        width: frame.width,
        height: frame.height,
        cursor: 'crosshair',
        touchAction: 'none',
        outline: '2px dashed var(--mantine-color-yellow-5)',
      }}
    >
      {live && (
        <RegionOutline
          region={live}
          frame={{ left: 0, top: 0, width: frame.width, height: frame.height }}
          testId="note-region-live"
        />
      )}
    </div>
  );
}
