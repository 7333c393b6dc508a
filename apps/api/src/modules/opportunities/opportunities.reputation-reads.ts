import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import {
  contentOpportunities,
  contentOpportunityApplications as applications,
} from './opportunities.schema.js';

/** An advertiser's answers to applications (issue 27 §2, ADR 047). */
export interface ApplicationAnswerFacts {
  /** Applications the advertiser answered (accept, debrief or decline: `answered_at`). */
  answered: number;
  /** Median hours from an application to that first answer; null when none was answered. */
  medianAnswerHours: number | null;
  /** Applications that ended (accepted, declined, closed) or were answered: the base of the rate. */
  settled: number;
  /** Of those, the ones declined by the system or closed without an answer. */
  unanswered: number;
}

/**
 * Reputation's reads of opportunities (issue 27 §2, ADR 047): what the advertisers' answers to
 * applications measure, and the opportunities' delivery deadlines as a relation the delivery
 * lines' statement joins (ADR 036: the owner hands SQL, not rows).
 */
export const reputationReadsOfOpportunities = {
  /** One row per opportunity: `opportunity_id`, `delivery_deadline` (timestamptz, may be null). */
  deadlinesRelation(): SQL {
    const o = contentOpportunities;
    return sql`(select ${o.id} as opportunity_id, ${o.deliveryDeadline} as delivery_deadline from ${o})`;
  },

  /** Per advertiser, their applications sent since `since`: one statement, grouped. */
  async applicationAnswerFacts(
    q: DbOrTx,
    advertiserUserIds: readonly number[],
    since: Date,
  ): Promise<Map<number, ApplicationAnswerFacts>> {
    const found = new Map<number, ApplicationAnswerFacts>();
    if (advertiserUserIds.length === 0) return found;
    const a = applications;
    const ids = sql.join(
      advertiserUserIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const result = await q.execute(sql`
      select ${a.advertiserUserId} as advertiser_user_id,
        count(*) filter (where ${a.answeredAt} is not null)::int as answered,
        percentile_cont(0.5) within group (
          order by extract(epoch from ${a.answeredAt} - ${a.createdAt}) / 3600
        ) filter (where ${a.answeredAt} is not null) as median_hours,
        count(*) filter (
          where ${a.answeredAt} is not null or ${a.state} in ('accepted', 'declined', 'closed')
        )::int as settled,
        count(*) filter (
          where ${a.answeredAt} is null and ${a.state} in ('declined', 'closed')
        )::int as unanswered
      from ${a}
      where ${a.advertiserUserId} in (${ids}) and ${a.createdAt} >= ${since.toISOString()}
      group by ${a.advertiserUserId}`);
    for (const row of rowsOf<{
      advertiser_user_id: number;
      answered: number;
      median_hours: number | string | null;
      settled: number;
      unanswered: number;
    }>(result)) {
      found.set(Number(row.advertiser_user_id), {
        answered: Number(row.answered),
        medianAnswerHours: row.median_hours === null ? null : Number(row.median_hours),
        settled: Number(row.settled),
        unanswered: Number(row.unanswered),
      });
    }
    return found;
  },
};
