import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { opportunityReference } from '@clipmarket/contracts/opportunities';
import type { DbOrTx } from '../../platform/db/client.js';
import type { DeliveryLineDescription, DeliveryLines } from '../content-requests/index.js';
import {
  contentOpportunities,
  contentOpportunityApplications as applications,
} from './opportunities.schema.js';

type OpportunityRow = typeof contentOpportunities.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;

/** An approved application's line as delivery reads it: the opportunity's brief and dates. */
function describe(
  lineId: number,
  lineNumber: number,
  application: ApplicationRow,
  opportunity: OpportunityRow,
): DeliveryLineDescription {
  return {
    lineId,
    source: {
      kind: 'opportunity',
      id: opportunity.id,
      reference: `${opportunityReference(opportunity.id)}-${lineNumber}`,
    },
    title: opportunity.title,
    productName: '',
    videoDurationSeconds: opportunity.videoDuration,
    platforms: opportunity.platforms,
    publishingDeadline: opportunity.publishingDeadline,
    deliveryDeadline: opportunity.deliveryDeadline,
    sentAt: application.answeredAt,
    productImageFileIds: opportunity.productImageFileIds,
    brief: {
      content_type: opportunity.contentType,
      video_duration: opportunity.videoDuration,
      format: opportunity.format,
      product_name: null,
      description: opportunity.brief || null,
      platforms: opportunity.platforms,
      delivery_deadline: opportunity.deliveryDeadline?.toISOString() ?? null,
      publishing_deadline: opportunity.publishingDeadline,
      script: opportunity.checklist.length > 0 ? opportunity.checklist.join('\n') : null,
    },
    advertiserUserId: application.advertiserUserId,
    influencerUserId: application.influencerUserId,
  };
}

async function describeMany(db: DbOrTx, lineIds: readonly number[]) {
  const found = new Map<number, DeliveryLineDescription>();
  if (lineIds.length === 0) return found;
  const rows = await db
    .select({ application: applications, opportunity: contentOpportunities })
    .from(applications)
    .innerJoin(contentOpportunities, eq(contentOpportunities.id, applications.contentOpportunityId))
    .where(inArray(applications.lineId, [...lineIds]));
  // The line's number is its rank among its opportunity's lines, in the order they were opened.
  const opportunityIds = [
    ...new Set(rows.map(({ application }) => application.contentOpportunityId)),
  ];
  const ranked = await db
    .select({
      lineId: applications.lineId,
      number: sql<number>`row_number() over (partition by ${applications.contentOpportunityId} order by ${applications.lineId})`,
    })
    .from(applications)
    .where(
      and(
        inArray(applications.contentOpportunityId, opportunityIds),
        isNotNull(applications.lineId),
      ),
    );
  const numbers = new Map(ranked.map(({ lineId, number }) => [lineId!, Number(number)]));
  for (const { application, opportunity } of rows) {
    const lineId = application.lineId!;
    found.set(lineId, describe(lineId, numbers.get(lineId)!, application, opportunity));
  }
  return found;
}

/**
 * The opportunity side of delivery's `DeliveryLines` port (ADR 032, 035), registered by app.ts
 * under the `opportunity` source kind: lines are found by the application that opened them.
 */
export const opportunityDeliveryLines: DeliveryLines = {
  async describe(db, lineId) {
    return (await describeMany(db, [lineId])).get(lineId);
  },
  describeMany,
};
