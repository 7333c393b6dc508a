import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import { contentRequestLineReference } from '@clipmarket/contracts/content-requests';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import {
  approveBody,
  lineRow,
  reviewed,
  runJobNow,
  submittedLine,
  submitVersion,
} from '../content-requests/delivery/review.test-support.js';
import { callAs, fundWallet } from '../content-requests/content-requests.test-support.js';
import { createAdmin, type TestUser } from '../users/test-users.js';

/**
 * Issue 11 §8 through the real flow: content received and updated (advertiser), the review's
 * outcomes, payment and payout (creator), payment success (advertiser), the review reminder, a
 * failed video, a dispute opened (admins) and settled (both sides); texts, links and menu
 * highlights.
 */

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(() => ctx?.close());

interface Item {
  notification_type: string;
  module_item_id: number | null;
  content: string;
  redirection: string;
}

/** The caller's notifications of `type` (about `itemId` when given), once one is there. */
async function notificationOf(user: TestUser, type: string, itemId?: number) {
  const items = await waitFor(
    async () => {
      const answer = await callAs(ctx, user.token, 'GET', '/v2/notifications?page=1&limit=50');
      const found = (answer.json().data as Item[]).filter(
        (item) =>
          item.notification_type === type &&
          (itemId === undefined || item.module_item_id === itemId),
      );
      return found.length > 0 && found;
    },
    { what: `the ${type} notification` },
  );
  return items[0]!;
}

/** Every notification type the caller has about `itemId` (as it stands now). */
async function typesOf(user: TestUser, itemId: number) {
  const answer = await callAs(ctx, user.token, 'GET', '/v2/notifications?page=1&limit=50');
  return (answer.json().data as Item[])
    .filter((item) => item.module_item_id === itemId)
    .map((item) => item.notification_type);
}

async function twinklingOf(user: TestUser) {
  return (await callAs(ctx, user.token, 'GET', '/v2/request/get_twinkling/list')).json()
    .data as Record<string, boolean>;
}

/** The line's public reference, `CR-000010-1`. */
async function lineReference(lineId: number) {
  const line = await lineRow(ctx, lineId);
  return contentRequestLineReference(line.contentRequestId, line.lineNumber);
}

const debriefBody = {
  decision: 'debrief',
  feedback_reasons: ['tone'],
  comment: 'Warmer light please',
};

describe('content delivery notifications', () => {
  it('tells the advertiser of content received and updated, the creator of the review and payment', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx);
    const received = await notificationOf(brand, 'content_received', lineId);
    expect(received.content).toContain('sent you the content for "Summer launch"');
    expect(received.redirection).toBe(`/manage-content/${lineId}`);
    expect((await twinklingOf(brand)).twinkling_manage_content).toBe(true);

    await reviewed(ctx, brand.token, lineId, debriefBody);
    const debriefed = await notificationOf(creator, 'content_debriefed', lineId);
    expect(debriefed.content).toContain('sent you feedback on your content for "Summer launch"');
    expect(debriefed.redirection).toBe(`/make-content/${lineId}`);

    await submitVersion(ctx, creator, lineId, 2);
    const updated = await notificationOf(brand, 'content_updated', lineId);
    expect(updated.content).toContain('updated the content for "Summer launch"');

    await reviewed(ctx, brand.token, lineId, approveBody);
    expect((await notificationOf(creator, 'content_accepted', lineId)).content).toContain(
      'approved your content for "Summer launch"',
    );
    expect((await notificationOf(creator, 'content_rated', lineId)).content).toContain(
      'rated your content',
    );

    // The fee reserved at sending is captured by the approval itself (ADR 032): paid at once.
    expect((await lineRow(ctx, lineId)).state).toBe('paid');
    const pending = await notificationOf(creator, 'payment_pending', lineId);
    expect(pending.content).toContain('You will be paid within 15 days.');
    expect(pending.redirection).toBe('/track-deposits');
    expect((await twinklingOf(creator)).twinkling_get_paid).toBe(true);
    const { contentRequestId } = await lineRow(ctx, lineId);
    // The fee was reserved at sending: the approval captured it, the advertiser paid nothing now.
    const captured = await notificationOf(brand, 'payment_captured_request', contentRequestId);
    expect(captured.content).toMatch(
      /^The content fee you reserved for "Summer launch" was paid to .+\. Its invoice is in your payments\.$/,
    );
    expect(captured.redirection).toBe('/track-payments/my-invoices');
    expect(await typesOf(brand, contentRequestId)).not.toContain('payment_success_request');
    // Its invoice waits under Track Payments.
    expect((await twinklingOf(brand)).twinkling_trak_payment).toBe(true);
  });

  it('tells the advertiser their payment was successful when they paid the fee themselves', async () => {
    const line = await submittedLine(ctx, { funds: 40_000 });
    await reviewed(ctx, line.brand.token, line.lineId, approveBody);
    const { price, contentRequestId, holdId } = await lineRow(ctx, line.lineId);
    expect(holdId).toBeNull();
    await fundWallet(ctx, line.brand.userId, price);
    const paid = await callAs(
      ctx,
      line.brand.token,
      'POST',
      `/v2/content-request-influencers/${line.lineId}/payment`,
      { method: 'wallet' },
      { 'idempotency-key': `notifications-pay-${line.lineId}` },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const success = await notificationOf(line.brand, 'payment_success_request', contentRequestId);
    // The request is named with its line's public reference.
    expect(success.content).toMatch(
      /^Your payment for the content request "Summer launch" \(CR-\d{6}-1\) was successful\.$/,
    );
    expect(await typesOf(line.brand, contentRequestId)).not.toContain('payment_captured_request');
  });

  it('tells the advertiser when the content is published (its links approved)', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx);
    await reviewed(ctx, brand.token, lineId, approveBody);
    expect((await lineRow(ctx, lineId)).state).toBe('paid');
    await ctx.workflow.apply(ctx.database.db, {
      process: contentRequestLineProcess,
      subjectId: lineId,
      transition: 'submit_link',
      actor: { role: 'TALENT', userId: creator.userId },
    });
    await ctx.workflow.apply(ctx.database.db, {
      process: contentRequestLineProcess,
      subjectId: lineId,
      transition: 'approve_link',
      actor: { role: 'ADMIN', userId: admin.userId },
    });
    const published = await notificationOf(brand, 'request_content_published', lineId);
    expect(published.content).toMatch(
      /published the content for "Summer launch" \(CR-\d{6}-1\)\.$/,
    );
    expect(published.redirection).toBe(`/manage-content/${lineId}`);
    expect((await twinklingOf(brand)).twinkling_manage_content).toBe(true);
    expect((await notificationOf(creator, 'publication_link_approved', lineId)).content).toMatch(
      /^Your publication link for "Summer launch" \(CR-\d{6}-1\) was approved\.$/,
    );
  });

  it('tells the creator of a rejection, admins of the dispute and both sides of its outcome', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx);
    await reviewed(ctx, brand.token, lineId, {
      decision: 'reject',
      feedback_reasons: ['tone'],
      comment: 'Off brief',
    });
    // The delivered video, not a "script video" (those are the opportunities').
    const rejected = await notificationOf(creator, 'content_rejected', lineId);
    expect(rejected.content).toContain('rejected your video for "Summer launch"');
    expect(rejected.content).not.toContain('script');
    expect(rejected.redirection).toBe(`/make-content/${lineId}`);

    const disputed = await callAs(
      ctx,
      creator.token,
      'POST',
      `/v2/content-request-influencers/${lineId}/transitions`,
      { transition: 'dispute', reason: 'It follows the brief' },
    );
    expect(disputed.statusCode, disputed.body).toBe(200);
    const opened = await notificationOf(admin, 'dispute_opened', lineId);
    expect(opened.content).toContain('disputes the rejection of their content for "Summer launch"');
    expect(opened.redirection).toBe('/admin/disputes');
    // The advertiser hears of it too, and where to read it.
    const contested = await notificationOf(brand, 'dispute_opened_advertiser', lineId);
    expect(contested.content).toContain(
      'contests your rejection of their content for "Summer launch". Our team will read both sides and decide.',
    );
    expect(contested.redirection).toBe(`/manage-content/${lineId}`);

    await ctx.workflow.apply(ctx.database.db, {
      process: contentRequestLineProcess,
      subjectId: lineId,
      transition: 'settle_for_creator',
      actor: { role: 'ADMIN', userId: admin.userId },
    });
    // The creator hears how it was settled: approved, and paid from the reserved fee.
    const won = await notificationOf(creator, 'dispute_approved_talent_paid', lineId);
    expect(won.content).toMatch(
      /^Our team approved your video for "Summer launch" \(CR-\d{6}-1\) after your dispute: the content fee the advertiser reserved is paid to you\.$/,
    );
    expect(won.redirection).toBe(`/make-content/${lineId}`);
    expect(await typesOf(creator, lineId)).not.toContain('dispute_settled_talent');
    // Settled for the creator with the fee reserved: what happened, not a payment of theirs.
    const settled = await notificationOf(brand, 'dispute_approved_fee_reserved', lineId);
    expect(settled.content).toMatch(
      /^Our team approved the content of .+ for "Summer launch" after their dispute\. The fee you reserved at sending is paid to them\.$/,
    );
    expect(settled.redirection).toBe(`/manage-content/${lineId}`);
    // Paid without the advertiser: told as the reserved fee captured, never "your payment".
    await waitFor(async () => (await lineRow(ctx, lineId)).state === 'paid', {
      what: 'the line paid after the dispute',
    });
    const { contentRequestId } = await lineRow(ctx, lineId);
    await notificationOf(brand, 'payment_captured_request', contentRequestId);
    expect(await typesOf(brand, contentRequestId)).not.toContain('payment_success_request');
  });

  it('tells the advertiser the fee is now due when a dispute is settled for the creator and nothing was reserved', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx, { funds: 40_000 });
    expect((await lineRow(ctx, lineId)).holdId).toBeNull();
    await reviewed(ctx, brand.token, lineId, {
      decision: 'reject',
      feedback_reasons: ['tone'],
      comment: 'Off brief',
    });
    await ctx.workflow.apply(ctx.database.db, {
      process: contentRequestLineProcess,
      subjectId: lineId,
      transition: 'dispute',
      actor: { role: 'TALENT', userId: creator.userId },
      reason: 'It follows the brief',
    });
    await ctx.workflow.apply(ctx.database.db, {
      process: contentRequestLineProcess,
      subjectId: lineId,
      transition: 'settle_for_creator',
      actor: { role: 'ADMIN', userId: admin.userId },
    });
    const due = await notificationOf(brand, 'dispute_approved_fee_due', lineId);
    expect(due.content).toMatch(
      /after their dispute\. Its fee is now due: pay it to download the video\.$/,
    );
    expect((await lineRow(ctx, lineId)).state).toBe('approved');
    expect(await typesOf(brand, lineId)).not.toContain('dispute_approved_fee_reserved');
    // The creator: approved, paid once the advertiser pays.
    const waiting = await notificationOf(creator, 'dispute_approved_talent_fee_due', lineId);
    expect(waiting.content).toMatch(
      /^Our team approved your video for "Summer launch" \(CR-\d{6}-1\) after your dispute\. The advertiser now has to pay the content fee: we will tell you as soon as it is paid\.$/,
    );
    expect(waiting.redirection).toBe(`/make-content/${lineId}`);
  });

  it('tells the creator the rejection stands, why, and where a reserved fee goes', async () => {
    for (const funds of [undefined, 40_000]) {
      const { brand, creator, lineId } = await submittedLine(
        ctx,
        funds === undefined ? {} : { funds },
      );
      const reserved = (await lineRow(ctx, lineId)).holdId !== null;
      expect(reserved).toBe(funds === undefined);
      await reviewed(ctx, brand.token, lineId, {
        decision: 'reject',
        feedback_reasons: ['tone'],
        comment: 'Off brief',
      });
      await ctx.workflow.apply(ctx.database.db, {
        process: contentRequestLineProcess,
        subjectId: lineId,
        transition: 'dispute',
        actor: { role: 'TALENT', userId: creator.userId },
        reason: 'It follows the brief',
      });
      await ctx.workflow.apply(ctx.database.db, {
        process: contentRequestLineProcess,
        subjectId: lineId,
        transition: 'settle_for_advertiser',
        actor: { role: 'ADMIN', userId: admin.userId },
        reason: 'The product never shows',
      });
      const type = reserved ? 'dispute_upheld_talent_refunded' : 'dispute_upheld_talent';
      const lost = await notificationOf(creator, type, lineId);
      expect(lost.content).toBe(
        `Our team upheld the advertiser’s rejection of your video for "Summer launch" (${await lineReference(lineId)}): the request is closed without payment${
          reserved ? ' and the reserved content fee goes back to the advertiser' : ''
        }. Our reason: The product never shows.`,
      );
      expect(lost.redirection).toBe(`/make-content/${lineId}`);
      const upheld = await notificationOf(
        brand,
        reserved ? 'dispute_upheld_advertiser_refunded' : 'dispute_upheld_advertiser',
        lineId,
      );
      expect(upheld.content).toMatch(
        reserved
          ? /^Our team upheld your rejection of the video of .+ for "Summer launch" \(CR-\d{6}-1\): the request is closed without payment and the content fee you reserved is back in your wallet\.$/
          : /^Our team upheld your rejection of the video of .+ for "Summer launch" \(CR-\d{6}-1\): the request is closed without payment, nothing is due\.$/,
      );
      expect(upheld.redirection).toBe(`/manage-content/${lineId}`);
    }
  });

  it('reminds the advertiser to review, and tells the creator of a failed video', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx);
    await runJobNow(ctx, 'content-request-review-reminder', { lineId });
    const reminder = await notificationOf(brand, 'reminder_review', lineId);
    expect(reminder.content).toMatch(/"Summer launch" \(CR-\d{6}-1\) is waiting for your review/);

    await ctx.events.emit(ctx.database.db, 'content-video.failed', {
      videoId: 1,
      lineId,
      version: 2,
      creatorUserId: creator.userId,
      reason: 'unreadable',
    });
    const failed = await notificationOf(creator, 'video_failed', lineId);
    expect(failed.content).toMatch(
      /"Summer launch" \(CR-\d{6}-1\) could not be processed\. Please upload it again\./,
    );
    expect(failed.redirection).toBe(`/make-content/${lineId}`);
  });

  it('tells the creator a payout was paid and lights Get Paid', async () => {
    const { creator } = await submittedLine(ctx);
    await ctx.events.emit(ctx.database.db, 'payout.paid', {
      payoutId: 1,
      creatorUserId: creator.userId,
      amount: 100_000,
      reference: 'VIR-1',
    });
    const received = await notificationOf(creator, 'payment_received');
    expect(received.redirection).toBe('/track-deposits');
    expect((await twinklingOf(creator)).twinkling_get_paid).toBe(true);
  });
});
