import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAdmin, type TestUser } from '../../users/test-users.js';
import { contentVideos } from '../../content-videos/content-videos.schema.js';
import { contentRequestFeedback, contentRevisionNotes } from '../content-requests.schema.js';
import { callAs } from '../content-requests.test-support.js';
import { lineRow, review, reviewed, submittedLine, submitVersion } from './review.test-support.js';

/**
 * Frame-accurate revision notes (issue 27 §3): "revision notes placed and addressed". The
 * advertiser's debrief carries notes on the reviewed version's timeline (checked against its
 * duration, written in the debrief's transaction); both parties read them per version; only the
 * line's creator ticks them as addressed, while the line is open.
 */

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

const getLine = (token: string, lineId: number) =>
  callAs(ctx, token, 'GET', `/v2/content-request-influencers/${lineId}`);

const tick = (token: string, lineId: number, noteId: number, body: unknown) =>
  callAs(
    ctx,
    token,
    'PUT',
    `/v2/content-request-influencers/${lineId}/revision-notes/${noteId}`,
    body,
  );

/** The probed duration of a version (the test rows are written without one). */
async function setDuration(lineId: number, version: number, seconds: number) {
  await ctx.database.db
    .update(contentVideos)
    .set({ durationSeconds: seconds })
    .where(and(eq(contentVideos.lineId, lineId), eq(contentVideos.version, version)));
}

/** A submitted line whose first version lasts 12.5 s. */
async function submitted() {
  const line = await submittedLine(ctx);
  await setDuration(line.lineId, 1, 12.5);
  return line;
}

const debrief = (notes: unknown) => ({
  decision: 'debrief',
  feedback_reasons: ['brand_visibility'],
  comment: 'See the notes on the timeline',
  notes,
});

const logoNote = {
  time_ms: 7_400,
  note: '  The logo is hidden by the hand here  ',
  region: { x: 0.1, y: 0.6, width: 0.3, height: 0.4 },
};
const soundNote = { time_ms: 1_250, note: 'The music covers the voice' };

const notesOf = (lineId: number) =>
  ctx.database.db
    .select()
    .from(contentRevisionNotes)
    .where(eq(contentRevisionNotes.lineId, lineId))
    .orderBy(contentRevisionNotes.id);

/** A line debriefed with the two notes above; answers the notes as the view lists them. */
async function debriefedWithNotes() {
  const line = await submitted();
  const after = await reviewed(ctx, line.brand.token, line.lineId, debrief([logoNote, soundNote]));
  return { ...line, notes: after.revision_notes as { id: number; time_ms: number }[] };
}

describe('revision notes placed with a debrief', () => {
  it('writes them with the debrief, on the reviewed version, and shows them to both sides', async () => {
    const { brand, creator, lineId } = await submitted();
    const line = await reviewed(ctx, brand.token, lineId, debrief([logoNote, soundNote]));
    expect(line.status).toBe('debriefed');
    // By time: the sound note (1.25 s) before the logo's (7.4 s); the text trimmed.
    expect(line.revision_notes).toEqual([
      {
        id: expect.any(Number),
        video_version: 1,
        time_ms: 1_250,
        note: 'The music covers the voice',
        region: null,
        addressed_at: null,
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        video_version: 1,
        time_ms: 7_400,
        note: 'The logo is hidden by the hand here',
        region: { x: 0.1, y: 0.6, width: 0.3, height: 0.4 },
        addressed_at: null,
        created_at: expect.any(String),
      },
    ]);
    const asCreator = (await getLine(creator.token, lineId)).json().data;
    expect(asCreator.revision_notes).toEqual(line.revision_notes);

    const [feedback] = await ctx.database.db
      .select()
      .from(contentRequestFeedback)
      .where(eq(contentRequestFeedback.lineId, lineId));
    const rows = await notesOf(lineId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ feedbackId: feedback!.id, videoVersion: 1 });
    }
  });

  it('takes a note at the very end of the version, and a debrief without notes', async () => {
    const atEnd = await submitted();
    await reviewed(
      ctx,
      atEnd.brand.token,
      atEnd.lineId,
      debrief([{ time_ms: 12_500, note: 'End' }]),
    );
    expect(await notesOf(atEnd.lineId)).toHaveLength(1);

    const plain = await submitted();
    const { notes: _none, ...withoutNotes } = debrief([]);
    const line = await reviewed(ctx, plain.brand.token, plain.lineId, withoutNotes);
    expect(line.revision_notes).toEqual([]);
  });

  it('refuses invalid notes with the contract messages, writing nothing', async () => {
    const { brand, lineId } = await submitted();
    const cases: { notes: unknown; field: string; message: string }[] = [
      {
        notes: [{ time_ms: -1, note: 'Before the start' }],
        field: 'notes.0.time_ms',
        message: 'A note’s time cannot be before the start of the video',
      },
      {
        notes: [soundNote, { time_ms: 12_501, note: 'After the end' }],
        field: 'notes.1.time_ms',
        message: 'This note is past the end of the video (0:12.5)',
      },
      {
        notes: [{ ...logoNote, region: { x: 0.8, y: 0.1, width: 0.3, height: 0.2 } }],
        field: 'notes.0.region',
        message: 'The region must lie inside the frame',
      },
      {
        notes: [{ ...logoNote, region: { x: -0.1, y: 0.1, width: 0.3, height: 0.2 } }],
        field: 'notes.0.region.x',
        message: 'The region must lie inside the frame',
      },
      {
        notes: [{ time_ms: 100, note: '   ' }],
        field: 'notes.0.note',
        message: 'Write the note',
      },
      {
        notes: [{ time_ms: 100, note: 'x'.repeat(501) }],
        field: 'notes.0.note',
        message: 'A note is at most 500 characters',
      },
      {
        notes: Array.from({ length: 21 }, (_, i) => ({ time_ms: i * 100, note: `Note ${i}` })),
        field: 'notes',
        message: 'At most 20 notes per revision',
      },
    ];
    for (const { notes, field, message } of cases) {
      const answer = await review(ctx, brand.token, lineId, debrief(notes));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(answer.json().error.fields).toContainEqual({ field, message });
    }
    // Nothing was written: no feedback, no note, the line still to review.
    expect(await notesOf(lineId)).toEqual([]);
    expect((await lineRow(ctx, lineId)).state).toBe('submitted');
    const [any] = await ctx.database.db
      .select()
      .from(contentRequestFeedback)
      .where(eq(contentRequestFeedback.lineId, lineId));
    expect(any).toBeUndefined();
    // Twenty notes are accepted.
    const twenty = Array.from({ length: 20 }, (_, i) => ({ time_ms: i * 500, note: `Note ${i}` }));
    expect((await reviewed(ctx, brand.token, lineId, debrief(twenty))).revision_notes).toHaveLength(
      20,
    );
  });

  it('lists each version its own notes', async () => {
    const { brand, creator, lineId } = await debriefedWithNotes();
    await submitVersion(ctx, creator, lineId, 2);
    await setDuration(lineId, 2, 10);
    const line = await reviewed(
      ctx,
      brand.token,
      lineId,
      debrief([{ time_ms: 3_000, note: 'Better; brighten this shot' }]),
    );
    expect(
      line.revision_notes.map((n: { video_version: number; time_ms: number }) => [
        n.video_version,
        n.time_ms,
      ]),
    ).toEqual([
      [1, 1_250],
      [1, 7_400],
      [2, 3_000],
    ]);
  });
});

describe('revision notes addressed by the creator', () => {
  it('the creator ticks and unticks a note after uploading the next version; the advertiser sees it', async () => {
    const { brand, creator, lineId, notes } = await debriefedWithNotes();
    await submitVersion(ctx, creator, lineId, 2);
    const [first, second] = notes;

    const ticked = await tick(creator.token, lineId, first!.id, { addressed: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    const addressedAt = ticked.json().data.addressed_at;
    expect(ticked.json().data).toMatchObject({ id: first!.id, addressed_at: expect.any(String) });
    // Ticking again keeps the first time.
    const again = await tick(creator.token, lineId, first!.id, { addressed: true });
    expect(again.json().data.addressed_at).toBe(addressedAt);

    const asBrand = (await getLine(brand.token, lineId)).json().data;
    expect(
      asBrand.revision_notes.map((n: { id: number; addressed_at: string | null }) => [
        n.id,
        n.addressed_at,
      ]),
    ).toEqual([
      [first!.id, addressedAt],
      [second!.id, null],
    ]);

    const unticked = await tick(creator.token, lineId, first!.id, { addressed: false });
    expect(unticked.json().data.addressed_at).toBeNull();
    expect((await notesOf(lineId)).every((row) => row.addressedAt === null)).toBe(true);
  });

  it('only the line’s creator: another creator, the advertiser, a foreign note get 404', async () => {
    const { brand, creator, lineId, notes } = await debriefedWithNotes();
    const other = await debriefedWithNotes();
    const noteId = notes[0]!.id;
    const table: { who: string; token: string; line: number; note: number; status: number }[] = [
      {
        who: 'another creator',
        token: other.creator.token,
        line: lineId,
        note: noteId,
        status: 404,
      },
      { who: 'the advertiser', token: brand.token, line: lineId, note: noteId, status: 404 },
      { who: 'an admin', token: admin.token, line: lineId, note: noteId, status: 403 },
      { who: 'no token', token: 'nope', line: lineId, note: noteId, status: 401 },
      // The creator's own line, a note of another line.
      {
        who: 'a note of another line',
        token: creator.token,
        line: lineId,
        note: other.notes[0]!.id,
        status: 404,
      },
      {
        who: 'an unknown note',
        token: creator.token,
        line: lineId,
        note: 2_000_000_000,
        status: 404,
      },
      {
        who: 'an unknown line',
        token: creator.token,
        line: 2_000_000_000,
        note: noteId,
        status: 404,
      },
    ];
    for (const row of table) {
      const answer = await tick(row.token, row.line, row.note, { addressed: true });
      expect(answer.statusCode, `${row.who}: ${answer.body}`).toBe(row.status);
    }
    expect((await notesOf(lineId)).every((row) => row.addressedAt === null)).toBe(true);
    expect((await notesOf(other.lineId)).every((row) => row.addressedAt === null)).toBe(true);

    const invalid = await tick(creator.token, lineId, noteId, { addressed: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a tick once the line is closed (cancelled)', async () => {
    const { creator, lineId, notes } = await debriefedWithNotes();
    await ctx.workflow.apply(ctx.database.db, {
      process: contentRequestLineProcess,
      subjectId: lineId,
      transition: 'admin_cancel',
      actor: { role: 'ADMIN', userId: admin.userId },
      reason: 'Stuck',
    });
    const answer = await tick(creator.token, lineId, notes[0]!.id, { addressed: true });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('INVALID_TRANSITION');
    expect((await notesOf(lineId))[0]!.addressedAt).toBeNull();
  });
});
