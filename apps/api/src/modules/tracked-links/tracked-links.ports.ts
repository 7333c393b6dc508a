import type { platforms } from '@clipmarket/contracts/enums';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import type { DbOrTx } from '../../platform/db/client.js';

// What the tracked-links module needs of others, declared once; app.ts passes the other
// modules' index functions.

type Platform = (typeof platforms)[number];

/** A delivery line as the toolbox reads it (content-requests' description and state). */
export interface ToolboxLineFacts {
  lineId: number;
  state: ContentRequestLineState;
  source: { kind: 'content-request' | 'opportunity'; id: number; reference: string };
  /** The request's (or opportunity's) public reference, `CR-000010` or `OP-000010`. */
  sourceReference: string;
  title: string;
  platforms: Platform[];
  advertiserUserId: number;
  influencerUserId: number;
}

/** The content-requests module: a creator's delivery lines and one line. */
export interface LinesForLinks {
  /** The creator's lines in `states`, newest first, at most `limit`. */
  linesOfCreator(
    q: DbOrTx,
    influencerUserId: number,
    states: readonly ContentRequestLineState[],
    limit: number,
  ): Promise<ToolboxLineFacts[]>;
  describeLine(q: DbOrTx, lineId: number): Promise<ToolboxLineFacts | undefined>;
}

/** The users module: the brand's name and website, the creator's handle. */
export interface UsersForLinks {
  describeLinkParties(
    q: DbOrTx,
    parties: { advertiserUserIds: readonly number[]; creatorUserIds: readonly number[] },
  ): Promise<{
    advertisers: Map<number, { name: string; websiteUrl: string | null }>;
    creators: Map<number, { handle: string }>;
  }>;
}

/** The campaigns module: the campaign a request or an opportunity is in, with its page. */
export interface CampaignsForLinks {
  campaignOfSource(
    q: DbOrTx,
    source: { kind: 'content-request' | 'opportunity'; id: number },
  ): Promise<{ name: string; targetUrl: string | null } | null>;
}
