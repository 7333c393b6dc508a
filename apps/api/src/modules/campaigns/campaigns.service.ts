import {
  campaignPhaseOn,
  type Campaign,
  type CampaignDelivery,
  type CampaignDetail,
  type CampaignInput,
  type CampaignItem,
  type CampaignItemKind,
  type AttachableItem,
} from '@clipmarket/contracts/campaigns';
import { contentRequestLineReference } from '@clipmarket/contracts/content-requests';
import { opportunityReference } from '@clipmarket/contracts/opportunities';
import { requestToday } from '@clipmarket/contracts/request-dates';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { notFound } from '../../platform/http/errors.js';
import type {
  AdvertisersForCampaigns,
  Caller,
  CampaignLine,
  CampaignSource,
  CreatorsForCampaigns,
  LedgerForCampaigns,
  PerformanceForCampaigns,
  SourcesForCampaigns,
} from './campaigns.ports.js';
import { campaignsRepository as repository, type ItemRef } from './campaigns.repository.js';
import type { CampaignItemRow, CampaignRow } from './campaigns.schema.js';
import { createCampaignSharing } from './campaigns.sharing.js';

const sourceKey = (kind: CampaignItemKind, id: number) => `${kind}:${id}`;
const keyOfItem = (item: CampaignItemRow) =>
  item.contentRequestId !== null
    ? sourceKey('content-request', item.contentRequestId)
    : sourceKey('opportunity', item.contentOpportunityId!);
const keyOfLine = (line: CampaignLine) =>
  line.contentRequestId !== null
    ? sourceKey('content-request', line.contentRequestId)
    : sourceKey('opportunity', line.contentOpportunityId!);
const lineReference = (line: CampaignLine) =>
  line.contentRequestId !== null
    ? contentRequestLineReference(line.contentRequestId, line.lineNumber)
    : `${opportunityReference(line.contentOpportunityId!)}-${line.lineNumber}`;

function idsOf(items: readonly CampaignItemRow[]) {
  return {
    contentRequestIds: items.flatMap((i) =>
      i.contentRequestId === null ? [] : [i.contentRequestId],
    ),
    contentOpportunityIds: items.flatMap((i) =>
      i.contentOpportunityId === null ? [] : [i.contentOpportunityId],
    ),
  };
}

/** The dashboard reads at most this many of an advertiser's newest campaigns. */
const PERFORMANCE_CAMPAIGNS = 200;

const itemOf = (kind: CampaignItemKind, source: CampaignSource): CampaignItem => ({
  kind,
  id: source.id,
  reference: source.reference,
  title: source.title,
  status: source.status,
  created_at: source.createdAt.toISOString(),
});

/**
 * Campaigns (issue 24 §1): an advertiser's own only (another's id is a 404). A campaign's money
 * comes from the ledger (what its requests and opportunities spent and hold), its deliveries
 * from the lines of its requests and opportunities; each is read for a whole page at once.
 */
export function createCampaignsService(deps: {
  db: Db;
  sources: SourcesForCampaigns;
  ledger: LedgerForCampaigns;
  creators: CreatorsForCampaigns;
  performance: PerformanceForCampaigns;
  advertisers: AdvertisersForCampaigns;
  now?: () => Date;
}) {
  const { db, sources } = deps;
  const now = () => deps.now?.() ?? new Date();
  const today = () => requestToday(now());

  async function own(q: DbOrTx, caller: Caller, campaignId: number) {
    const row = await repository.find(q, campaignId);
    if (!row || row.advertiserUserId !== caller.userId) throw notFound('Campaign');
    return row;
  }

  /** The campaigns' figures, in a fixed number of queries whatever their count. */
  async function summaries(q: DbOrTx, advertiserUserId: number, rows: readonly CampaignRow[]) {
    const items = await repository.itemsOf(
      q,
      rows.map((row) => row.id),
    );
    const ids = idsOf(items);
    const lines = await sources.linesOf(q, advertiserUserId, ids);
    const spending = await deps.ledger.advertiserSpending(q, advertiserUserId, ids);
    const day = today();
    const campaigns = rows.map((row): Campaign => {
      const own = items.filter((item) => item.campaignId === row.id);
      const keys = new Set(own.map(keyOfItem));
      const ownLines = lines.filter((line) => keys.has(keyOfLine(line)));
      const money = { budget: row.budget, spent: 0, committed: 0 };
      for (const key of keys) {
        const source = spending.bySource.get(key);
        money.spent += source?.spent ?? 0;
        money.committed += source?.committed ?? 0;
      }
      return {
        campaign_id: row.id,
        name: row.name,
        goal: row.goal,
        visibility: row.visibility,
        starts_on: row.startsOn,
        ends_on: row.endsOn,
        target_url: row.targetUrl,
        phase: campaignPhaseOn({ starts_on: row.startsOn, ends_on: row.endsOn }, day),
        money,
        counts: {
          content_requests: own.filter((item) => item.contentRequestId !== null).length,
          opportunities: own.filter((item) => item.contentOpportunityId !== null).length,
          deliveries: ownLines.length,
          published: ownLines.filter((line) => line.approvedLinks > 0).length,
        },
        created_at: row.createdAt.toISOString(),
      };
    });
    return { campaigns, items, lines };
  }

  async function detail(q: DbOrTx, row: CampaignRow): Promise<CampaignDetail> {
    const { campaigns, items, lines } = await summaries(q, row.advertiserUserId, [row]);
    const ids = idsOf(items);
    const requests = await sources.requestsOf(q, row.advertiserUserId, ids.contentRequestIds);
    const opportunities = await sources.opportunitiesOf(
      q,
      row.advertiserUserId,
      ids.contentOpportunityIds,
    );
    const titles = new Map([
      ...requests.map((r) => [sourceKey('content-request', r.id), r.title] as const),
      ...opportunities.map((o) => [sourceKey('opportunity', o.id), o.title] as const),
    ]);
    const creators = await deps.creators.describeRequestCreators(q, [
      ...new Set(lines.map((line) => line.influencerId)),
    ]);
    const deliveries = lines.map((line): CampaignDelivery => ({
      content_request_influencer_id: line.lineId,
      kind: line.contentRequestId !== null ? 'content-request' : 'opportunity',
      reference: lineReference(line),
      title: titles.get(keyOfLine(line)) ?? '',
      creator_name: creators.get(line.influencerId)?.name ?? '',
      state: line.state,
      price: line.price,
      published_links: line.approvedLinks,
    }));
    return {
      ...campaigns[0]!,
      items: [
        ...requests.map((r) => itemOf('content-request', r)),
        ...opportunities.map((o) => itemOf('opportunity', o)),
      ],
      deliveries,
    };
  }

  const fieldsOf = (input: CampaignInput) => ({
    name: input.name,
    goal: input.goal,
    visibility: input.visibility,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
    budget: input.budget,
    targetUrl: input.target_url,
  });

  /** The caller's own request or opportunity, else 404. */
  async function ownItem(q: DbOrTx, caller: Caller, item: ItemRef) {
    const found =
      item.kind === 'content-request'
        ? await sources.requestsOf(q, caller.userId, [item.id])
        : await sources.opportunitiesOf(q, caller.userId, [item.id]);
    if (found.length === 0) {
      throw notFound(item.kind === 'content-request' ? 'Content request' : 'Opportunity');
    }
  }

  return {
    // The public report link: create, read, revoke, and the visitors' read (campaigns.sharing.ts).
    ...createCampaignSharing({
      db,
      performance: deps.performance,
      advertisers: deps.advertisers,
      own,
      now,
    }),

    async list(caller: Caller, query: { before?: number | undefined; limit: number }) {
      const rows = await repository.listOfAdvertiser(db, caller.userId, query);
      const { campaigns } = await summaries(db, caller.userId, rows);
      return {
        data: campaigns,
        next_before: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
      };
    },

    /** Advertisers whose campaigns ran during some days (the weekly summary's), by user id. */
    async advertisersWithCampaignsBetween(
      days: { start: string; end: string },
      page: { after: number; limit: number },
    ) {
      return repository.advertisersWithCampaignsBetween(db, days, page.after, page.limit);
    },

    async get(caller: Caller, campaignId: number) {
      return detail(db, await own(db, caller, campaignId));
    },

    async create(caller: Caller, input: CampaignInput) {
      const row = await repository.insert(db, {
        advertiserUserId: caller.userId,
        ...fieldsOf(input),
      });
      return detail(db, row);
    },

    async update(caller: Caller, campaignId: number, input: CampaignInput) {
      return inTransaction(db, async (tx) => {
        await own(tx, caller, campaignId);
        return detail(tx, await repository.update(tx, campaignId, fieldsOf(input)));
      });
    },

    /** Its requests and opportunities stay, in no campaign. */
    async remove(caller: Caller, campaignId: number) {
      await inTransaction(db, async (tx) => {
        await own(tx, caller, campaignId);
        await repository.delete(tx, campaignId);
      });
    },

    /** Moves the item here from any other campaign of the advertiser. */
    async attach(caller: Caller, campaignId: number, item: ItemRef) {
      return inTransaction(db, async (tx) => {
        const row = await repository.lock(tx, campaignId);
        if (!row || row.advertiserUserId !== caller.userId) throw notFound('Campaign');
        await ownItem(tx, caller, item);
        await repository.attach(tx, campaignId, item);
        return detail(tx, row);
      });
    },

    async detach(caller: Caller, campaignId: number, item: ItemRef) {
      return inTransaction(db, async (tx) => {
        const row = await own(tx, caller, campaignId);
        if (!(await repository.detach(tx, campaignId, item))) throw notFound('Campaign item');
        return detail(tx, row);
      });
    },

    /** The advertiser's newest requests and opportunities not in this campaign. */
    async attachable(caller: Caller, campaignId: number): Promise<AttachableItem[]> {
      await own(db, caller, campaignId);
      const requests = await sources.requestsOf(db, caller.userId);
      const opportunities = await sources.opportunitiesOf(db, caller.userId);
      const placed = await repository.campaignsOfItems(db, {
        contentRequestIds: requests.map((r) => r.id),
        contentOpportunityIds: opportunities.map((o) => o.id),
      });
      const campaignOf = new Map(
        placed.map((p) => [
          p.contentRequestId !== null
            ? sourceKey('content-request', p.contentRequestId)
            : sourceKey('opportunity', p.contentOpportunityId!),
          p.campaign,
        ]),
      );
      return [
        ...requests.map((r) => itemOf('content-request', r)),
        ...opportunities.map((o) => itemOf('opportunity', o)),
      ]
        .map((item) => {
          const campaign = campaignOf.get(sourceKey(item.kind, item.id));
          return {
            ...item,
            campaign_id: campaign?.id ?? null,
            campaign_name: campaign?.name ?? null,
          };
        })
        .filter((item) => item.campaign_id !== campaignId);
    },

    /**
     * For the performance pages: the advertiser's campaigns (one when `campaignId` is given,
     * else the newest `PERFORMANCE_CAMPAIGNS`) with their goal and items; a foreign id reads as
     * none.
     */
    async campaignsWithItems(q: DbOrTx, advertiserUserId: number, campaignId?: number) {
      const rows =
        campaignId === undefined
          ? await repository.listOfAdvertiser(q, advertiserUserId, {
              limit: PERFORMANCE_CAMPAIGNS,
            })
          : [await repository.find(q, campaignId)].filter(
              (row): row is CampaignRow => row?.advertiserUserId === advertiserUserId,
            );
      const items = await repository.itemsOf(
        q,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        goal: row.goal,
        ...idsOf(items.filter((item) => item.campaignId === row.id)),
      }));
    },

    /** The campaign a request or an opportunity is in (tracked links read its page and name). */
    async campaignOfSource(q: DbOrTx, source: ItemRef) {
      const [placed] = await repository.campaignsOfItems(q, {
        contentRequestIds: source.kind === 'content-request' ? [source.id] : [],
        contentOpportunityIds: source.kind === 'opportunity' ? [source.id] : [],
      });
      return placed
        ? {
            name: placed.campaign.name,
            targetUrl: placed.campaign.targetUrl,
            goal: placed.campaign.goal,
          }
        : null;
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
