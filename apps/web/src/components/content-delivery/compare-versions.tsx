import { type ContentVideo, formatTimeCode } from '@clipmarket/contracts/content-delivery';
import { Button, Select, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { DeliveryNamespace } from './delivery';
import { noteSourceOf } from './revision-notes';

/** The two versions compared at first: the last two ready ones (older first). */
export function defaultPair(videos: readonly ContentVideo[]): [number, number] | null {
  const ready = videos
    .filter((video) => video.status === 'ready' && noteSourceOf(video))
    .map((video) => video.version)
    .sort((a, b) => a - b);
  if (ready.length < 2) return null;
  return [ready[ready.length - 2]!, ready[ready.length - 1]!];
}

/**
 * Issue 27 §3, "the comparison of two versions side by side": two versions' previews (chosen,
 * by default the last two) played and sought together by one control — a play button and one
 * position slider for both —; side by side from small screens up, stacked on phones; the
 * grid follows the page's direction (the first version on the reading side). The second is
 * muted: two soundtracks at once would cover each other.
 */
export function CompareVersions({
  videos,
  ns,
}: {
  videos: readonly ContentVideo[];
  ns: DeliveryNamespace;
}) {
  const { t } = useTranslation(ns);
  const pair = defaultPair(videos);
  const ready = videos
    .filter((video) => video.status === 'ready' && noteSourceOf(video))
    .sort((a, b) => a.version - b.version);
  const [first, setFirst] = useState(pair?.[0] ?? null);
  const [second, setSecond] = useState(pair?.[1] ?? null);
  const firstRef = useRef<HTMLVideoElement>(null);
  const secondRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [durations, setDurations] = useState<[number, number]>([0, 0]);
  const sliderLabelId = useId();

  const players = () =>
    [firstRef.current, secondRef.current].filter((v): v is HTMLVideoElement => v !== null);
  const end = Math.max(...durations, 0.1);

  const seek = (seconds: number) => {
    setPosition(seconds);
    for (const video of players()) video.currentTime = Math.min(seconds, video.duration || seconds);
  };
  const pause = () => {
    for (const video of players()) video.pause();
    setPlaying(false);
  };
  const play = async () => {
    const videos = players();
    // Start together from the same moment.
    for (const video of videos) video.currentTime = position;
    setPlaying(true);
    try {
      await Promise.all(videos.map((video) => video.play()));
    } catch {
      setPlaying(false);
    }
  };

  // A new choice of versions starts both from the beginning.
  useEffect(() => {
    setPlaying(false);
    setPosition(0);
  }, [first, second]);

  if (!pair || first === null || second === null) return null;
  const options = ready.map((video) => ({
    value: String(video.version),
    label: t('videos.version', { version: video.version }),
  }));
  const byVersion = (version: number) => ready.find((video) => video.version === version);
  const shown = [byVersion(first), byVersion(second)] as const;

  return (
    <Stack gap="sm" data-testid="compare-versions">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('compare.first')}
          data={options}
          value={String(first)}
          allowDeselect={false}
          onChange={(value) => value && setFirst(Number(value))}
        />
        <Select
          label={t('compare.second')}
          data={options}
          value={String(second)}
          allowDeselect={false}
          onChange={(value) => value && setSecond(Number(value))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {shown.map((video, index) =>
          video ? (
            <Stack key={`${index}-${video.video_id}`} gap={4}>
              <Text size="sm" fw={600}>
                {t('videos.version', { version: video.version })}
              </Text>
              <video
                ref={index === 0 ? firstRef : secondRef}
                src={noteSourceOf(video) ?? undefined}
                poster={video.poster_url ?? undefined}
                preload="metadata"
                playsInline
                muted={index === 1}
                data-testid={`compare-player-${index}`}
                aria-label={t('compare.player', { version: video.version })}
                onLoadedMetadata={(event) => {
                  const duration = event.currentTarget.duration;
                  setDurations((old) =>
                    index === 0
                      ? [duration, old[1]]
                      : [old[0], Number.isFinite(duration) ? duration : 0],
                  );
                }}
                onTimeUpdate={(event) => {
                  if (index === 0 || !firstRef.current)
                    setPosition(event.currentTarget.currentTime);
                }}
                onEnded={() => {
                  if (players().every((player) => player.ended || player.paused)) pause();
                }}
                style={{
                  display: 'block',
                  width: '100%',
                  maxHeight: '24rem',
                  background: 'black',
                  borderRadius: 'var(--mantine-radius-md)',
                }}
              />
            </Stack>
          ) : null,
        )}
      </SimpleGrid>
      <div style={{ display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-sm)' }}>
        <Button
          variant="light"
          onClick={() => (playing ? pause() : void play())}
          style={{ flexShrink: 0 }}
        >
          {playing ? t('compare.pause') : t('compare.play')}
        </Button>
        <Text
          id={sliderLabelId}
          size="sm"
          style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
        >
          {formatTimeCode(position * 1000)}
        </Text>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Slider
            min={0}
            max={end}
            step={0.1}
            value={Math.min(position, end)}
            onChange={(value) => {
              if (playing) pause();
              seek(value);
            }}
            label={(value) => formatTimeCode(value * 1000)}
            thumbLabel={t('compare.position')}
            aria-describedby={sliderLabelId}
          />
        </div>
      </div>
    </Stack>
  );
}
