import { and, asc, count, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import {
  contentRequestLineProcess,
  type ContentRequestLineState,
} from '@clipmarket/contracts/workflows/content-request-line';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { systemActor, type Actor, type Workflow } from '../../platform/workflow/workflow.js';
import {
  licenceTermsOrDefault,
  type LicenceRates,
  type LicenceTerms,
} from '@clipmarket/contracts/licences';
import { licensedPricesOf, type LicensedPrice } from './content-requests.licence-prices.js';
import { fundsSecured, type LineEnteredHook } from './content-requests.line-process.js';
import type { LicencesForRequests } from './content-requests.ports.js';
import { contentRequestsRepository as repository } from './content-requests.repository.js';
import { contentRequestFeedback, contentRequestInfluencers } from './content-requests.schema.js';

/** Line states of a delivered video (approved, paid, published). */
const DELIVERED: readonly ContentRequestLineState[] = [
  'approved',
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
];

/** A creator's record over their delivery lines, whatever their source. */
export interface DeliveryRecord {
  /** Mean of the advertisers' ratings, 1–5; null before the first. */
  rating: number | null;
  ratings: number;
  /** Delivered / (delivered + expired at the deadline); null before either. */
  onTimeRate: number | null;
  deliveries: number;
}

/**
 * The delivery lines of opportunities (ADR 035), for the opportunities module: an approved
 * application opens a line — in this module's table and process, accepted from the start (the
 * `assign` step) — and the opportunity follows its lines' states and its creators' records.
 */
export function createOpportunityLines(deps: {
  workflow: Workflow;
  onLineEntered: (hook: LineEnteredHook) => void;
  licences: LicencesForRequests;
}) {
  const { workflow } = deps;
  return {
    /**
     * What an application's line costs (issue 27 §1): the agreed price is the base, and the
     * opportunity's licence add-ons at the creator's rates are added.
     */
    async licensedPrice(
      q: DbOrTx,
      input: { influencerId: number; basePrice: number; terms: LicenceTerms | null },
    ): Promise<LicensedPrice> {
      const prices = await licensedPricesOf(
        q,
        deps.licences,
        new Map([[input.influencerId, input.basePrice]]),
        input.terms,
      );
      return prices.get(input.influencerId)!;
    },

    /**
     * Opens the line of an approved application, with the hold of its agreed price. `link`
     * runs once the line exists and before it is accepted: the application records the line,
     * so that the opportunity side describes it when it enters `accepted`.
     */
    async open(
      tx: Tx,
      input: {
        contentOpportunityId: number;
        influencerId: number;
        influencerUserId: number;
        advertiserUserId: number;
        price: number;
        holdId: number | null;
        /** Term 1 of the line's licence (`licensedPrice`), frozen with the line. */
        licence?: { terms: LicenceTerms | null; basePrice: number; rates: LicenceRates };
      },
      link: (lineId: number) => Promise<void>,
    ): Promise<number> {
      const [numbered] = await tx
        .select({ last: max(contentRequestInfluencers.lineNumber) })
        .from(contentRequestInfluencers)
        .where(eq(contentRequestInfluencers.contentOpportunityId, input.contentOpportunityId));
      const at = new Date();
      const [line] = await repository.insertLines(tx, [
        {
          contentOpportunityId: input.contentOpportunityId,
          lineNumber: (numbered?.last ?? 0) + 1,
          influencerId: input.influencerId,
          influencerUserId: input.influencerUserId,
          advertiserUserId: input.advertiserUserId,
          price: input.price,
          holdId: input.holdId,
          enteredAt: at,
        },
      ]);
      if (input.licence) {
        await deps.licences.freezeFirstTerm(tx, {
          lineId: line!.id,
          terms: licenceTermsOrDefault(input.licence.terms),
          basePrice: input.licence.basePrice,
          rates: input.licence.rates,
          exclusivityCategoryId: await deps.licences.exclusivityCategoryOf(
            tx,
            input.advertiserUserId,
          ),
        });
      }
      await link(line!.id);
      await workflow.started(tx, contentRequestLineProcess, line!.id, at);
      await workflow.apply(tx, {
        process: contentRequestLineProcess,
        subjectId: line!.id,
        transition: 'assign',
        actor: systemActor,
      });
      return line!.id;
    },

    /** Lines' states, parties and whether their content fee is held ("funds secured"). */
    async describe(q: DbOrTx, lineIds: readonly number[]) {
      const lines = await repository.findLines(q, [...lineIds]);
      return new Map(
        lines.map((line) => [
          line.id,
          {
            state: line.state,
            influencerUserId: line.influencerUserId,
            contentOpportunityId: line.contentOpportunityId,
            fundsSecured: fundsSecured(line),
          },
        ]),
      );
    },

    /** The lines of an opportunity still open (not ended), counted. */
    async openLinesOf(q: DbOrTx, contentOpportunityId: number): Promise<number> {
      const [row] = await q
        .select({ open: count() })
        .from(contentRequestInfluencers)
        .where(
          and(
            eq(contentRequestInfluencers.contentOpportunityId, contentOpportunityId),
            sql`${contentRequestInfluencers.state} not in ('completed', 'declined', 'expired', 'cancelled', 'closed')`,
          ),
        );
      return row?.open ?? 0;
    },

    /** An opportunity's lines in the order they were opened, with their state and hold. */
    async linesOf(q: DbOrTx, contentOpportunityId: number) {
      const lines = await q
        .select()
        .from(contentRequestInfluencers)
        .where(eq(contentRequestInfluencers.contentOpportunityId, contentOpportunityId))
        .orderBy(asc(contentRequestInfluencers.lineNumber));
      return lines.map((line) => ({
        lineId: line.id,
        lineNumber: line.lineNumber,
        state: line.state,
        enteredAt: line.enteredAt,
        price: line.price,
        influencerId: line.influencerId,
        influencerUserId: line.influencerUserId,
        fundsSecured: fundsSecured(line),
      }));
    },

    /**
     * The product team closes an opportunity: its lines whose creator has not sent a video yet
     * (`accepted`) are cancelled with the team's reason (`admin_cancel`), which releases the
     * price held for each; lines with a video go on to the end of their delivery.
     */
    async cancelNotStarted(tx: Tx, contentOpportunityId: number, actor: Actor, reason: string) {
      const waiting = await tx
        .select({ id: contentRequestInfluencers.id })
        .from(contentRequestInfluencers)
        .where(
          and(
            eq(contentRequestInfluencers.contentOpportunityId, contentOpportunityId),
            eq(contentRequestInfluencers.state, 'accepted'),
          ),
        )
        .orderBy(asc(contentRequestInfluencers.id));
      for (const line of waiting) {
        await workflow.apply(tx, {
          process: contentRequestLineProcess,
          subjectId: line.id,
          transition: 'admin_cancel',
          actor,
          reason,
        });
      }
      return waiting.length;
    },

    /** Each creator's rating and on-time rate over all their delivery lines, by their user id. */
    async deliveryRecords(
      q: DbOrTx,
      influencerUserIds: readonly number[],
    ): Promise<Map<number, DeliveryRecord>> {
      const ids = [...new Set(influencerUserIds)];
      const records = new Map<number, DeliveryRecord>();
      if (ids.length === 0) return records;
      const states = await q
        .select({
          influencerUserId: contentRequestInfluencers.influencerUserId,
          delivered: sql<number>`count(*) filter (where ${inArray(contentRequestInfluencers.state, [...DELIVERED])})`,
          // Expired at the delivery deadline (not at the acceptance window): the engine's audit.
          expired: sql<number>`count(*) filter (where ${contentRequestInfluencers.state} = 'expired' and exists (select 1 from workflow_audit a where a.process = 'content-request-line' and a.subject_id = ${contentRequestInfluencers.id} and a.transition = 'expire_delivery'))`,
        })
        .from(contentRequestInfluencers)
        .where(inArray(contentRequestInfluencers.influencerUserId, ids))
        .groupBy(contentRequestInfluencers.influencerUserId);
      const ratings = await q
        .select({
          influencerUserId: contentRequestInfluencers.influencerUserId,
          mean: sql<string | null>`avg(${contentRequestFeedback.rating})`,
          ratings: count(contentRequestFeedback.rating),
        })
        .from(contentRequestFeedback)
        .innerJoin(
          contentRequestInfluencers,
          eq(contentRequestInfluencers.id, contentRequestFeedback.lineId),
        )
        .where(
          and(
            inArray(contentRequestInfluencers.influencerUserId, ids),
            isNotNull(contentRequestFeedback.rating),
          ),
        )
        .groupBy(contentRequestInfluencers.influencerUserId);
      const ratingOf = new Map(ratings.map((row) => [row.influencerUserId, row]));
      for (const id of ids) {
        const row = states.find((s) => s.influencerUserId === id);
        const delivered = Number(row?.delivered ?? 0);
        const expired = Number(row?.expired ?? 0);
        const rated = ratingOf.get(id);
        records.set(id, {
          rating: rated?.mean ? Math.round(Number(rated.mean) * 10) / 10 : null,
          ratings: rated?.ratings ?? 0,
          onTimeRate: delivered + expired > 0 ? delivered / (delivered + expired) : null,
          deliveries: delivered,
        });
      }
      return records;
    },

    /** Calls `hook` in the transaction of every line entering a state. */
    onLineEntered: deps.onLineEntered,
  };
}

export type OpportunityLines = ReturnType<typeof createOpportunityLines>;
