import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contentRequestLineReference } from '@clipmarket/contracts/content-requests';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import { outboxEvents } from '../../../platform/events/events.schema.js';
import { quoteIdentifier } from '../../../platform/jobs/job-queue.js';
import { systemActor } from '../../../platform/workflow/workflow.js';
import { workflowAudit } from '../../../platform/workflow/workflow.schema.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { runJobNow } from '../../../test/run-job-now.js';
import { waitFor } from '../../../test/wait-for.js';
import { createAdmin, type TestUser } from '../../users/test-users.js';
import { contentRequestInfluencers, contentRequestLinks } from '../content-requests.schema.js';
import {
  acceptedLine,
  callAs,
  newBrand,
  newCreator,
  sendRequest,
} from '../content-requests.test-support.js';

/**
 * Publication links (issue 11 §5): the creator's links once paid, their checks, the team's
 * decisions (completed, or declined and sent again), the publishing reminder.
 */

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

const IG = 'https://www.instagram.com/p/abc123/';
const TT = 'https://www.tiktok.com/@maya/video/123';

const lineRow = async (lineId: number) =>
  (
    await ctx.database.db
      .select()
      .from(contentRequestInfluencers)
      .where(eq(contentRequestInfluencers.id, lineId))
  )[0]!;

/**
 * A line moved to `paid` in the test: approved in the database (the review is another
 * engineer's route), then `mark_paid` through the engine so that entering `paid` runs its hooks.
 */
async function paidLine(draft: Record<string, unknown> = {}) {
  const brand = await newBrand(ctx, 5_000_000);
  const creator = await newCreator(ctx);
  const request = await sendRequest(ctx, brand, [creator], draft);
  const lineId = request.lineOf(creator);
  const accepted = await callAs(
    ctx,
    creator.token,
    'POST',
    `/v2/content-request-influencers/${lineId}/transitions`,
    { transition: 'accept' },
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  await ctx.database.db
    .update(contentRequestInfluencers)
    .set({ state: 'approved', version: 2 })
    .where(eq(contentRequestInfluencers.id, lineId));
  await ctx.workflow.apply(ctx.database.db, {
    process: contentRequestLineProcess,
    subjectId: lineId,
    transition: 'mark_paid',
    actor: systemActor,
  });
  return { brand, creator, lineId };
}

const submitLinks = (token: string, lineId: number, links: unknown) =>
  callAs(ctx, token, 'POST', `/v2/content-request-influencers/${lineId}/links`, { links });

const decide = (token: string, linkId: number, body: unknown) =>
  callAs(ctx, token, 'POST', `/v2/admin/publications/links/${linkId}`, body);

async function linksOf(lineId: number) {
  return ctx.database.db
    .select()
    .from(contentRequestLinks)
    .where(eq(contentRequestLinks.lineId, lineId))
    .orderBy(contentRequestLinks.id);
}

describe('publication links', () => {
  it('checks the links: platforms of the request, all of them, https, own line, paid line', async () => {
    const { creator, lineId } = await paidLine({ platforms: ['instagram', 'tiktok'] });

    const notHttps = await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: 'http://www.instagram.com/p/abc/' },
      { platform: 'tiktok', url: TT },
    ]);
    expect(notHttps.statusCode).toBe(400);
    expect(notHttps.json().error.code).toBe('VALIDATION_FAILED');

    const missing = await submitLinks(creator.token, lineId, [{ platform: 'instagram', url: IG }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields[0]).toMatchObject({ field: 'links' });
    expect(missing.json().error.message).toContain('tiktok');

    const other = await paidLine({ platforms: ['instagram'] });
    const foreignPlatform = await submitLinks(other.creator.token, other.lineId, [
      { platform: 'instagram', url: IG },
      { platform: 'tiktok', url: TT },
    ]);
    expect(foreignPlatform.statusCode).toBe(400);
    expect(foreignPlatform.json().error.fields[0]).toMatchObject({ field: 'links.1.platform' });

    const foreignLine = await submitLinks(other.creator.token, lineId, [
      { platform: 'instagram', url: IG },
      { platform: 'tiktok', url: TT },
    ]);
    expect(foreignLine.statusCode).toBe(404);

    const brandCall = await submitLinks(other.brand.token, other.lineId, [
      { platform: 'instagram', url: IG },
    ]);
    expect(brandCall.statusCode).toBe(403);

    const notPaid = await acceptedLine(ctx);
    const early = await submitLinks(notPaid.creator.token, notPaid.lineId, [
      { platform: 'instagram', url: IG },
    ]);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('INVALID_TRANSITION');

    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/v2/content-request-influencers/${lineId}/links`,
      payload: { links: [{ platform: 'instagram', url: IG }] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await linksOf(lineId)).length).toBe(0);
    expect((await lineRow(lineId)).state).toBe('paid');
  });

  it("takes only links on each platform's own hosts, without credentials", async () => {
    const { creator, lineId } = await paidLine({ platforms: ['instagram', 'tiktok'] });

    // A TikTok link given as the Instagram one.
    const swapped = await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: TT },
      { platform: 'tiktok', url: TT },
    ]);
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().error.fields).toEqual([
      {
        field: 'links.0.url',
        message: 'This is not a link of your Instagram post: it is on www.tiktok.com',
      },
    ]);

    for (const url of [
      'https://example.com/p/abc/',
      'https://instagram.com.evil.tn/p/abc/',
      'https://user:pass@www.instagram.com/p/abc/',
    ]) {
      const refused = await submitLinks(creator.token, lineId, [
        { platform: 'instagram', url },
        { platform: 'tiktok', url: TT },
      ]);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.fields[0].field, url).toBe('links.0.url');
    }

    // The service checks too, whoever calls it (demo data, opportunities).
    await expect(
      ctx.modules.contentRequests.publication.submitLinks(
        { userId: creator.userId, role: 'TALENT' },
        lineId,
        {
          links: [
            { platform: 'instagram', url: 'https://user:pass@www.instagram.com/p/abc/' },
            { platform: 'tiktok', url: TT },
          ],
        },
      ),
    ).rejects.toMatchObject({ code: 'PUBLICATION_LINK_INVALID', statusCode: 400 });
    await expect(
      ctx.modules.contentRequests.publication.submitLinks(
        { userId: creator.userId, role: 'TALENT' },
        lineId,
        {
          links: [
            { platform: 'instagram', url: 'https://vm.tiktok.com/ZMabc/' },
            { platform: 'tiktok', url: TT },
          ],
        },
      ),
    ).rejects.toMatchObject({ code: 'PUBLICATION_LINK_INVALID' });
    expect((await linksOf(lineId)).length).toBe(0);
    expect((await lineRow(lineId)).state).toBe('paid');

    const accepted = await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: 'https://instagram.com/reel/abc' },
      { platform: 'tiktok', url: 'https://vm.tiktok.com/ZMabc/' },
    ]);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('lets the creator correct a link while it waits for the team, not once checked', async () => {
    const { creator, lineId } = await paidLine({ platforms: ['instagram', 'tiktok'] });
    const submitted = await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: IG },
      { platform: 'tiktok', url: TT },
    ]);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [igLink, ttLink] = await linksOf(lineId);

    const corrected = await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: 'https://www.instagram.com/p/fixed/' },
    ]);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data.status).toBe('link_submitted');
    const afterCorrection = await linksOf(lineId);
    expect(afterCorrection).toHaveLength(2);
    expect(afterCorrection[0]).toMatchObject({
      id: igLink!.id,
      url: 'https://www.instagram.com/p/fixed/',
      state: 'submitted',
    });
    expect((await lineRow(lineId)).state).toBe('link_submitted');

    // Once the team approved the TikTok link, it stays as approved.
    expect((await decide(admin.token, ttLink!.id, { decision: 'approve' })).statusCode).toBe(200);
    const late = await submitLinks(creator.token, lineId, [{ platform: 'tiktok', url: TT }]);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields[0].field).toBe('links.0.platform');
    const wrongHost = await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: TT },
    ]);
    expect(wrongHost.statusCode).toBe(400);
    expect((await linksOf(lineId))[0]!.url).toBe('https://www.instagram.com/p/fixed/');
  });

  it('approves every link: the line is completed, audited with the admin', async () => {
    const { creator, lineId } = await paidLine({ platforms: ['instagram', 'tiktok'] });
    const submitted = await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: IG },
      { platform: 'tiktok', url: TT },
    ]);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe('link_submitted');

    const queue = await callAs(ctx, admin.token, 'GET', '/v2/admin/publications?limit=50');
    expect(queue.statusCode).toBe(200);
    const mine = queue
      .json()
      .data.filter(
        (l: { content_request_influencer_id: number }) =>
          l.content_request_influencer_id === lineId,
      );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      platform: 'instagram',
      url: IG,
      // The line's public reference (ADR 021), not its table id.
      reference: contentRequestLineReference(mine[0].content_request_id, 1),
      title: 'Summer launch',
      creator_name: expect.any(String),
      advertiser_name: expect.any(String),
    });

    const first = await decide(admin.token, mine[0].link_id, { decision: 'approve' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ line_state: 'link_submitted' });
    const again = await decide(admin.token, mine[0].link_id, { decision: 'approve' });
    expect(again.statusCode).toBe(409);

    const second = await decide(admin.token, mine[1].link_id, { decision: 'approve' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.line_state).toBe('completed');
    expect((await lineRow(lineId)).state).toBe('completed');
    const [audit] = await ctx.database.db
      .select()
      .from(workflowAudit)
      .where(
        and(eq(workflowAudit.subjectId, lineId), eq(workflowAudit.transition, 'approve_link')),
      );
    expect(audit).toMatchObject({ actorRole: 'ADMIN', actorUserId: admin.userId });

    const after = await callAs(ctx, admin.token, 'GET', '/v2/admin/publications?limit=50');
    expect(
      after
        .json()
        .data.some(
          (l: { content_request_influencer_id: number }) =>
            l.content_request_influencer_id === lineId,
        ),
    ).toBe(false);
  });

  it('declines a link: the creator sends that platform again, then it is approved', async () => {
    const { creator, lineId } = await paidLine({ platforms: ['instagram', 'tiktok'] });
    await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: IG },
      { platform: 'tiktok', url: TT },
    ]);
    const [ig, tt] = await linksOf(lineId);

    const noReason = await decide(admin.token, ig!.id, { decision: 'decline' });
    expect(noReason.statusCode).toBe(400);
    const declined = await decide(admin.token, ig!.id, {
      decision: 'decline',
      reason: 'The post is private',
    });
    expect(declined.json().data.line_state).toBe('link_submitted');
    const approved = await decide(admin.token, tt!.id, { decision: 'approve' });
    expect(approved.json().data.line_state).toBe('link_declined');
    expect((await lineRow(lineId)).reason).toContain('The post is private');

    // Only the declined platform is sent again.
    const both = await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: IG },
      { platform: 'tiktok', url: TT },
    ]);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields[0]).toMatchObject({ field: 'links.1.platform' });
    const resent = await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: 'https://www.instagram.com/p/public/' },
    ]);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.status).toBe('link_submitted');

    const rows = await linksOf(lineId);
    expect(rows.map((r) => [r.platform, r.state])).toEqual([
      ['instagram', 'declined'],
      ['tiktok', 'approved'],
      ['instagram', 'submitted'],
    ]);
    const done = await decide(admin.token, rows[2]!.id, { decision: 'approve' });
    expect(done.json().data.line_state).toBe('completed');
  });

  it('lets admins only read and decide', async () => {
    const { creator, brand, lineId } = await paidLine();
    await submitLinks(creator.token, lineId, [{ platform: 'instagram', url: IG }]);
    const [link] = await linksOf(lineId);
    for (const user of [creator, brand]) {
      expect((await callAs(ctx, user.token, 'GET', '/v2/admin/publications')).statusCode).toBe(403);
      expect((await decide(user.token, link!.id, { decision: 'approve' })).statusCode).toBe(403);
    }
    expect((await decide(admin.token, 999_999_999, { decision: 'approve' })).statusCode).toBe(404);
    expect((await lineRow(lineId)).state).toBe('link_submitted');
  });

  it('pages the queue oldest first', async () => {
    const { creator, lineId } = await paidLine({ platforms: ['instagram', 'tiktok'] });
    await submitLinks(creator.token, lineId, [
      { platform: 'instagram', url: IG },
      { platform: 'tiktok', url: TT },
    ]);
    const [ig, tt] = await linksOf(lineId);
    const page = await callAs(
      ctx,
      admin.token,
      'GET',
      `/v2/admin/publications?limit=1&after=${ig!.id - 1}`,
    );
    expect(page.json().data.map((l: { link_id: number }) => l.link_id)).toEqual([ig!.id]);
    expect(page.json().next_after).toBe(ig!.id);
    const next = await callAs(
      ctx,
      admin.token,
      'GET',
      `/v2/admin/publications?limit=1&after=${ig!.id}`,
    );
    expect(next.json().data[0].link_id).toBe(tt!.id);
  });
});

describe('publishing reminder', () => {
  const reminders = (lineId: number) =>
    ctx.database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.type, 'content-request-line.reminder'),
          sql`${outboxEvents.payload}->>'lineId' = ${String(lineId)}`,
          sql`${outboxEvents.payload}->>'kind' = 'publishing'`,
        ),
      );

  async function runReminderNow(lineId: number) {
    await runJobNow(ctx, 'content-request-publishing-reminder', { lineId });
  }

  it('reminds the creator the day before the deadline while links are missing', async () => {
    const { creator, lineId } = await paidLine({ publishing_deadline: '2099-03-10' });
    // Armed for 09:00 in Tunis (UTC+1) on the day before the publishing deadline.
    const schema = quoteIdentifier(ctx.env.JOBS_SCHEMA);
    const armed = await waitFor(async () => {
      const { rows } = await ctx.database.query<{ start_after: Date }>(
        `select start_after from ${schema}.job where name = $1 and data @> $2::jsonb`,
        ['content-request-publishing-reminder', JSON.stringify({ lineId })],
      );
      return rows[0];
    });
    expect(new Date(armed.start_after).toISOString()).toBe('2099-03-09T08:00:00.000Z');
    await runReminderNow(lineId);
    const [event] = await waitFor(async () => {
      const rows = await reminders(lineId);
      return rows.length > 0 && rows;
    });
    expect(event!.payload).toEqual({
      lineId,
      kind: 'publishing',
      influencerUserId: creator.userId,
    });
  });

  it('does not remind once the links are in', async () => {
    const { creator, lineId } = await paidLine();
    await submitLinks(creator.token, lineId, [{ platform: 'instagram', url: IG }]);
    await runReminderNow(lineId);
    expect(await reminders(lineId)).toEqual([]);
  });
});
