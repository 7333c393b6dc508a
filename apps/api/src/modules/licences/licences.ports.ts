import type { Role } from '@clipmarket/contracts/enums';
import type { PricedOrder } from '../checkout/index.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';

/**
 * What the licences' lifecycle needs of other modules (issue 27 §1, part B), handed in by
 * app.ts: content-requests' lines (which import this module, so no import back), payouts,
 * invoices and content-videos.
 */

/** A delivery line's parties and public description (content-requests' `describeLineParties`). */
export interface LicenceLine {
  lineId: number;
  contentRequestId: number | null;
  source: { kind: 'content-request' | 'opportunity'; id: number; reference: string };
  reference: string;
  title: string;
  advertiserUserId: number;
  influencerUserId: number;
  state: string;
}

export interface LinesForLicences {
  describeLineParties(q: DbOrTx, lineId: number): Promise<LicenceLine | undefined>;
}

/** Payouts' `schedule`: the creator's earning of a renewal, paid after the payout delay. */
export interface PayoutsForLicences {
  schedule(
    tx: Tx,
    input: {
      creatorUserId: number;
      amount: number;
      sourceKey: string;
      source: { content_request_influencer_id: number; reference: string; title: string };
      paidAt: Date;
    },
  ): Promise<{ payoutId: number; dueAt: Date }>;
}

/** Invoices' `issue`, for the renewals' invoices. */
export interface InvoicesForLicences {
  issue(
    tx: Tx,
    input: {
      ownerUserId: number;
      purchaseKind: 'licence_renewal';
      purchaseId: number;
      order: PricedOrder;
      paidAt: Date;
    },
  ): Promise<unknown>;
}

/** Content-videos' `latestOf`: the video the licence page names. */
export interface VideosForLicences {
  latestOf(
    q: DbOrTx,
    lineId: number,
  ): Promise<{ videoId: number; version: number; status: string } | undefined>;
}

export type LicenceViewer = { userId: number; role: Role };
