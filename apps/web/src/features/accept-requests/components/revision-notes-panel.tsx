import type { ContentVideo, RevisionNote } from '@clipmarket/contracts/content-delivery';
import { Alert, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { NotesPlayer, notesByVersion } from '../../../components/content-delivery/revision-notes';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useTranslation } from '../../../lib/use-translation';
import { useNoteAddressed } from '../api/revision-notes';

/**
 * Issue 27 §3 on the creator's page: the advertiser's notes grouped by the version they were
 * about (newest first), each version's player with the notes' markers; a note (marker or time)
 * seeks there and outlines its region; an "Addressed" box per note while the line is open
 * (`canTick`), which the advertiser sees.
 */
export function RevisionNotesPanel({
  lineId,
  notes,
  videos,
  canTick,
}: {
  lineId: number;
  notes: readonly RevisionNote[];
  videos: readonly ContentVideo[];
  canTick: boolean;
}) {
  const { t } = useTranslation('accept-requests');
  const errorMessage = useApiErrorMessage();
  // The box moves with the click itself (the saved answer follows): what was asked, per note,
  // until the server has answered (saved or refused, the line's notes then say what holds).
  const [asked, setAsked] = useState<ReadonlyMap<number, boolean>>(new Map());
  const addressed = useNoteAddressed(lineId, (noteId) =>
    setAsked((old) => {
      const next = new Map(old);
      next.delete(noteId);
      return next;
    }),
  );
  const isTicked = (note: RevisionNote) => asked.get(note.id) ?? note.addressed_at !== null;
  const left = notes.filter((note) => !isTicked(note)).length;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" role="status">
        {left === 0 ? t('notes.allAddressed') : t('notes.left', { count: left })}
      </Text>
      {addressed.isError && (
        <Alert color="red" role="alert">
          {errorMessage(addressed.error)}
        </Alert>
      )}
      {notesByVersion(notes, videos).map((group) => (
        <Stack key={group.video.version} gap="xs">
          <Title order={3} size="h5">
            {t('notes.ofVersion', { version: group.video.version })}
          </Title>
          <NotesPlayer
            video={group.video}
            notes={group.notes}
            ns="accept-requests"
            actions={(note, describedBy) => (
              <Checkbox
                label={t('notes.addressed')}
                aria-describedby={describedBy}
                checked={isTicked(note)}
                disabled={!canTick}
                onChange={(event) => {
                  const value = event.currentTarget.checked;
                  addressed.reset();
                  setAsked((old) => new Map(old).set(note.id, value));
                  addressed.mutate({ noteId: note.id, addressed: value });
                }}
                style={{ flexShrink: 0 }}
              />
            )}
          />
        </Stack>
      ))}
    </Stack>
  );
}
