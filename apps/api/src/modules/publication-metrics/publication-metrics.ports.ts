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

/** The content-requests module: a line's approved links, and one approved link. */
export interface LinksForMetrics {
  approvedLinksOfLine(q: DbOrTx, lineId: number): Promise<ApprovedLinkFacts[]>;
  approvedLink(q: DbOrTx, linkId: number): Promise<ApprovedLinkFacts | undefined>;
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
