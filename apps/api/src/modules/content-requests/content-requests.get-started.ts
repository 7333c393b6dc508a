import {
  acceptedOrLaterLineStates,
  awaitingVideoLineStates,
  videoSubmittedLineStates,
} from '@clipmarket/contracts/get-started';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { contentRequestInfluencers as lines } from './content-requests.schema.js';

/** How far a creator's delivery lines have gone, for Get started's steps (issue 25 §4). */
export interface CreatorLinesProgress {
  /** A request accepted or an application approved: some line accepted or further on. */
  hasAcceptedLine: boolean;
  /** Some line has had a video submitted. */
  hasSubmittedVideo: boolean;
  /** The oldest line waiting for the creator's video, if any. */
  lineAwaitingVideo: { lineId: number; source: 'content-request' | 'opportunity' } | null;
}

const inStates = (states: readonly string[]) =>
  sql`${lines.state} in (${sql.join(
    states.map((state) => sql`${state}`),
    sql`, `,
  )})`;

/** Get started's read of a creator's lines: one query, whatever their number. */
export const getStartedReadsOfRequests = {
  async progressOfCreator(q: DbOrTx, influencerUserId: number): Promise<CreatorLinesProgress> {
    const [row] = await q
      .select({
        hasAcceptedLine: sql<boolean>`coalesce(bool_or(${inStates(acceptedOrLaterLineStates)}), false)`,
        hasSubmittedVideo: sql<boolean>`coalesce(bool_or(${inStates(videoSubmittedLineStates)}), false)`,
        awaitingLineId: sql<
          number | null
        >`min(${lines.id}) filter (where ${inStates(awaitingVideoLineStates)})`.mapWith(
          (value: unknown) => (value === null ? null : Number(value)),
        ),
        // That line's source: a content request's line has its request id, an opportunity's none.
        awaitingIsRequest: sql<boolean | null>`(array_agg(${lines.contentRequestId} is not null
          order by ${lines.id}) filter (where ${inStates(awaitingVideoLineStates)}))[1]`,
      })
      .from(lines)
      .where(eq(lines.influencerUserId, influencerUserId));
    const lineId = row?.awaitingLineId ?? null;
    return {
      hasAcceptedLine: row?.hasAcceptedLine === true,
      hasSubmittedVideo: row?.hasSubmittedVideo === true,
      lineAwaitingVideo:
        lineId === null
          ? null
          : { lineId, source: row?.awaitingIsRequest ? 'content-request' : 'opportunity' },
    };
  },
};
