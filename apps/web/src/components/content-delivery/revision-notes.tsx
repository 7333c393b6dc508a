import {
  type ContentVideo,
  formatTimeCode,
  type RevisionNote,
  type RevisionNoteRegion,
} from '@clipmarket/contracts/content-delivery';
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { DeliveryNamespace } from './delivery';

/**
 * Frame-accurate revision notes (issue 27 §3), the pieces both screens share: the advertiser's
 * review (placing notes) and the creator's page (reading and ticking them). Time codes read
 * `m:ss.t` in Latin digits (`formatTimeCode`, contracts), like every figure of the app.
 */

export { formatTimeCode };

/** A note as the pieces below draw it: placed (a `RevisionNote`) or still a draft. */
export interface TimedNote {
  key: string;
  time_ms: number;
  note: string;
  region: RevisionNoteRegion | null;
}

/** Notes by time on the timeline (then in the order given: equal times keep their order). */
export function sortByTime<T extends { time_ms: number }>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => a.time_ms - b.time_ms);
}

/** A placed note, keyed for the pieces below. */
export const timedNoteOf = (note: RevisionNote): TimedNote => ({
  key: String(note.id),
  time_ms: note.time_ms,
  note: note.note,
  region: note.region,
});

/** The millisecond the player shows now (the frame on screen when paused). */
export const currentMsOf = (video: HTMLVideoElement) => Math.round(video.currentTime * 1000);

/** Pauses on the note's moment: the frame it is about stays on screen. */
export function seekVideo(video: HTMLVideoElement | null, ms: number) {
  if (!video) return;
  video.pause();
  video.currentTime = ms / 1000;
}

/** The note's marker name: "Note at 0:07.4: The logo…" (its text cut after 80 characters). */
export function markerText(note: { time_ms: number; note: string }) {
  return note.note.length > 80 ? `${note.note.slice(0, 79)}…` : note.note;
}

/** Where the picture is drawn inside the player, in pixels of its box. */
export interface FrameRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The picture's rectangle inside a `<video>` box: the browser letterboxes it (`object-fit:
 * contain`), so a region in fractions of the frame is placed on this rectangle, not the box.
 */
export function frameRectOf(
  box: { width: number; height: number },
  picture: { width: number; height: number },
): FrameRect {
  if (picture.width <= 0 || picture.height <= 0) return { left: 0, top: 0, ...box };
  const scale = Math.min(box.width / picture.width, box.height / picture.height);
  const width = picture.width * scale;
  const height = picture.height * scale;
  return { left: (box.width - width) / 2, top: (box.height - height) / 2, width, height };
}

/** The picture's rectangle of a player, kept up to date as it loads and resizes. */
export function useFrameRect(ref: RefObject<HTMLVideoElement | null>): FrameRect | null {
  const [rect, setRect] = useState<FrameRect | null>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const measure = () => {
      if (!video.videoWidth || !video.clientWidth) return;
      setRect(
        frameRectOf(
          { width: video.clientWidth, height: video.clientHeight },
          { width: video.videoWidth, height: video.videoHeight },
        ),
      );
    };
    measure();
    video.addEventListener('loadedmetadata', measure);
    video.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(video);
    return () => {
      video.removeEventListener('loadedmetadata', measure);
      video.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return rect;
}

/**
 * A region as an outline over the picture. The picture is never mirrored, so neither is the
 * region: physical `left`/`top` on purpose, in right-to-left pages too.
 */
export function RegionOutline({
  region,
  frame,
  testId = 'note-region',
}: {
  region: RevisionNoteRegion;
  frame: FrameRect;
  testId?: string;
}) {
  return (
    <div
      aria-hidden
      data-testid={testId}
      style={{
        position: 'absolute',
        left: frame.left + region.x * frame.width,
        top: frame.top + region.y * frame.height,
        width: region.width * frame.width,
        height: region.height * frame.height,
        // Yellow inside a dark ring: visible on light and dark pictures alike.
        border: '3px solid var(--mantine-color-yellow-5)',
        boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.75)',
        borderRadius: 4,
        pointerEvents: 'none',
      }}
    />
  );
}

/**
 * The notes' markers on a bar under the player, one button each ("Note at 0:07.4: …"); a
 * click seeks the player there. Time runs left to right as on the player's own progress bar,
 * which browsers do not mirror, so the bar is not mirrored either.
 */
export function NoteTimeline({
  notes,
  durationMs,
  onSeek,
  ns,
  activeKey = null,
}: {
  notes: readonly TimedNote[];
  durationMs: number;
  onSeek: (note: TimedNote) => void;
  ns: DeliveryNamespace;
  activeKey?: string | null;
}) {
  const { t } = useTranslation(ns);
  const end = Math.max(durationMs, ...notes.map((note) => note.time_ms), 1);
  return (
    <div
      role="group"
      aria-label={t('notes.timeline')}
      dir="ltr"
      data-testid="note-timeline"
      style={{
        position: 'relative',
        height: 28,
        marginInline: 12,
        borderRadius: 4,
        background:
          'linear-gradient(var(--mantine-color-gray-4), var(--mantine-color-gray-4)) center / 100% 4px no-repeat',
      }}
    >
      {sortByTime(notes).map((note) => {
        const active = note.key === activeKey;
        const style: CSSProperties = {
          position: 'absolute',
          left: `${(note.time_ms / end) * 100}%`,
          top: 2,
          width: 24,
          height: 24,
          marginLeft: -12,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 12,
        };
        return (
          <UnstyledButton
            key={note.key}
            type="button"
            style={style}
            aria-label={t('notes.marker', {
              time: formatTimeCode(note.time_ms),
              note: markerText(note),
            })}
            aria-pressed={active}
            onClick={() => onSeek(note)}
          >
            <span
              aria-hidden
              style={{
                width: active ? 16 : 12,
                height: active ? 16 : 12,
                borderRadius: '50%',
                background: active
                  ? 'var(--mantine-color-orange-8)'
                  : 'var(--mantine-color-blue-7)',
                border: '2px solid white',
                boxShadow: '0 0 0 1px var(--mantine-color-gray-7)',
              }}
            />
          </UnstyledButton>
        );
      })}
    </div>
  );
}

/** The address a version is played from for its notes: the preview they were placed on. */
export const noteSourceOf = (video: ContentVideo) => video.preview_url ?? video.original_url;

/**
 * One version's player with its notes: the markers under it, the list by time; choosing a note
 * (its marker or its time) seeks there and outlines its region over the picture. `actions`
 * adds a screen's own control to each note (the creator's "Addressed" box).
 */
export function NotesPlayer({
  video,
  notes,
  ns,
  actions,
}: {
  video: ContentVideo;
  notes: readonly RevisionNote[];
  ns: DeliveryNamespace;
  actions?: (note: RevisionNote, describedBy: string) => ReactNode;
}) {
  const { t } = useTranslation(ns);
  const ref = useRef<HTMLVideoElement>(null);
  const frame = useFrameRect(ref);
  const idPrefix = useId();
  const [active, setActive] = useState<string | null>(null);
  const sorted = sortByTime(notes);
  const activeNote = sorted.find((note) => String(note.id) === active);
  const jump = (note: { key: string; time_ms: number }) => {
    seekVideo(ref.current, note.time_ms);
    setActive(note.key);
  };
  const source = noteSourceOf(video);
  return (
    <Stack gap="sm">
      {source && (
        <div style={{ position: 'relative' }}>
          <video
            ref={ref}
            controls
            preload="metadata"
            playsInline
            poster={video.poster_url ?? undefined}
            src={source}
            data-testid={`notes-player-${video.version}`}
            aria-label={t('notes.player', { version: video.version })}
            // A playing picture is no longer the one the region is about.
            onPlay={() => setActive(null)}
            style={{
              display: 'block',
              width: '100%',
              maxHeight: '24rem',
              background: 'black',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          />
          {activeNote?.region && frame && (
            <RegionOutline region={activeNote.region} frame={frame} />
          )}
        </div>
      )}
      <NoteTimeline
        notes={sorted.map(timedNoteOf)}
        durationMs={(video.duration_seconds ?? 0) * 1000}
        onSeek={jump}
        ns={ns}
        activeKey={active}
      />
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {sorted.map((note) => {
          const textId = `${idPrefix}-${note.id}`;
          return (
            <NoteListItem
              key={note.id}
              note={note}
              ns={ns}
              textId={textId}
              current={String(note.id) === active}
              onSeek={() => jump(timedNoteOf(note))}
              actions={actions?.(note, textId)}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}

/**
 * One note of a list: its time code (a button that seeks the video), its text, whether it marks
 * a region of the frame, and what the list's reader may do with it.
 */
export function NoteListItem({
  note,
  ns,
  textId,
  current = false,
  onSeek,
  actions,
}: {
  note: { time_ms: number; note: string; region: RevisionNote['region'] };
  ns: DeliveryNamespace;
  textId?: string;
  current?: boolean;
  onSeek: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const time = formatTimeCode(note.time_ms);
  return (
    <Paper withBorder radius="sm" p="xs" component="li">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Button
          variant={current ? 'filled' : 'light'}
          size="compact-sm"
          onClick={onSeek}
          aria-label={t('notes.goTo', { time })}
          style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
        >
          {time}
        </Button>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text
            id={textId}
            size="sm"
            dir="auto"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {note.note}
          </Text>
          {note.region && (
            <Text size="xs" c="dimmed">
              {t('notes.hasRegion')}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
    </Paper>
  );
}

/** A note's state as the advertiser reads it: ticked by the creator, or not yet. */
export function AddressedBadge({ note, ns }: { note: RevisionNote; ns: DeliveryNamespace }) {
  const { t } = useTranslation(ns);
  return note.addressed_at ? (
    <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
      {t('notes.addressed')}
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" style={{ flexShrink: 0 }}>
      {t('notes.notAddressed')}
    </Badge>
  );
}

/** The notes of a line grouped by the version they are about, newest version first. */
export function notesByVersion(notes: readonly RevisionNote[], videos: readonly ContentVideo[]) {
  const versions = [...new Set(notes.map((note) => note.video_version))].sort((a, b) => b - a);
  return versions.flatMap((version) => {
    const video = videos.find((v) => v.version === version);
    return video ? [{ video, notes: notes.filter((note) => note.video_version === version) }] : [];
  });
}
