import { and, desc, eq, inArray } from 'drizzle-orm';
import { opportunityReference } from '@clipmarket/contracts/opportunities';
import type { DbOrTx } from '../../platform/db/client.js';
import { contentOpportunities } from './opportunities.schema.js';

/** At most this many of an advertiser's opportunities are offered for attaching to a campaign. */
const OWN_OPPORTUNITIES_LISTED = 200;

/**
 * What the campaigns module reads of opportunities (issue 24 §1): the advertiser's own, some
 * by id or the newest, with their state.
 */
export const campaignReadsOfOpportunities = {
  async opportunitiesOf(q: DbOrTx, advertiserUserId: number, ids?: readonly number[]) {
    if (ids?.length === 0) return [];
    const rows = await q
      .select({
        id: contentOpportunities.id,
        title: contentOpportunities.title,
        status: contentOpportunities.state,
        createdAt: contentOpportunities.createdAt,
      })
      .from(contentOpportunities)
      .where(
        and(
          eq(contentOpportunities.advertiserUserId, advertiserUserId),
          ids ? inArray(contentOpportunities.id, [...ids]) : undefined,
        ),
      )
      .orderBy(desc(contentOpportunities.id))
      .limit(ids ? ids.length : OWN_OPPORTUNITIES_LISTED);
    return rows.map((row) => ({ ...row, reference: opportunityReference(row.id) }));
  },
};
