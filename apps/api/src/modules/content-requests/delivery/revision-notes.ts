import type { z } from 'zod';
import {
  formatTimeCode,
  noteTimeLimitMs,
  revisionNoteMessages,
  type RevisionNote,
  type revisionNotesSchema,
} from '@clipmarket/contracts/content-delivery';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, Tx } from '../../../platform/db/client.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { AppError, notFound } from '../../../platform/http/errors.js';
import { validationFailed } from '../../../platform/http/validation.js';
import type { Caller } from '../content-requests.ports.js';
import { contentRequestsRepository as repository } from '../content-requests.repository.js';
import { revisionNotesRepository, type RevisionNoteRow } from './revision-notes.repository.js';

type NotesInput = z.output<typeof revisionNotesSchema>;

/** A stored note as both parties read it (contracts `revisionNoteSchema`). */
export function toRevisionNote(row: RevisionNoteRow): RevisionNote {
  return {
    id: row.id,
    video_version: row.videoVersion,
    time_ms: row.timeMs,
    note: row.note,
    region: row.region ?? null,
    addressed_at: row.addressedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Refuses (400 VALIDATION_FAILED, a field per note) the notes placed past the end of the
 * reviewed version. The contract bounds the rest (time not negative, text, region in the frame,
 * at most 20); only the service knows the version's duration. A version whose duration was not
 * probed (none is ready without it in practice) has no end to check against.
 */
export function checkNotesWithinVideo(notes: NotesInput, durationSeconds: number | null): void {
  if (durationSeconds === null) return;
  const limit = noteTimeLimitMs(durationSeconds);
  const message = revisionNoteMessages.timePastEnd.replace('{duration}', formatTimeCode(limit));
  const fields = notes.flatMap((note, index) =>
    note.time_ms > limit ? [{ field: `notes.${index}.time_ms`, message }] : [],
  );
  if (fields.length > 0) throw validationFailed(fields);
}

/** In the debrief's transaction: its notes, on the reviewed version. */
export async function writeRevisionNotes(
  tx: Tx,
  input: { lineId: number; feedbackId: number; videoVersion: number; notes: NotesInput },
): Promise<void> {
  await revisionNotesRepository.insertMany(
    tx,
    input.notes.map((note) => ({
      lineId: input.lineId,
      feedbackId: input.feedbackId,
      videoVersion: input.videoVersion,
      timeMs: note.time_ms,
      note: note.note,
      region: note.region ?? null,
    })),
  );
}

/** A line's notes for its delivery view, by version then time. */
export async function revisionNotesOf(
  q: Parameters<typeof revisionNotesRepository.listOf>[0],
  lineId: number,
): Promise<RevisionNote[]> {
  return (await revisionNotesRepository.listOf(q, lineId)).map(toRevisionNote);
}

/**
 * Issue 27 §3: the line's creator ticks a note as addressed (or unticks it) while the line is
 * open — any state of the line process but its terminal ones (declined, expired, cancelled,
 * completed, closed): after that the notes are the record. Anyone else, and a note of another
 * line, finds nothing (404); the advertiser reads the ticks in the line's view.
 */
export function createRevisionNotes(deps: { db: Db }) {
  const closedStates: readonly string[] = contentRequestLineProcess.terminal;
  return {
    async setAddressed(
      caller: Caller,
      lineId: number,
      noteId: number,
      addressed: boolean,
    ): Promise<RevisionNote> {
      return inTransaction(deps.db, async (tx) => {
        // Locked: a tick and the line's closing are one after the other.
        const line = await repository.lockLine(tx, lineId);
        if (!line || caller.role !== 'TALENT' || line.influencerUserId !== caller.userId) {
          throw notFound('Content request line');
        }
        const note = await revisionNotesRepository.find(tx, lineId, noteId);
        if (!note) throw notFound('Revision note');
        if (closedStates.includes(line.state)) {
          throw new AppError(
            'INVALID_TRANSITION',
            'This line is closed: its revision notes can no longer be changed.',
          );
        }
        // Ticking again keeps the first time it was ticked.
        if (addressed === (note.addressedAt !== null)) return toRevisionNote(note);
        const updated = await revisionNotesRepository.setAddressed(
          tx,
          lineId,
          noteId,
          addressed ? new Date() : null,
        );
        return toRevisionNote(updated!);
      });
    },
  };
}

export type RevisionNotes = ReturnType<typeof createRevisionNotes>;
