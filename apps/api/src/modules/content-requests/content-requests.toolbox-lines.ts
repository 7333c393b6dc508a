import { contentRequestReference } from '@clipmarket/contracts/content-requests';
import { opportunityReference } from '@clipmarket/contracts/opportunities';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import type { DbOrTx } from '../../platform/db/client.js';
import { deliveryLines } from './content-requests.delivery-lines.js';
import {
  contentRequestsRepository as repository,
  type LineRow,
} from './content-requests.repository.js';

/** A delivery line as the creator's toolbox reads it (tracked links, issue 24 §5). */
export interface ToolboxLine {
  lineId: number;
  state: ContentRequestLineState;
  source: { kind: 'content-request' | 'opportunity'; id: number; reference: string };
  /** The request's or opportunity's public reference, `CR-000010` or `OP-000010`. */
  sourceReference: string;
  title: string;
  platforms: Array<'instagram' | 'tiktok'>;
  advertiserUserId: number;
  influencerUserId: number;
}

async function describeLines(q: DbOrTx, rows: LineRow[]): Promise<ToolboxLine[]> {
  if (rows.length === 0) return [];
  const descriptions = await deliveryLines.describeMany(
    q,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const description = descriptions.get(row.id);
    if (!description) return [];
    const { source } = description;
    return [
      {
        lineId: row.id,
        state: row.state,
        source,
        sourceReference:
          source.kind === 'content-request'
            ? contentRequestReference(source.id)
            : opportunityReference(source.id),
        title: description.title,
        platforms: description.platforms,
        advertiserUserId: row.advertiserUserId,
        influencerUserId: row.influencerUserId,
      },
    ];
  });
}

/** Tracked links' `LinesForLinks`: a creator's lines of every source, and one line. */
export const toolboxLines = {
  async linesOfCreator(
    q: DbOrTx,
    influencerUserId: number,
    states: readonly ContentRequestLineState[],
    limit: number,
  ): Promise<ToolboxLine[]> {
    const query = { states, limit };
    const [ofRequests, ofOpportunities] = [
      await repository.linesOfCreator(q, influencerUserId, { ...query, source: 'content-request' }),
      await repository.linesOfCreator(q, influencerUserId, { ...query, source: 'opportunity' }),
    ];
    const newestFirst = [...ofRequests, ...ofOpportunities]
      .sort((a, b) => b.id - a.id)
      .slice(0, limit);
    return describeLines(q, newestFirst);
  },

  async describeLine(q: DbOrTx, lineId: number): Promise<ToolboxLine | undefined> {
    const row = await repository.findLine(q, lineId);
    return row ? (await describeLines(q, [row]))[0] : undefined;
  },
};
