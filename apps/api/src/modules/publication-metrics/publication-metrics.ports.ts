import type { DbOrTx } from '../../platform/db/client.js';

// What publication metrics need of other modules, declared once; app.ts hands in their
// index functions.

/** An approved publication link (content-requests). */
export interface ApprovedLinkFacts {
  linkId: number;
  lineId: number;
  platform: 'instagram' | 'tiktok';
  url: string;
  approvedAt: Date;
  influencerUserId: number;
}

/** A delivery line as the team's queue names it (content-requests). */
export interface LineNaming {
  /** The request (or opportunity) the line belongs to. */
  source: { kind: 'content-request' | 'opportunity'; id: number };
  /** The line's public reference, `CR-000010-1` (an opportunity's: `OP-000010-1`). */
  reference: string;
  title: string;
  advertiserUserId: number;
  influencerId: number;
}

/**
 * The content-requests module: a line's approved links, one approved link, and several lines
 * described at once (in a fixed number of queries).
 */
export interface LinksForMetrics {
  approvedLinksOfLine(q: DbOrTx, lineId: number): Promise<ApprovedLinkFacts[]>;
  approvedLink(q: DbOrTx, linkId: number): Promise<ApprovedLinkFacts | undefined>;
  describeLines(q: DbOrTx, lineIds: readonly number[]): Promise<Map<number, LineNaming>>;
  /** Who a line is between (its figures are theirs to see); undefined when no such line. */
  lineParties(
    q: DbOrTx,
    lineId: number,
  ): Promise<{ advertiserUserId: number; influencerUserId: number } | undefined>;
}

/** The media module: files of a user, by id (others' and unknown ids absent). */
export interface MediaForMetrics {
  findOwnedFiles(
    q: DbOrTx,
    ownerUserId: number,
    fileIds: number[],
  ): Promise<Map<number, { mime_type: string }>>;
}

/** The users module: creators by influencer id and advertisers by user id, named, in one query each. */
export interface UsersForMetrics {
  describeRequestCreators(
    q: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, { name: string }>>;
  describeRequestAdvertisers(
    q: DbOrTx,
    userIds: readonly number[],
  ): Promise<Map<number, { name: string }>>;
}
