import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { VideoStatus } from '@clipmarket/contracts/content-delivery';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import type { TestContext } from '../../../test/harness.js';
import { runJobNow as runQueuedJobNow } from '../../../test/run-job-now.js';
import { contentVideos } from '../../content-videos/content-videos.schema.js';
import { contentRequestInfluencers } from '../content-requests.schema.js';
import { acceptedLine, callAs, type TestCreator } from '../content-requests.test-support.js';

/**
 * Test helpers for review and payment (issue 11 §3–§4): a line moved to `submitted` without the
 * video pipeline (a `content_videos` row written straight in the database, then `submit` taken
 * as the creator through the engine), reviews through the real route, jobs made due now.
 */

let uploads = 0;

/** A video row of the line as the pipeline would leave it (test only). */
export async function insertVideo(
  ctx: TestContext,
  lineId: number,
  creatorUserId: number,
  version: number,
  status: VideoStatus = 'ready',
) {
  uploads += 1;
  await ctx.database.db.insert(contentVideos).values({
    lineId,
    creatorUserId,
    version,
    status,
    uploadId: `test-upload-${lineId}-${version}-${Date.now()}-${uploads}`,
    originalKey: `videos/test/${lineId}-${version}.mp4`,
    originalName: 'clip.mp4',
    sizeBytes: 1_000_000,
    consentAt: new Date(),
  });
}

/** The creator submits version `version` of the line's video (ready unless told otherwise). */
export async function submitVersion(
  ctx: TestContext,
  creator: TestCreator,
  lineId: number,
  version: number,
  status: VideoStatus = 'ready',
) {
  await insertVideo(ctx, lineId, creator.userId, version, status);
  await ctx.workflow.apply(ctx.database.db, {
    process: contentRequestLineProcess,
    subjectId: lineId,
    transition: 'submit',
    actor: { role: 'TALENT', userId: creator.userId },
  });
}

/** An accepted line whose first video is submitted and ready: the advertiser's turn. */
export async function submittedLine(ctx: TestContext, options: { funds?: number } = {}) {
  const line = await acceptedLine(ctx, options);
  await submitVersion(ctx, line.creator, line.lineId, 1);
  return line;
}

export const review = (ctx: TestContext, token: string, lineId: number, body: unknown) =>
  callAs(ctx, token, 'POST', `/v2/content-request-influencers/${lineId}/review`, body);

export const approveBody = {
  decision: 'approve',
  feedback_reasons: ['creativity', 'storytelling'],
  rating: 5,
  comment: 'Lovely light',
};

/** Reviews and expects a 200; answers the line after it. */
export async function reviewed(ctx: TestContext, token: string, lineId: number, body: unknown) {
  const answer = await review(ctx, token, lineId, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

/** A content request's line, as stored. */
export async function lineRow(ctx: TestContext, lineId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(contentRequestInfluencers)
    .where(eq(contentRequestInfluencers.id, lineId));
  expect(row?.contentRequestId).not.toBeNull();
  return { ...row!, contentRequestId: row!.contentRequestId! };
}

/** Makes a queued job (by name and payload subset) due now and runs it (see the harness). */
export async function runJobNow(ctx: TestContext, name: string, data: Record<string, unknown>) {
  await runQueuedJobNow(ctx, name, data);
}

/** The outbox events of `type` about a line. */
export async function eventsOfLine(ctx: TestContext, type: string, lineId: number) {
  const { rows } = await ctx.database.query<{ payload: Record<string, unknown> }>(
    `select payload from outbox_events where type = $1 and payload->>'lineId' = $2 order by id`,
    [type, String(lineId)],
  );
  return rows.map((r) => r.payload);
}
