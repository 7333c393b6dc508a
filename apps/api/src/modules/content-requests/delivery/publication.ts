import type { z } from 'zod';
import {
  publicationLinkMessage,
  publicationLinkProblem,
  type AdminPublicationLink,
  type adminQueueQuerySchema,
  type linkDecisionBodySchema,
  type PublicationLink,
  type PublicationLinksBody,
} from '@clipmarket/contracts/content-delivery';
import {
  contentRequestLineProcess,
  type ContentRequestLineState,
} from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import type { EventBus } from '../../../platform/events/event-bus.js';
import { AppError, notFound } from '../../../platform/http/errors.js';
import { defineJob, type JobQueue } from '../../../platform/jobs/job-queue.js';
import type { Workflow } from '../../../platform/workflow/workflow.js';
import type { ContentRequestsEvents } from '../content-requests.events.js';
import { currentLinks, linksRepository, type LinkRow } from './links.repository.js';
import { contentRequestsRepository as requests } from '../content-requests.repository.js';
import type { Caller, UsersForRequests } from '../content-requests.ports.js';
import type { ContentRequestsService } from '../content-requests.service.js';
import { deadlineOf } from '../content-requests.time.js';
import type { DeliveryLinesReader } from './ports.js';

/** States in which the creator still owes links: the publishing reminder fires only then. */
const AWAITING_LINKS: readonly ContentRequestLineState[] = ['paid', 'link_declined'];
/** The reminder's time on the day before the publishing deadline (Tunisia's wall clock). */
const PUBLISHING_REMINDER_SLOT = '09:00';

type LinkDecision = z.infer<typeof linkDecisionBodySchema>;
type QueueQuery = z.output<typeof adminQueueQuerySchema>;

export const toPublicationLink = (row: LinkRow): PublicationLink => ({
  link_id: row.id,
  platform: row.platform,
  url: row.url,
  state: row.state,
  reason: row.reason,
  submitted_at: row.createdAt.toISOString(),
  reviewed_at: row.reviewedAt?.toISOString() ?? null,
});

/** The calendar day before `date` (`YYYY-MM-DD`), as a date string. */
function dayBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * Publication (issue 11 §5, spec §4): once paid, the creator posts the video on each platform
 * of the request and submits the links; the team approves or declines each one. All links
 * approved completes the line; a declined one sends it back to the creator for that platform.
 */
export function createPublication(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<ContentRequestsEvents>;
  jobs: JobQueue;
  service: ContentRequestsService;
  users: UsersForRequests;
  lines: DeliveryLinesReader;
}) {
  const { db, workflow, events, service } = deps;

  const publishingReminderJob = defineJob<{ lineId: number }>({
    name: 'content-request-publishing-reminder',
    retryLimit: 5,
    handle: async ({ lineId }) => {
      const line = await requests.findLine(db, lineId);
      // Links in (waiting for the team or approved): nothing to remind.
      if (!line || !AWAITING_LINKS.includes(line.state)) return;
      await events.emit(db, 'content-request-line.reminder', {
        lineId,
        kind: 'publishing',
        influencerUserId: line.influencerUserId,
      });
    },
  });
  deps.jobs.register(publishingReminderJob);

  // Entering `paid` arms the reminder for the day before the line's publishing deadline.
  service.onLineEntered(async (tx, { lineId, state }) => {
    if (state !== 'paid') return;
    const { publishingDeadline } = await deps.lines.describe(tx, lineId);
    if (!publishingDeadline) return;
    const remindAt = deadlineOf(dayBefore(publishingDeadline), PUBLISHING_REMINDER_SLOT);
    if (remindAt.getTime() <= Date.now()) return;
    await events.stageJob(
      tx,
      publishingReminderJob,
      { lineId },
      { startAfter: remindAt, idempotencyKey: `publishing-reminder:${lineId}` },
    );
  });

  const badLinks = (message: string, field = 'links') =>
    new AppError('VALIDATION_FAILED', message, [{ field, message }]);

  /** Names of users for the admin queue: creators by influencer id, advertisers by user id. */
  async function namesOf(q: DbOrTx, influencerIds: number[], advertiserUserIds: number[]) {
    const creators = await deps.users.describeRequestCreators(q, [...new Set(influencerIds)]);
    const advertisers = await deps.users.describeRequestAdvertisers(q, [
      ...new Set(advertiserUserIds),
    ]);
    return {
      creator: (influencerId: number) => creators.get(influencerId)?.name ?? '',
      advertiser: (userId: number) => advertisers.get(userId)?.name ?? '',
    };
  }

  return {
    namesOf,

    /**
     * The creator's links. On `paid` one per platform of the request, on `link_declined` one per
     * declined platform (new rows: the declined ones stay for the record), each with
     * `submit_link` in the same transaction. On `link_submitted` the links still waiting for the
     * team may be corrected (the waiting row's address replaced; the line stays where it is).
     * Every link must be an https link of its platform's hosts, without credentials. Answers
     * the line as the creator sees it.
     */
    async submitLinks(caller: Caller, lineId: number, body: PublicationLinksBody) {
      await inTransaction(db, async (tx) => {
        const line = await requests.lockLine(tx, lineId);
        if (!line || caller.role !== 'TALENT' || line.influencerUserId !== caller.userId) {
          throw notFound('Content request line');
        }
        if (!AWAITING_LINKS.includes(line.state) && line.state !== 'link_submitted') {
          throw new AppError(
            'INVALID_TRANSITION',
            `Links are submitted once the video is paid (the request is ${line.state}).`,
          );
        }
        body.links.forEach((link, index) => {
          const problem = publicationLinkProblem(link.platform, link.url);
          if (problem) {
            const message = publicationLinkMessage(problem, link.platform, link.url);
            throw new AppError('PUBLICATION_LINK_INVALID', message, [
              { field: `links.${index}.url`, message },
            ]);
          }
        });
        const { platforms } = await deps.lines.describe(tx, lineId);
        const current = currentLinks(await linksRepository.linksOf(tx, lineId));
        const correcting = line.state === 'link_submitted';
        const expected = correcting
          ? platforms.filter((p) => current.get(p)?.state === 'submitted')
          : line.state === 'paid'
            ? platforms
            : platforms.filter((p) => current.get(p)?.state === 'declined');
        body.links.forEach((link, index) => {
          if (!platforms.includes(link.platform)) {
            throw badLinks(
              `This request is not published on ${link.platform}.`,
              `links.${index}.platform`,
            );
          }
          if (!expected.includes(link.platform)) {
            throw badLinks(
              correcting
                ? `Your ${link.platform} link was checked by our team already: it can no longer be changed.`
                : `Your ${link.platform} link was not declined: only declined links are sent again.`,
              `links.${index}.platform`,
            );
          }
        });
        if (correcting) {
          for (const link of body.links) {
            await linksRepository.update(tx, current.get(link.platform)!.id, { url: link.url });
          }
          return;
        }
        const missing = expected.filter((p) => !body.links.some((l) => l.platform === p));
        if (missing.length > 0) {
          throw badLinks(`Add the link of your post on ${missing.join(', ')}.`);
        }
        await linksRepository.insert(
          tx,
          body.links.map((link) => ({ lineId, platform: link.platform, url: link.url })),
        );
        await workflow.apply(tx, {
          process: contentRequestLineProcess,
          subjectId: lineId,
          transition: 'submit_link',
          actor: { role: caller.role, userId: caller.userId },
        });
      });
      return service.getLine(caller, lineId);
    },

    /** Links waiting for the team, oldest first. */
    async listWaiting(query: QueueQuery) {
      const rows = await linksRepository.waiting(db, {
        after: query.after,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const names = await namesOf(
        db,
        page.map((r) => r.influencerId),
        page.map((r) => r.advertiserUserId),
      );
      const described = await deps.lines.describeMany(
        db,
        page.map((r) => r.link.lineId),
      );
      const data: AdminPublicationLink[] = page.map((row) => ({
        link_id: row.link.id,
        content_request_influencer_id: row.link.lineId,
        content_request_id: row.contentRequestId,
        reference: described.get(row.link.lineId)!.source.reference,
        title: described.get(row.link.lineId)!.title,
        creator_name: names.creator(row.influencerId),
        advertiser_name: names.advertiser(row.advertiserUserId),
        platform: row.link.platform,
        url: row.link.url,
        submitted_at: row.link.createdAt.toISOString(),
        publishing_deadline: described.get(row.link.lineId)!.publishingDeadline,
      }));
      return { data, next_after: rows.length > query.limit ? page.at(-1)!.link.id : null };
    },

    /**
     * The team's decision on one link; once no link of the line is waiting, the line moves:
     * all approved → `approve_link` (completed), any declined → `decline_link` with the reasons.
     */
    async decideLink(admin: Caller, linkId: number, body: LinkDecision) {
      return inTransaction(db, async (tx) => {
        const found = await linksRepository.find(tx, linkId);
        if (!found) throw notFound('Publication link');
        // The line first, then the link: the order every writer of a line's links takes.
        await requests.lockLine(tx, found.lineId);
        const link = (await linksRepository.lock(tx, linkId))!;
        if (link.state !== 'submitted') {
          throw new AppError('INVALID_TRANSITION', `This link was ${link.state} already.`);
        }
        const decided = await linksRepository.update(tx, linkId, {
          state: body.decision === 'approve' ? 'approved' : 'declined',
          reason: body.decision === 'decline' ? body.reason : null,
          reviewedByUserId: admin.userId,
          reviewedAt: new Date(),
        });
        const current = [...currentLinks(await linksRepository.linksOf(tx, link.lineId)).values()];
        const actor = { role: admin.role, userId: admin.userId };
        let lineState = (await requests.findLine(tx, link.lineId))!.state;
        if (current.every((l) => l.state === 'approved')) {
          lineState = (
            await workflow.apply(tx, {
              process: contentRequestLineProcess,
              subjectId: link.lineId,
              transition: 'approve_link',
              actor,
            })
          ).to;
        } else if (!current.some((l) => l.state === 'submitted')) {
          const reasons = current
            .filter((l) => l.state === 'declined')
            .map((l) => `${l.platform}: ${l.reason ?? ''}`)
            .join('\n');
          lineState = (
            await workflow.apply(tx, {
              process: contentRequestLineProcess,
              subjectId: link.lineId,
              transition: 'decline_link',
              actor,
              reason: reasons,
            })
          ).to;
        }
        return {
          link: toPublicationLink(decided),
          content_request_influencer_id: link.lineId,
          line_state: lineState,
        };
      });
    },
  };
}

export type Publication = ReturnType<typeof createPublication>;
