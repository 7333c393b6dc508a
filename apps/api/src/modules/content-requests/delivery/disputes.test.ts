import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  contentRequestLineReference,
  contentRequestReference,
} from '@clipmarket/contracts/content-requests';
import { workflowAudit } from '../../../platform/workflow/workflow.schema.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { createAdmin, type TestUser } from '../../users/test-users.js';
import { contentRequestFeedback, contentRequestInfluencers } from '../content-requests.schema.js';
import { insertVideo } from './review.test-support.js';
import { acceptedLine, callAs } from '../content-requests.test-support.js';

/**
 * Disputes (issue 11 §7): the creator contests a rejection with a reason; admins read both
 * sides and settle for the creator (approved) or uphold the rejection (closed, hold released).
 */

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

const lineRow = async (lineId: number) =>
  (
    await ctx.database.db
      .select()
      .from(contentRequestInfluencers)
      .where(eq(contentRequestInfluencers.id, lineId))
  )[0]!;

const walletOf = (userId: number) => ctx.ledger.service.walletBalances(ctx.database.db, userId);

/**
 * A line its advertiser rejected: accepted through the routes, then set `rejected` in the
 * database with the advertiser's feedback (the upload and review are other engineers' routes).
 */
async function rejectedLine() {
  const line = await acceptedLine(ctx);
  await ctx.database.db
    .update(contentRequestInfluencers)
    .set({ state: 'rejected', version: 3, reason: 'Not what we asked' })
    .where(eq(contentRequestInfluencers.id, line.lineId));
  await ctx.database.db.insert(contentRequestFeedback).values({
    lineId: line.lineId,
    decision: 'reject',
    reasons: ['tone', 'brand_visibility'],
    comment: 'The product is barely visible',
    videoVersion: 1,
    authorUserId: line.brand.userId,
  });
  return line;
}

const dispute = (token: string, lineId: number, reason?: string) =>
  callAs(ctx, token, 'POST', `/v2/content-request-influencers/${lineId}/transitions`, {
    transition: 'dispute',
    ...(reason === undefined ? {} : { reason }),
  });

const settle = (token: string, lineId: number, body: unknown) =>
  callAs(ctx, token, 'POST', `/v2/admin/disputes/${lineId}`, body);

async function disputedLine() {
  const line = await rejectedLine();
  const answer = await dispute(line.creator.token, line.lineId, 'I followed the script exactly');
  expect(answer.statusCode, answer.body).toBe(200);
  return line;
}

describe('disputes', () => {
  it('lets the creator dispute a rejection once, with a reason', async () => {
    const { creator, brand, lineId } = await rejectedLine();
    const noReason = await dispute(creator.token, lineId);
    expect(noReason.statusCode).toBe(400);
    expect((await dispute(brand.token, lineId, 'We disagree')).statusCode).toBe(403);

    const other = await acceptedLine(ctx);
    expect((await dispute(other.creator.token, lineId, 'Mine')).statusCode).toBe(404);
    // Not rejected: nothing to dispute.
    expect((await dispute(other.creator.token, other.lineId, 'Early')).statusCode).toBe(409);

    const disputed = await dispute(creator.token, lineId, 'I followed the script exactly');
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json().data.status).toBe('disputed');
    const twice = await dispute(creator.token, lineId, 'Again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('shows admins both sides of each dispute', async () => {
    const { lineId, contentRequestId } = await disputedLine();
    const answer = await callAs(ctx, admin.token, 'GET', '/v2/admin/disputes?limit=50');
    expect(answer.statusCode, answer.body).toBe(200);
    const found = answer
      .json()
      .data.find(
        (d: { content_request_influencer_id: number }) =>
          d.content_request_influencer_id === lineId,
      );
    expect(found).toMatchObject({
      content_request_id: contentRequestId,
      content_opportunity_id: null,
      // The public references people use (ADR 021), not the table ids.
      reference: contentRequestLineReference(contentRequestId, 1),
      request_reference: contentRequestReference(contentRequestId),
      title: 'Summer launch',
      creator_name: expect.any(String),
      advertiser_name: expect.any(String),
      rejection: {
        feedback_reasons: ['tone', 'brand_visibility'],
        comment: 'The product is barely visible',
      },
      dispute_reason: 'I followed the script exactly',
    });
  });

  it('gives admins what they need to decide: the videos (the original playable), the brief and script, the history', async () => {
    const { creator, lineId } = await rejectedLine();
    await insertVideo(ctx, lineId, creator.userId, 1);
    await insertVideo(ctx, lineId, creator.userId, 2);
    const contested = await dispute(creator.token, lineId, 'I followed the script exactly');
    expect(contested.statusCode, contested.body).toBe(200);

    const answer = await callAs(ctx, admin.token, 'GET', '/v2/admin/disputes?limit=50');
    expect(answer.statusCode, answer.body).toBe(200);
    const found = answer
      .json()
      .data.find(
        (d: { content_request_influencer_id: number }) =>
          d.content_request_influencer_id === lineId,
      );
    expect(found.videos.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    for (const video of found.videos) {
      expect(video.original_url).toMatch(/^\/v2\/content-videos\/\d+\/original\?.*user=/);
      expect(video.original_url).toContain(`user=${admin.userId}`);
    }
    expect(found.brief).toEqual({
      content_type: 'product_demo',
      video_duration: 30,
      format: 'portrait',
      product_name: 'Jasmine soap',
      description: 'Show the soap in daylight',
      platforms: ['instagram'],
      delivery_deadline: expect.any(String),
      publishing_deadline: expect.any(String),
      script: 'Hello, this is our soap.',
    });
    expect(
      found.history.map((step: { transition: string; actor_role: string }) => [
        step.transition,
        step.actor_role,
      ]),
    ).toEqual([
      ['accept', 'TALENT'],
      ['dispute', 'TALENT'],
    ]);
    expect(found.history.at(-1)).toMatchObject({
      from_state: 'rejected',
      to_state: 'disputed',
      reason: 'I followed the script exactly',
    });
  });

  it('settles for the creator: the line is approved (then paid from the reserved fee)', async () => {
    const { lineId } = await disputedLine();
    const answer = await settle(admin.token, lineId, { decision: 'approve' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(['approved', 'paid']).toContain(answer.json().data.line_state);
    const [audit] = await ctx.database.db
      .select()
      .from(workflowAudit)
      .where(
        and(
          eq(workflowAudit.subjectId, lineId),
          eq(workflowAudit.transition, 'settle_for_creator'),
        ),
      );
    expect(audit).toMatchObject({ actorRole: 'ADMIN', actorUserId: admin.userId });
    // Settled: no longer in the queue, and not settled twice.
    expect((await settle(admin.token, lineId, { decision: 'approve' })).statusCode).toBe(409);
  });

  it('lets both parties read the dispute and its outcome; a captured reserved fee reads as paid, no longer "secured"', async () => {
    const { creator, brand, lineId } = await disputedLine();
    const lineOf = async (token: string) => {
      const answer = await callAs(ctx, token, 'GET', `/v2/content-request-influencers/${lineId}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    const open = await lineOf(creator.token);
    expect(open).toMatchObject({
      status: 'disputed',
      funds_secured: true,
      paid_from: null,
      dispute: {
        reason: 'I followed the script exactly',
        opened_at: expect.any(String),
        outcome: null,
        decision_reason: null,
        decided_at: null,
      },
    });
    expect((await lineOf(brand.token)).dispute.reason).toBe('I followed the script exactly');

    const settled = await settle(admin.token, lineId, {
      decision: 'approve',
      reason: 'The product shows at 0:04',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    await waitFor(async () => (await lineRow(lineId)).state === 'paid', {
      what: 'the reserved fee captured after the dispute',
    });
    for (const token of [creator.token, brand.token]) {
      expect(await lineOf(token)).toMatchObject({
        status: 'paid',
        funds_secured: false,
        paid_from: 'reserved_funds',
        dispute: {
          reason: 'I followed the script exactly',
          outcome: 'for_creator',
          decision_reason: 'The product shows at 0:04',
          decided_at: expect.any(String),
        },
      });
    }
  });

  it('upholds the rejection: the line is closed and the reserved fee goes back', async () => {
    const { brand, creator, lineId } = await disputedLine();
    expect((await walletOf(brand.userId)).reserved).toBeGreaterThan(0);
    const available = (await walletOf(brand.userId)).available;

    const noReason = await settle(admin.token, lineId, { decision: 'uphold' });
    expect(noReason.statusCode).toBe(400);
    const answer = await settle(admin.token, lineId, {
      decision: 'uphold',
      reason: 'The brand is not visible in the video',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.line_state).toBe('closed');
    const row = await lineRow(lineId);
    expect(row.state).toBe('closed');
    const wallet = await walletOf(brand.userId);
    expect(wallet.reserved).toBe(0);
    expect(wallet.available).toBe(available + row.price);
    const seen = await callAs(
      ctx,
      creator.token,
      'GET',
      `/v2/content-request-influencers/${lineId}`,
    );
    expect(seen.json().data).toMatchObject({
      funds_secured: false,
      paid_from: null,
      dispute: {
        reason: 'I followed the script exactly',
        outcome: 'for_advertiser',
        decision_reason: 'The brand is not visible in the video',
      },
    });
  });

  it('lets admins only read and settle; an unknown line is a 404', async () => {
    const { creator, brand, lineId } = await disputedLine();
    for (const user of [creator, brand]) {
      expect((await callAs(ctx, user.token, 'GET', '/v2/admin/disputes')).statusCode).toBe(403);
      expect((await settle(user.token, lineId, { decision: 'approve' })).statusCode).toBe(403);
    }
    expect((await settle(admin.token, 999_999_999, { decision: 'approve' })).statusCode).toBe(404);
    expect((await lineRow(lineId)).state).toBe('disputed');
  });
});

describe('GET /v2/admin/content-requests', () => {
  type Listed = {
    data: Array<{
      content_request_influencer_id: number;
      content_request_id: number;
      title: string;
      state: string;
      advertiser_name: string;
      creator_name: string;
      entered_at: string;
      price: number;
    }>;
    next_before: number | null;
  };
  const list = async (query = '') => {
    const answer = await callAs(ctx, admin.token, 'GET', `/v2/admin/content-requests${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Listed;
  };

  it('lists every line newest first with both parties and its state; open, ended, all', async () => {
    const open = await acceptedLine(ctx);
    const ended = await acceptedLine(ctx);
    await ctx.database.db
      .update(contentRequestInfluencers)
      .set({ state: 'completed' })
      .where(eq(contentRequestInfluencers.id, ended.lineId));

    const openList = await list('?limit=50');
    const openLine = openList.data.find((l) => l.content_request_influencer_id === open.lineId);
    expect(openLine).toMatchObject({
      content_request_id: open.contentRequestId,
      state: 'accepted',
      price: expect.any(Number),
    });
    expect(openLine!.title).not.toBe('');
    expect(openLine!.advertiser_name).not.toBe('');
    expect(openLine!.creator_name).not.toBe('');
    expect(new Date(openLine!.entered_at).getTime()).toBeGreaterThan(0);
    expect(openList.data.map((l) => l.content_request_influencer_id)).not.toContain(ended.lineId);
    const ids = openList.data.map((l) => l.content_request_influencer_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const endedList = await list('?filter=ended&limit=50');
    expect(endedList.data.map((l) => l.content_request_influencer_id)).toContain(ended.lineId);
    expect(endedList.data.every((l) => l.state !== 'accepted')).toBe(true);
    const all = await list('?filter=all&limit=50');
    expect(all.data.map((l) => l.content_request_influencer_id)).toEqual(
      expect.arrayContaining([open.lineId, ended.lineId]),
    );

    // Keyset: one at a time.
    const first = await list('?filter=all&limit=1');
    expect(first.next_before).toBe(first.data[0]!.content_request_influencer_id);
    const second = await list(`?filter=all&limit=1&before=${first.next_before}`);
    expect(second.data[0]!.content_request_influencer_id).toBeLessThan(first.next_before!);
  });

  it("lists one request's lines (where a dispute links to)", async () => {
    const { lineId, contentRequestId } = await disputedLine();
    await acceptedLine(ctx);
    const one = await list(`?filter=all&content_request_id=${contentRequestId}`);
    expect(one.data.map((l) => l.content_request_influencer_id)).toEqual([lineId]);
    expect(one.data[0]).toMatchObject({ content_request_id: contentRequestId, state: 'disputed' });
  });

  it('is for admins only and refuses a bad filter', async () => {
    const { creator, brand } = await acceptedLine(ctx);
    for (const user of [creator, brand]) {
      const answer = await callAs(ctx, user.token, 'GET', '/v2/admin/content-requests');
      expect(answer.statusCode).toBe(403);
    }
    const bad = await callAs(ctx, admin.token, 'GET', '/v2/admin/content-requests?filter=stuck');
    expect(bad.statusCode).toBe(400);
  });
});
