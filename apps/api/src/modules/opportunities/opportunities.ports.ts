import type { Role } from '@clipmarket/contracts/enums';
import type { FieldName } from '@clipmarket/contracts/validation-messages';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { OpportunityLines } from '../content-requests/index.js';
import type { CreatorReach } from '../discovery/index.js';
import type { InvoicesFor } from '../invoices/index.js';
import type { PromoCodesFor } from '../promo-codes/index.js';
import type { TwinklingFlag } from '../users/index.js';

// What the opportunities module needs of others, declared once; app.ts passes the other
// modules' index functions.

export type Caller = { userId: number; role: Role };

/** The media module: the files a user sends must be theirs, of the kind each field takes. */
export interface MediaForOpportunities {
  findOwnedFiles(
    db: DbOrTx,
    ownerUserId: number,
    fileIds: number[],
  ): Promise<Map<number, { mime_type: string }>>;
}

/** A promo code's and an invoice's purchase kind for an opportunity's platform fee. */
export const OPPORTUNITY_PURCHASE_KIND = 'opportunity';
export type PromoCodesForOpportunities = PromoCodesFor<typeof OPPORTUNITY_PURCHASE_KIND>;
export type InvoicesForOpportunities = InvoicesFor<typeof OPPORTUNITY_PURCHASE_KIND>;

/**
 * The users module: invited creators must exist and be validated; advertisers' legal info; the
 * role of the advertiser a card payment approves for (the `accept` step's actor).
 */
export interface UsersForOpportunities {
  describeRequestCreators(
    db: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, { isValidated: boolean }>>;
  /** Empty once the legal info is complete; else every empty profile and legal field. */
  missingLegalInfo(db: DbOrTx, userId: number): Promise<FieldName[]>;
  roleOfUser(db: DbOrTx, userId: number): Promise<Role | undefined>;
}

/** The users and discovery modules: the creators behind applications, the advertiser's name. */
export interface CreatorsForOpportunities {
  influencerIdOfUser(db: DbOrTx, userId: number): Promise<number | undefined>;
  describeRequestCreators(
    db: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<
    Map<
      number,
      { isValidated: boolean; name: string; profileFileId: number | null; userId: number }
    >
  >;
  describeRequestAdvertisers(
    db: DbOrTx,
    userIds: readonly number[],
  ): Promise<Map<number, { name: string; profileFileId: number | null }>>;
  hasCompleteFinancialInfo(db: DbOrTx, userId: number): Promise<boolean>;
  describeCreatorReach(
    db: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, CreatorReach>>;
  /** `describeCreatorReach` of every creator as one relation, for a statement on all of them. */
  creatorReachRelation(): SQL;
  /** A menu highlight on for the creators a query of influencer ids answers, in one statement. */
  lightTwinklingFlagOfCreators(db: DbOrTx, flag: TwinklingFlag, influencerIds: SQL): Promise<void>;
}

/** The content-requests module's lines of opportunities (ADR 035). */
export type LinesForOpportunities = OpportunityLines;
