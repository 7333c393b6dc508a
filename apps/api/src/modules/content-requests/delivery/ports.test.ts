import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../../platform/db/client.js';
import { deliveryLinesOf, type DeliveryLineDescription, type DeliveryLines } from './ports.js';

const db = {} as DbOrTx;

const lineOf = (lineId: number, kind: 'content-request' | 'opportunity') =>
  ({
    lineId,
    source: { kind, id: lineId * 10, reference: `${kind}-${lineId}` },
    title: `${kind} ${lineId}`,
  }) as DeliveryLineDescription;

/** A source that knows `lineIds` and records what it was asked. */
function sourceOf(kind: 'content-request' | 'opportunity', lineIds: number[]) {
  const asked: number[][] = [];
  const lines: DeliveryLines = {
    async describe(_db, lineId) {
      asked.push([lineId]);
      return lineIds.includes(lineId) ? lineOf(lineId, kind) : undefined;
    },
    async describeMany(_db, ids) {
      asked.push([...ids]);
      return new Map(ids.filter((id) => lineIds.includes(id)).map((id) => [id, lineOf(id, kind)]));
    },
  };
  return { lines, asked };
}

describe('delivery lines by source kind', () => {
  it('describes a line by the source it came from', async () => {
    const requests = sourceOf('content-request', [1, 2]);
    const opportunities = sourceOf('opportunity', [3]);
    const lines = deliveryLinesOf({
      'content-request': requests.lines,
      opportunity: opportunities.lines,
    });
    expect((await lines.describe(db, 2)).source).toEqual({
      kind: 'content-request',
      id: 20,
      reference: 'content-request-2',
    });
    expect((await lines.describe(db, 3)).source.kind).toBe('opportunity');
    await expect(lines.describe(db, 4)).rejects.toThrow('No source describes delivery line 4');
  });

  it('describes many lines at once, asking each source only for the lines still missing', async () => {
    const requests = sourceOf('content-request', [1, 2]);
    const opportunities = sourceOf('opportunity', [3]);
    const lines = deliveryLinesOf({
      'content-request': requests.lines,
      opportunity: opportunities.lines,
    });
    const described = await lines.describeMany(db, [3, 1, 2, 1]);
    expect([...described.keys()].sort()).toEqual([1, 2, 3]);
    expect(described.get(3)!.title).toBe('opportunity 3');
    expect(requests.asked).toEqual([[3, 1, 2]]);
    expect(opportunities.asked).toEqual([[3]]);
    expect((await lines.describeMany(db, [])).size).toBe(0);
    await expect(lines.describeMany(db, [1, 9])).rejects.toThrow(
      'No source describes delivery lines 9',
    );
  });
});
