import type { Role } from '@clipmarket/contracts/enums';
import type { PerformanceDetail } from '@clipmarket/contracts/performance';
import type { DbOrTx } from '../../platform/db/client.js';
import type { LedgerService } from '../ledger/index.js';

export type Caller = { userId: number; role: Role };

/** A request or an opportunity as a campaign lists it (its owner's rows only). */
export interface CampaignSource {
  id: number;
  /** `CR-000010` or `OP-000010`. */
  reference: string;
  title: string;
  status: string;
  createdAt: Date;
}

/** A delivery line of a request or an opportunity. */
export interface CampaignLine {
  lineId: number;
  contentRequestId: number | null;
  contentOpportunityId: number | null;
  lineNumber: number;
  influencerId: number;
  state: string;
  price: number;
  approvedLinks: number;
}

/**
 * What campaigns read of the content-requests and opportunities modules (their index): an
 * advertiser's requests and opportunities (some by id, or the newest when no ids), and the
 * delivery lines of some of them.
 */
export interface SourcesForCampaigns {
  requestsOf(
    q: DbOrTx,
    advertiserUserId: number,
    ids?: readonly number[],
  ): Promise<CampaignSource[]>;
  opportunitiesOf(
    q: DbOrTx,
    advertiserUserId: number,
    ids?: readonly number[],
  ): Promise<CampaignSource[]>;
  linesOf(
    q: DbOrTx,
    advertiserUserId: number,
    sources: { contentRequestIds: readonly number[]; contentOpportunityIds: readonly number[] },
  ): Promise<CampaignLine[]>;
}

/** The creators' names (users module). */
export interface CreatorsForCampaigns {
  describeRequestCreators(
    db: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, { name: string }>>;
}

export type LedgerForCampaigns = Pick<LedgerService, 'advertiserSpending'>;

/**
 * The advertiser's performance page of a campaign (performance module), read as its owner for
 * the campaign's public report; a foreign or unknown campaign rejects (404).
 */
export interface PerformanceForCampaigns {
  campaign(
    caller: { userId: number },
    campaignId: number,
    view: 'mixed',
  ): Promise<PerformanceDetail>;
}

/** The advertiser's public name, as creators see it on a request (users module). */
export interface AdvertisersForCampaigns {
  describeRequestAdvertiser(db: DbOrTx, userId: number): Promise<{ name: string } | undefined>;
}
