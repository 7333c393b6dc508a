import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db } from '../../platform/db/client.js';
import type { EventMeta, EventSubscriber } from '../../platform/events/event-bus.js';
import type { WorkflowEvents } from '../../platform/workflow/workflow.js';
import { describeLineParties, type ContentRequestsEvents } from '../content-requests/index.js';
import type { ContentVideosEvents } from '../content-videos/index.js';
import type { PayoutsEvents } from '../payouts/index.js';
import { setTwinklingFlag, type TwinklingFlag } from '../users/index.js';
import { tellKeptInWallet } from './notifications.kept-in-wallet.js';
import type { NotificationsService } from './notifications.service.js';

type LineParties = NonNullable<Awaited<ReturnType<typeof describeLineParties>>>;
type Receiver = 'creator' | 'advertiser' | 'admins';

/** One notification of a line's event: who receives it, its type, the menu item it lights. */
interface Notice {
  to: Receiver;
  type: string;
  /** The menu highlight turned on with it (spec §3 "Twinkling flags"); none when null. */
  flag?: TwinklingFlag | null;
  /** What `module_item_id` is: the line (default) or its request. */
  item?: 'line' | 'request';
  params?: Record<string, string>;
}

/**
 * The notices of an opportunity's line (ADR 035) that have a template of their own (spec §4
 * "opportunity content accepted or debriefed, updated or published, opportunity reminders");
 * the advertiser's point to the opportunity, the creator's to the line (Track Content).
 */
const opportunityTypes: Partial<Record<string, { type: string; item: 'line' | 'request' }>> = {
  content_accepted: { type: 'opportunity_content_accepted', item: 'line' },
  content_debriefed: { type: 'opportunity_content_debriefed', item: 'line' },
  reminder_submission: { type: 'opportunity_reminder_submission', item: 'line' },
  reminder_publishing: { type: 'opportunity_reminder_publishing', item: 'line' },
  content_received: { type: 'opportunity_content_updated', item: 'request' },
  content_updated: { type: 'opportunity_content_updated', item: 'request' },
  request_content_published: { type: 'opportunity_content_published', item: 'request' },
};

/** A line's notice, for a line of an opportunity: its own template when it has one. */
function forOpportunity(notice: Notice): Notice {
  const own = opportunityTypes[notice.type];
  return own ? { ...notice, ...own } : notice;
}

/**
 * Content requests (issue 10 §6, issue 11 §8): the creator hears of a new request, reminders,
 * a cancellation, the review of their video, the payment and payout, the publication links'
 * checks, a failed video; the advertiser of each answer and expiry, content received or
 * updated, the review reminder, their payment (or the capture of the fee they reserved), a
 * dispute of their rejection and its outcome, the content published; admins of a dispute.
 * Each also lights the menu item behind it (spec §3 "Twinkling flags"). Idempotent per event
 * and receiver, as every handler here.
 */
export function subscribeContentRequestNotifications(deps: {
  db: Db;
  events: EventSubscriber<
    ContentRequestsEvents & WorkflowEvents & PayoutsEvents & ContentVideosEvents
  >;
  service: NotificationsService;
  listAdminUserIds(): Promise<number[]>;
}) {
  const { db, events, service } = deps;
  const once = (meta: EventMeta, receiverUserId: number, type: string) =>
    `${meta.eventId}:${receiverUserId}:${type}`;

  async function deliver(line: LineParties, requestNotice: Notice, meta: EventMeta) {
    const notice =
      line.source.kind === 'opportunity' ? forOpportunity(requestNotice) : requestNotice;
    const params = {
      ...(line.source.kind === 'opportunity' ? { opportunity_name: line.title } : {}),
      request_name: line.title,
      request_reference: line.reference,
      ...notice.params,
    };
    if (notice.to === 'admins') {
      for (const adminUserId of await deps.listAdminUserIds()) {
        await service.notify({
          receiverUserId: adminUserId,
          module: 'content_request',
          type: notice.type,
          moduleItemId: line.lineId,
          sender: { userId: line.influencerUserId },
          params,
          idempotencyKey: once(meta, adminUserId, notice.type),
        });
      }
      return;
    }
    const toCreator = notice.to === 'creator';
    const receiverUserId = toCreator ? line.influencerUserId : line.advertiserUserId;
    const flag =
      notice.flag === undefined
        ? toCreator
          ? 'twinkling_accept_request'
          : 'twinkling_content_request'
        : notice.flag;
    // The highlight first: a page open when the notification arrives marks it seen again.
    if (flag) await setTwinklingFlag(db, receiverUserId, flag, true);
    await service.notify({
      receiverUserId,
      module: notice.type.startsWith('payment_')
        ? 'payment'
        : notice.type.startsWith('opportunity_')
          ? 'content_opportunity'
          : 'content_request',
      type: notice.type,
      moduleItemId:
        (notice.item ?? (toCreator ? 'line' : 'request')) === 'line' ? line.lineId : line.source.id,
      sender: { userId: toCreator ? line.advertiserUserId : line.influencerUserId },
      params,
      idempotencyKey: once(meta, receiverUserId, notice.type),
    });
  }

  events.on('content-request.sent', 'notifications.new-content-request', async (event, meta) => {
    for (const { lineId } of event.lines) {
      const line = await describeLineParties(db, lineId);
      if (line) await deliver(line, { to: 'creator', type: 'new_content_request' }, meta);
    }
  });

  /** Reminders by kind: the creator's windows, the advertiser's review window. */
  const byReminder: Partial<Record<string, Notice>> = {
    acceptance: { to: 'creator', type: 'reminder_acceptance' },
    submission: { to: 'creator', type: 'reminder_submission' },
    publishing: { to: 'creator', type: 'reminder_publishing' },
    review: {
      to: 'advertiser',
      type: 'reminder_review',
      item: 'line',
      flag: 'twinkling_manage_content',
    },
  };

  events.on(
    'content-request-line.reminder',
    'notifications.content-request-reminder',
    async (event, meta) => {
      const notice = byReminder[event.kind];
      const line = notice && (await describeLineParties(db, event.lineId));
      if (notice && line) await deliver(line, notice, meta);
    },
  );

  const toCreatorLine = (type: string, flag?: TwinklingFlag | null): Notice => ({
    to: 'creator',
    type,
    item: 'line',
    ...(flag === undefined ? {} : { flag }),
  });
  const contentNotice = (type: string): Notice => ({
    to: 'advertiser',
    type,
    item: 'line',
    flag: 'twinkling_manage_content',
  });

  /** Transitions of a line and who hears of them (a transition may notify several). */
  function noticesOf(
    transition: string,
    from: string,
    line: LineParties,
    reason: string | null,
  ): Notice[] {
    switch (transition) {
      case 'accept':
        return [{ to: 'advertiser', type: 'request_accepted' }];
      case 'decline':
        return [{ to: 'advertiser', type: 'request_declined' }];
      case 'expire':
        return [{ to: 'advertiser', type: 'request_expired' }];
      case 'expire_delivery':
        return [{ to: 'advertiser', type: 'request_delivery_expired' }];
      case 'cancel':
        return [{ to: 'creator', type: 'request_cancelled' }];
      case 'submit':
        return [contentNotice(from === 'debriefed' ? 'content_updated' : 'content_received')];
      // The advertiser's approval always carries a rating: the creator hears of both.
      case 'approve':
        return [toCreatorLine('content_accepted'), toCreatorLine('content_rated')];
      case 'auto_approve':
        return [toCreatorLine('content_accepted')];
      case 'debrief':
        return [toCreatorLine('content_debriefed')];
      case 'reject':
        return [toCreatorLine('content_rejected')];
      case 'mark_paid':
        return [
          toCreatorLine('payment_pending', 'twinkling_get_paid'),
          // The invoice of the content fee waits in the advertiser's Track Payments. A fee
          // reserved at sending was captured by an approval: the advertiser paid nothing now.
          {
            to: 'advertiser',
            type: line.feeReserved ? 'payment_captured_request' : 'payment_success_request',
            flag: 'twinkling_trak_payment',
          },
        ];
      case 'approve_link':
        // Spec §4 "published request content": the advertiser hears the video is online.
        return [
          toCreatorLine('publication_link_approved'),
          contentNotice('request_content_published'),
        ];
      case 'decline_link':
        return [toCreatorLine('publication_link_declined')];
      case 'dispute':
        return [
          { to: 'admins', type: 'dispute_opened' },
          contentNotice('dispute_opened_advertiser'),
        ];
      case 'settle_for_creator':
        // Approved for the creator: the reserved fee is captured (paid), else the fee is now due.
        return [
          toCreatorLine(
            line.feeReserved ? 'dispute_approved_talent_paid' : 'dispute_approved_talent_fee_due',
          ),
          contentNotice(
            line.feeReserved ? 'dispute_approved_fee_reserved' : 'dispute_approved_fee_due',
          ),
        ];
      case 'settle_for_advertiser':
        // The rejection stands: the line is closed unpaid, a reserved fee released to the
        // advertiser; the team's reason (required for this step) goes with it.
        return [
          {
            ...toCreatorLine(
              line.feeReserved ? 'dispute_upheld_talent_refunded' : 'dispute_upheld_talent',
            ),
            params: { reason: reason ?? '' },
          },
          contentNotice(
            line.feeReserved ? 'dispute_upheld_advertiser_refunded' : 'dispute_upheld_advertiser',
          ),
        ];
      case 'admin_cancel':
        // The team closed the line's opportunity before its video (opportunities' closing):
        // the creator need not make it, and reads why.
        return line.source.kind === 'opportunity'
          ? [
              {
                ...toCreatorLine('opportunity_content_cancelled', null),
                params: { reason: reason ?? '' },
              },
            ]
          : [];
      default:
        return [];
    }
  }

  events.on('workflow.transitioned', 'notifications.content-request-line', async (event, meta) => {
    if (event.process !== contentRequestLineProcess.name) return;
    const line = await describeLineParties(db, event.subjectId);
    if (!line) return;
    for (const notice of noticesOf(event.transition, event.from, line, event.reason)) {
      await deliver(line, notice, meta);
    }
  });

  events.on('content-video.failed', 'notifications.content-video-failed', async (event, meta) => {
    const line = await describeLineParties(db, event.lineId);
    if (!line) return;
    // Why it failed shows, translated, on the line's page where the notification leads.
    await deliver(line, toCreatorLine('video_failed', null), meta);
  });

  events.on(
    'content-request.payment-kept-in-wallet',
    'notifications.payment-kept-in-wallet',
    (event, meta) => tellKeptInWallet({ db, service }, event, meta),
  );

  events.on('payout.paid', 'notifications.payout-paid', async (event, meta) => {
    // The payout's line, when the event names it (payouts of other earnings have none).
    const line = event.contentRequestInfluencerId
      ? await describeLineParties(db, event.contentRequestInfluencerId)
      : undefined;
    // Creators follow their money under "Get Paid" (`/track-deposits`).
    await setTwinklingFlag(db, event.creatorUserId, 'twinkling_get_paid', true);
    await service.notify({
      receiverUserId: event.creatorUserId,
      module: 'payment',
      type: 'payment_received',
      moduleItemId: line?.lineId ?? null,
      params: { request_name: line?.title ?? '', request_reference: line?.reference ?? '' },
      idempotencyKey: once(meta, event.creatorUserId, 'payment_received'),
    });
  });
}
