import type { Campaign, CampaignGoal } from '@clipmarket/contracts/campaigns';
import type { Role } from '@clipmarket/contracts/enums';
import type { MetricPlatform } from '@clipmarket/contracts/publication-metrics';
import type { DbOrTx } from '../../platform/db/client.js';
import type { LedgerService } from '../ledger/index.js';
import type { LineGroupFigures, LinkMetrics } from '../publication-metrics/index.js';

export interface SourceIds {
  contentRequestIds: readonly number[];
  contentOpportunityIds: readonly number[];
}

/** A request or an opportunity of the advertiser (`CR-000010`, `OP-000010`). */
export interface PerformanceSource {
  id: number;
  reference: string;
  title: string;
  status: string;
}

/** A delivery line: one video, its price and whether that was paid. */
export interface PerformanceLine {
  lineId: number;
  contentRequestId: number | null;
  contentOpportunityId: number | null;
  lineNumber: number;
  influencerId: number;
  price: number;
  paid: boolean;
}

/** A request's or opportunity's delivery lines, summed up. */
export interface PerformanceItemLines {
  contentRequestId: number | null;
  contentOpportunityId: number | null;
  lineIds: number[];
  /** The content fees of its paid lines, in millimes. */
  contentFees: number;
  /** Its lines with an approved publication link. */
  published: number;
}

/**
 * What performance reads of the content-requests and opportunities modules (their index):
 * the advertiser's own requests, opportunities and lines only (another's read as absent).
 */
export interface ItemsForPerformance {
  requestsOf(
    q: DbOrTx,
    advertiserUserId: number,
    ids?: readonly number[],
  ): Promise<PerformanceSource[]>;
  opportunitiesOf(
    q: DbOrTx,
    advertiserUserId: number,
    ids?: readonly number[],
  ): Promise<PerformanceSource[]>;
  linesOf(q: DbOrTx, advertiserUserId: number, sources: SourceIds): Promise<PerformanceLine[]>;
  /** The lines of each request and opportunity summed up (the dashboard). */
  linesByItemOf(
    q: DbOrTx,
    advertiserUserId: number,
    sources: SourceIds,
  ): Promise<PerformanceItemLines[]>;
  approvedLinksOf(
    q: DbOrTx,
    lineIds: readonly number[],
  ): Promise<{ linkId: number; lineId: number; platform: MetricPlatform; url: string }[]>;
}

/** The advertiser's campaigns with their goal and items (campaigns module). */
export interface CampaignsForPerformance {
  campaignsWithItems(
    q: DbOrTx,
    advertiserUserId: number,
    campaignId?: number,
  ): Promise<({ id: number; name: string; goal: CampaignGoal } & SourceIds)[]>;
  campaignOfSource(
    q: DbOrTx,
    source: { kind: 'content-request' | 'opportunity'; id: number },
  ): Promise<{ goal: CampaignGoal } | null>;
}

/**
 * What a campaign's PDF report prints of the campaign itself (its dates, budget and money), as
 * the campaign's page reads it (campaigns module): another advertiser's campaign is a 404.
 */
export interface CampaignPagesForReport {
  get(caller: { userId: number; role: Role }, campaignId: number): Promise<Campaign>;
}

/** The figures of the published videos, and the people their tracked links brought. */
export interface FiguresForPerformance {
  metricsOfLines(q: DbOrTx, lineIds: readonly number[]): Promise<Map<number, LinkMetrics[]>>;
  /**
   * The same figures summed up by the database per group of lines (`groups[i]` of
   * `lineIds[i]`): the dashboard's thousands of videos in a row per request or opportunity.
   */
  figuresOfLineGroups(
    q: DbOrTx,
    lineIds: readonly number[],
    groups: readonly number[],
  ): Promise<Map<number, LineGroupFigures>>;
  clicksOfLines(
    q: DbOrTx,
    lineIds: readonly number[],
  ): Promise<Map<number, { people: number; previews: number }>>;
  peopleOfLineGroups(
    q: DbOrTx,
    lineIds: readonly number[],
    groups: readonly number[],
  ): Promise<Map<number, number>>;
}

export interface CreatorsForPerformance {
  describeRequestCreators(
    q: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, { name: string }>>;
}

export type LedgerForPerformance = Pick<LedgerService, 'advertiserSpending'>;
