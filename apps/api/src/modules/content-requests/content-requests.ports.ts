import type { Efile } from '@clipmarket/contracts/media';
import type { Role } from '@clipmarket/contracts/enums';
import type { VideoDuration } from '@clipmarket/contracts/content-requests';
import type { LicenceRates, LicenceTerms } from '@clipmarket/contracts/licences';
import type { FieldName } from '@clipmarket/contracts/validation-messages';
import type { DbOrTx } from '../../platform/db/client.js';
import type { InvoicesFor } from '../invoices/index.js';
import type { PromoCodesFor } from '../promo-codes/index.js';

/**
 * The ports of the content-requests module: what it needs of other modules, each declared once
 * here and handed over by `app.ts` (ADR 013). What it offers is exported by `index.ts`; the
 * delivery part's own ports are in `delivery/ports.ts`.
 */

/** Who calls a service: the signed-in user and their role. */
export type Caller = { userId: number; role: Role };

/** A promo code's and an invoice's purchase kind for a request's platform fee. */
export const CONTENT_REQUEST_PURCHASE_KIND = 'content_request';

/** What content requests need of the promo-codes module, for request fees. */
export type PromoCodesForRequests = PromoCodesFor<typeof CONTENT_REQUEST_PURCHASE_KIND>;
/** `content`: the content fee of a line, invoiced when it is paid (issue 11 §4). */
export type InvoicesForRequests = InvoicesFor<typeof CONTENT_REQUEST_PURCHASE_KIND | 'content'>;

/** What content requests need of the users module (its index's lookups). */
export interface UsersForRequests {
  describeRequestCreators(
    db: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<
    Map<
      number,
      {
        influencerId: number;
        userId: number;
        isValidated: boolean;
        name: string;
        profileFileId: number | null;
      }
    >
  >;
  describeRequestAdvertiser(
    db: DbOrTx,
    userId: number,
  ): Promise<{ name: string; profileFileId: number | null } | undefined>;
  /** The same, for some advertisers at once (the admin queues' pages). */
  describeRequestAdvertisers(
    db: DbOrTx,
    userIds: readonly number[],
  ): Promise<Map<number, { name: string; profileFileId: number | null }>>;
  /** Empty once the legal info is complete; else every empty profile and legal field. */
  missingLegalInfo(db: DbOrTx, userId: number): Promise<FieldName[]>;
  hasCompleteFinancialInfo(db: DbOrTx, userId: number): Promise<boolean>;
}

/** What content requests need of the media module (its index). */
export interface MediaForRequests {
  findOwnedFiles(db: DbOrTx, ownerUserId: number, fileIds: number[]): Promise<Map<number, unknown>>;
  describeFiles(db: DbOrTx, fileIds: number[]): Promise<Map<number, Efile>>;
}

/**
 * What content requests (and opportunities' lines) need of the licences module (issue 27 §1):
 * creators' rates, the pricing, the freezing of term 1 and the terms of lines.
 */
export interface LicencesForRequests {
  ratesOf(q: DbOrTx, influencerIds: readonly number[]): Promise<Map<number, LicenceRates>>;
  freezeFirstTerm(
    tx: DbOrTx,
    input: {
      lineId: number;
      terms: LicenceTerms;
      basePrice: number;
      rates: LicenceRates;
      exclusivityCategoryId: number | null;
    },
  ): Promise<void>;
  /** Term 1 of each line (bought with the video: the split of the line's price). */
  firstTermsOf(
    q: DbOrTx,
    lineIds: readonly number[],
  ): Promise<
    Map<number, { term: number; terms: LicenceTerms; basePrice: number; rates: LicenceRates }>
  >;
  /** The category a licence's exclusivity covers: the advertiser's business sector, or null. */
  exclusivityCategoryOf(q: DbOrTx, advertiserUserId: number): Promise<number | null>;
}

/** What content requests need of the creator-prices module. */
export interface CreatorPricesForRequests {
  pricesFor(
    db: DbOrTx,
    influencerIds: number[],
    duration: VideoDuration,
  ): Promise<Map<number, number>>;
}
