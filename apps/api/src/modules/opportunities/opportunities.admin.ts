import type { z } from 'zod';
import {
  ADMIN_OPPORTUNITY_APPLICATIONS_SHOWN,
  opportunityIdOfReference,
  statesOfAdminOpportunityFilter,
  type AdminOpportunity,
  type AdminOpportunityDetail,
  type adminOpportunityListQuerySchema,
} from '@clipmarket/contracts/admin-opportunities';
import { opportunityReference } from '@clipmarket/contracts/opportunities';
import { allowedTransitions } from '@clipmarket/contracts/workflow';
import { opportunityProcess } from '@clipmarket/contracts/workflows/opportunity';
import { applicationLabel } from '@clipmarket/contracts/workflows/opportunity-application';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { notFound } from '../../platform/http/errors.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import { createOpportunityClosing } from './opportunities.closing.js';
import type { OpportunitiesEvents } from './opportunities.events.js';
import type {
  Caller,
  CreatorsForOpportunities,
  LinesForOpportunities,
} from './opportunities.ports.js';
import {
  opportunitiesRepository as repository,
  type OpportunityRow,
} from './opportunities.repository.js';

type ListQuery = z.infer<typeof adminOpportunityListQuerySchema>;

/** The steps of the process the team's screens offer (drafts are the advertiser's to discard). */
const TEAM_STEPS = ['admin_close'] as const;

/** An opportunity the team may see: any but a discarded draft, which is gone for everyone. */
async function findOrNotFound(q: DbOrTx, id: number): Promise<OpportunityRow> {
  const row = await repository.find(q, id);
  if (!row || row.state === 'discarded') throw notFound('Opportunity');
  return row;
}

/**
 * The product team's opportunities (ADR 033: "the product team may close any open one"): every
 * advertiser's, listed by state with a search by title or reference, one with its applications
 * and delivery lines, and the early close with a reason the advertiser is told. Closing does to
 * applications and lines what the advertiser's own close does (`opportunities.closing.ts`).
 */
export function createOpportunityAdmin(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<OpportunitiesEvents>;
  creators: CreatorsForOpportunities;
  lines: LinesForOpportunities;
}) {
  const { db, creators, lines } = deps;
  const { closeEarly } = createOpportunityClosing(deps);

  async function toItems(q: DbOrTx, rows: OpportunityRow[]): Promise<AdminOpportunity[]> {
    const advertisers = await creators.describeRequestAdvertisers(q, [
      ...new Set(rows.map((row) => row.advertiserUserId)),
    ]);
    const counts = await repository.countsOf(
      q,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      content_opportunity_id: row.id,
      reference: opportunityReference(row.id),
      title: row.title,
      state: row.state,
      entered_at: row.enteredAt.toISOString(),
      visibility: row.visibility,
      advertiser: {
        user_id: row.advertiserUserId,
        name: advertisers.get(row.advertiserUserId)?.name ?? '',
      },
      spots: row.spots,
      spots_taken: row.spotsTaken,
      price_min: row.priceMin,
      price_max: row.priceMax,
      counts: counts.get(row.id)!,
      created_at: row.createdAt.toISOString(),
      published_at: row.publishedAt?.toISOString() ?? null,
      application_deadline: row.applicationDeadline,
      delivery_deadline: row.deliveryDeadline?.toISOString() ?? null,
      allowed_transitions: allowedTransitions(opportunityProcess, row.state, 'ADMIN').filter(
        (step) => (TEAM_STEPS as readonly string[]).includes(step),
      ),
    }));
  }

  async function toDetail(q: DbOrTx, row: OpportunityRow): Promise<AdminOpportunityDetail> {
    const [item] = await toItems(q, [row]);
    const applications = await repository.listApplications(q, row.id, {
      states: null,
      sort: 'newest',
      limit: ADMIN_OPPORTUNITY_APPLICATIONS_SHOWN,
    });
    const delivery = await lines.linesOf(q, row.id);
    const people = await creators.describeRequestCreators(q, [
      ...new Set([
        ...applications.map((application) => application.influencerId),
        ...delivery.map((line) => line.influencerId),
      ]),
    ]);
    const lineStates = new Map(delivery.map((line) => [line.lineId, line.state]));
    return {
      ...item!,
      reason: row.reason,
      brief: row.brief,
      platforms: row.platforms,
      video_duration: row.videoDuration,
      applications: applications.map((application) => ({
        content_opportunity_influencer_id: application.id,
        state: application.state,
        label: applicationLabel(
          application.state,
          application.lineId ? (lineStates.get(application.lineId) ?? null) : null,
        ),
        creator: {
          influencer_id: application.influencerId,
          name: people.get(application.influencerId)?.name ?? '',
        },
        price: application.price,
        reason: application.reason,
        created_at: application.createdAt.toISOString(),
        updated_at: application.updatedAt.toISOString(),
      })),
      lines: delivery.map((line) => ({
        content_request_influencer_id: line.lineId,
        reference: `${opportunityReference(row.id)}-${line.lineNumber}`,
        state: line.state,
        entered_at: line.enteredAt.toISOString(),
        creator_name: people.get(line.influencerId)?.name ?? '',
        price: line.price,
        funds_secured: line.fundsSecured,
      })),
    };
  }

  return {
    async list(query: ListQuery) {
      const search = query.search
        ? { text: query.search, id: opportunityIdOfReference(query.search) }
        : undefined;
      const rows = await repository.listForAdmin(db, {
        states: statesOfAdminOpportunityFilter(query.filter),
        search,
        before: query.before,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      return {
        data: await toItems(db, page),
        next_before: rows.length > query.limit ? page.at(-1)!.id : null,
      };
    },

    async detail(id: number): Promise<AdminOpportunityDetail> {
      return toDetail(db, await findOrNotFound(db, id));
    },

    /**
     * The team closes an opportunity (published, live or ongoing): as the advertiser's close,
     * open applications closed and lines not started cancelled; the advertiser is told why.
     */
    async close(caller: Caller, id: number, reason: string): Promise<AdminOpportunityDetail> {
      await inTransaction(db, async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row || row.state === 'discarded') throw notFound('Opportunity');
        await closeEarly(tx, id, {
          transition: 'admin_close',
          actor: { role: caller.role, userId: caller.userId },
          reason,
        });
        await deps.events.emit(tx, 'opportunity.closed-by-team', {
          contentOpportunityId: id,
          advertiserUserId: row.advertiserUserId,
          title: row.title,
          reason,
        });
      });
      return this.detail(id);
    },
  };
}

export type OpportunityAdmin = ReturnType<typeof createOpportunityAdmin>;
