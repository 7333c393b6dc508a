import type { z } from 'zod';
import type {
  AdminDispute,
  AdminLine,
  adminLineListQuerySchema,
  adminQueueQuerySchema,
  disputeDecisionBodySchema,
} from '@clipmarket/contracts/content-delivery';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db } from '../../../platform/db/client.js';
import type { VideosForRequests } from './view.js';
import { notFound } from '../../../platform/http/errors.js';
import type { Workflow } from '../../../platform/workflow/workflow.js';
import { linksRepository } from './links.repository.js';
import { contentRequestsRepository as requests } from '../content-requests.repository.js';
import type { Caller } from '../content-requests.ports.js';
import { sourceReferenceOf, type DeliveryLinesReader } from './ports.js';
import type { Publication } from './publication.js';

type DisputeDecision = z.infer<typeof disputeDecisionBodySchema>;
type QueueQuery = z.output<typeof adminQueueQuerySchema>;
type LineListQuery = z.output<typeof adminLineListQuerySchema>;

/**
 * Disputes (issue 11 §7): a creator contests a rejection (the generic `dispute` step, with a
 * reason); an admin reads both sides and settles: for the creator (`settle_for_creator`, the
 * line approved and paid as any approval) or for the advertiser (`settle_for_advertiser`, the
 * line closed and its reserved fee released). The workflow engine audits and announces each step.
 */
export function createDisputes(deps: {
  db: Db;
  workflow: Workflow;
  publication: Publication;
  videos: Pick<VideosForRequests, 'latestOf' | 'listForLine'>;
  lines: DeliveryLinesReader;
}) {
  const { db, workflow } = deps;

  return {
    /**
     * The disputed lines with everything needed to decide (spec §2, issue 11 §7): both sides'
     * words, every version of the video signed for the admin (the original playable), the
     * brief and script, and the line's history.
     */
    async list(admin: Caller, query: QueueQuery) {
      const rows = await linksRepository.disputed(db, {
        after: query.after,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const names = await deps.publication.namesOf(
        db,
        page.map((r) => r.line.influencerId),
        page.map((r) => r.line.advertiserUserId),
      );
      const rejections = await linksRepository.latestRejections(
        db,
        page.map((r) => r.line.id),
      );
      const described = await deps.lines.describeMany(
        db,
        page.map((r) => r.line.id),
      );
      const data: AdminDispute[] = [];
      for (const { line } of page) {
        const { source, title, brief } = described.get(line.id)!;
        const rejection = rejections.get(line.id);
        const video = await deps.videos.latestOf(db, line.id);
        const videos = await deps.videos.listForLine(db, line.id, admin);
        const history = await workflow.history(db, contentRequestLineProcess, line.id);
        data.push({
          content_request_influencer_id: line.id,
          content_request_id: line.contentRequestId,
          content_opportunity_id: source.kind === 'opportunity' ? source.id : null,
          reference: source.reference,
          request_reference: sourceReferenceOf(source),
          title,
          creator_name: names.creator(line.influencerId),
          advertiser_name: names.advertiser(line.advertiserUserId),
          price: line.price,
          rejection: rejection
            ? {
                feedback_reasons: rejection.reasons,
                comment: rejection.comment,
                created_at: rejection.createdAt.toISOString(),
              }
            : null,
          // The workflow keeps the reason of the step that entered the state: the dispute's.
          dispute_reason: line.reason,
          disputed_at: line.enteredAt.toISOString(),
          video_id: video?.videoId ?? null,
          videos,
          brief,
          history: history.map((step) => ({
            transition: step.transition,
            from_state: step.from,
            to_state: step.to,
            actor_role: step.actor.role,
            reason: step.reason,
            at: step.at.toISOString(),
          })),
        });
      }
      return { data, next_after: rows.length > query.limit ? page.at(-1)!.line.id : null };
    },

    /**
     * `/admin/content-requests`: every creator's line, newest first, with both parties and
     * since when it is in its state, so the team sees a line that is stuck.
     */
    async listLines(query: LineListQuery) {
      const rows = await linksRepository.linesForAdmin(db, {
        filter: query.filter,
        contentRequestId: query.content_request_id,
        before: query.before,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const names = await deps.publication.namesOf(
        db,
        page.map((r) => r.line.influencerId),
        page.map((r) => r.line.advertiserUserId),
      );
      const described = await deps.lines.describeMany(
        db,
        page.map((r) => r.line.id),
      );
      const data: AdminLine[] = page.map(({ line }) => ({
        content_request_influencer_id: line.id,
        content_request_id: line.contentRequestId,
        reference: described.get(line.id)!.source.reference,
        title: described.get(line.id)!.title,
        advertiser_name: names.advertiser(line.advertiserUserId),
        creator_name: names.creator(line.influencerId),
        state: line.state,
        entered_at: line.enteredAt.toISOString(),
        price: line.price,
        delivery_deadline: described.get(line.id)!.deliveryDeadline?.toISOString() ?? null,
        sent_at: described.get(line.id)!.sentAt?.toISOString() ?? null,
      }));
      return { data, next_before: rows.length > query.limit ? page.at(-1)!.line.id : null };
    },

    /** Settles a dispute; 404 for an unknown line, 409 (the engine) when it is not disputed. */
    async decide(admin: Caller, lineId: number, body: DisputeDecision) {
      if (!(await requests.findLine(db, lineId))) throw notFound('Content request line');
      await workflow.apply(db, {
        process: contentRequestLineProcess,
        subjectId: lineId,
        transition: body.decision === 'approve' ? 'settle_for_creator' : 'settle_for_advertiser',
        actor: { role: admin.role, userId: admin.userId },
        reason: body.reason ?? null,
      });
      // Approved lines may move on in the same step (paid from the reserved fee): read it back.
      const line = (await requests.findLine(db, lineId))!;
      return { content_request_influencer_id: lineId, line_state: line.state };
    },
  };
}

export type Disputes = ReturnType<typeof createDisputes>;
