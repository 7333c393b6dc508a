import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import { workflowAudit } from '../../platform/workflow/workflow.schema.js';
import {
  contentRequestFeedback as feedback,
  contentRequestInfluencers as lines,
  contentRequests as requests,
} from './content-requests.schema.js';

/** One step of a line's process, as the audit recorded it. */
export interface LineStep {
  transition: string;
  /** Epoch milliseconds. */
  at: number;
}

/** A creator's delivery line with its whole history, for their measured figures (ADR 047). */
export interface LineHistory {
  lineId: number;
  /** A content request's line (answered by the creator), or an opportunity's (assigned). */
  isRequest: boolean;
  state: string;
  /** When the line reached the creator: the request's sending, or the line's making. */
  openedAt: number;
  /** The request's or opportunity's delivery deadline (epoch ms), if it has one. */
  deadline: number | null;
  /** In the order they happened. */
  steps: LineStep[];
}

/** An advertiser's delivery facts, aggregated by the database (ADR 047). */
export interface AdvertiserDeliveryFacts {
  linesWithVideo: number;
  debriefs: number;
  disputesLost: number;
  disputesWon: number;
  /** Versions reviewed (or approved automatically). */
  reviews: number;
  medianReviewHours: number | null;
  /** Approved lines whose payment window is over or that were paid. */
  approvalsSettled: number;
  approvalsPaidOnTime: number;
}

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
const LINE_PROCESS = 'content-request-line';

/**
 * Reputation's reads of the delivery lines (issue 27 §2, ADR 047): each one statement over the
 * lines, their requests, the line process's audit and the reviews; the opportunities' deadlines
 * come in as the opportunities module's relation (ADR 036).
 */
export const reputationReadsOfRequests = {
  /** The creator's lines opened since `since`, each with its audit steps. */
  async creatorLineHistories(
    q: DbOrTx,
    input: { influencerUserId: number; since: Date; opportunityDeadlines: SQL },
  ): Promise<LineHistory[]> {
    const w = workflowAudit;
    const result = await q.execute(sql`
      select ${lines.id} as line_id,
        (${lines.contentRequestId} is not null) as is_request,
        ${lines.state} as state,
        ${epochMs(sql`coalesce(${requests.sentAt}, ${lines.createdAt})`)} as opened_at,
        ${epochMs(sql`coalesce(${requests.deliveryDeadline}, od.delivery_deadline)`)} as deadline,
        ${w.transition} as transition,
        ${epochMs(sql`${w.createdAt}`)} as at
      from ${lines}
      left join ${requests} on ${requests.id} = ${lines.contentRequestId}
      left join ${input.opportunityDeadlines} od
        on od.opportunity_id = ${lines.contentOpportunityId}
      left join ${w} on ${w.process} = ${LINE_PROCESS} and ${w.subjectId} = ${lines.id}
      where ${lines.influencerUserId} = ${input.influencerUserId}
        and ${lines.createdAt} >= ${input.since.toISOString()}::timestamptz
      order by ${lines.id}, ${w.createdAt}, ${w.id}`);
    const histories = new Map<number, LineHistory>();
    for (const row of rowsOf<{
      line_id: number;
      is_request: boolean;
      state: string;
      opened_at: number;
      deadline: number | null;
      transition: string | null;
      at: number | null;
    }>(result)) {
      const lineId = Number(row.line_id);
      let history = histories.get(lineId);
      if (!history) {
        history = {
          lineId,
          isRequest: row.is_request === true,
          state: row.state,
          openedAt: Number(row.opened_at),
          deadline: row.deadline === null ? null : Number(row.deadline),
          steps: [],
        };
        histories.set(lineId, history);
      }
      if (row.transition !== null && row.at !== null) {
        history.steps.push({ transition: row.transition, at: Number(row.at) });
      }
    }
    return [...histories.values()];
  },

  /** The ratings and reasons of the approvals of the creator's lines opened since `since`. */
  async creatorApprovals(
    q: DbOrTx,
    input: { influencerUserId: number; since: Date },
  ): Promise<Array<{ rating: number | null; reasons: string[] }>> {
    const result = await q.execute(sql`
      select ${feedback.rating} as rating, ${feedback.reasons} as reasons
      from ${feedback} join ${lines} on ${lines.id} = ${feedback.lineId}
      where ${lines.influencerUserId} = ${input.influencerUserId}
        and ${lines.createdAt} >= ${input.since.toISOString()}::timestamptz
        and ${feedback.decision} = 'approve'`);
    return rowsOf<{ rating: number | null; reasons: string[] | null }>(result).map((row) => ({
      rating: row.rating === null ? null : Number(row.rating),
      reasons: row.reasons ?? [],
    }));
  },

  /**
   * Per advertiser, the delivery facts of their lines opened since `since`, in one statement:
   * review times (a submission to the next step, an automatic approval counted as the whole
   * window), payment after approval, debriefs and decided disputes.
   */
  async advertiserDeliveryFacts(
    q: DbOrTx,
    input: {
      advertiserUserIds: readonly number[];
      since: Date;
      now: Date;
      reviewWindowHours: number;
      paidOnTimeHours: number;
    },
  ): Promise<Map<number, AdvertiserDeliveryFacts>> {
    const found = new Map<number, AdvertiserDeliveryFacts>();
    if (input.advertiserUserIds.length === 0) return found;
    const w = workflowAudit;
    const result = await q.execute(sql`
      with l as materialized (
        select ${lines.id} as id, ${lines.advertiserUserId} as advertiser_user_id,
          ${lines.paidAt} as paid_at
        from ${lines}
        where ${lines.advertiserUserId} in (${idList(input.advertiserUserIds)})
          and ${lines.createdAt} >= ${input.since.toISOString()}::timestamptz
      ),
      steps as (
        select l.advertiser_user_id, l.id as line_id, l.paid_at,
          ${w.transition} as transition, ${w.toState} as to_state, ${w.createdAt} as at,
          lead(${w.transition}) over line_order as next_transition,
          lead(${w.createdAt}) over line_order as next_at
        from l join ${w} on ${w.process} = ${LINE_PROCESS} and ${w.subjectId} = l.id
        window line_order as (partition by ${w.subjectId} order by ${w.createdAt}, ${w.id})
      ),
      reviews as (
        select advertiser_user_id,
          case when next_transition = 'auto_approve' then ${input.reviewWindowHours}::float8
            else extract(epoch from next_at - at) / 3600 end as hours
        from steps
        where transition = 'submit'
          and next_transition in ('approve', 'debrief', 'reject', 'auto_approve')
      ),
      approvals as (
        select advertiser_user_id, line_id, min(at) as approved_at, min(paid_at) as paid_at
        from steps where to_state = 'approved' group by advertiser_user_id, line_id
      ),
      per_line as (
        select advertiser_user_id,
          count(distinct line_id) filter (where transition = 'submit')::int as lines_with_video,
          count(*) filter (where transition = 'debrief')::int as debriefs,
          count(*) filter (where transition = 'settle_for_creator')::int as disputes_lost,
          count(*) filter (where transition = 'settle_for_advertiser')::int as disputes_won
        from steps group by advertiser_user_id
      )
      select p.advertiser_user_id, p.lines_with_video, p.debriefs, p.disputes_lost,
        p.disputes_won,
        (select count(*)::int from reviews r
          where r.advertiser_user_id = p.advertiser_user_id) as reviews,
        (select percentile_cont(0.5) within group (order by r.hours) from reviews r
          where r.advertiser_user_id = p.advertiser_user_id) as median_review_hours,
        (select count(*)::int from approvals a
          where a.advertiser_user_id = p.advertiser_user_id
            and (a.paid_at is not null
              or a.approved_at + make_interval(hours => ${input.paidOnTimeHours})
                < ${input.now.toISOString()}::timestamptz)) as approvals_settled,
        (select count(*)::int from approvals a
          where a.advertiser_user_id = p.advertiser_user_id
            and a.paid_at <= a.approved_at + make_interval(hours => ${input.paidOnTimeHours})
        ) as approvals_paid_on_time
      from per_line p`);
    for (const row of rowsOf<Record<string, number | string | null>>(result)) {
      const median = row.median_review_hours ?? null;
      found.set(Number(row.advertiser_user_id), {
        linesWithVideo: Number(row.lines_with_video),
        debriefs: Number(row.debriefs),
        disputesLost: Number(row.disputes_lost),
        disputesWon: Number(row.disputes_won),
        reviews: Number(row.reviews),
        medianReviewHours: median === null ? null : Number(median),
        approvalsSettled: Number(row.approvals_settled),
        approvalsPaidOnTime: Number(row.approvals_paid_on_time),
      });
    }
    return found;
  },
};
