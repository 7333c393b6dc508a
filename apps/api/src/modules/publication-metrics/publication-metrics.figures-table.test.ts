import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../test/harness.js';
import { newCreator } from '../content-requests/content-requests.test-support.js';
import { createFile, type TestUser } from '../users/test-users.js';
import { figuresSummariesOfLines } from './publication-metrics.reads.js';
import {
  metricLinkFigures,
  metricSnapshots,
  metricSubmissions,
} from './publication-metrics.schema.js';
import {
  approvedLine,
  HOUR,
  startMetricsTest,
  stopMetricsTest,
  unique,
} from './publication-metrics.test-support.js';

/**
 * The performance pages' stored sums (migration 0031, ADR 040): `metric_link_figures` follows
 * every write of a link's reads — whoever writes them, one row or many.
 */
let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ({ ctx, admin } = await startMetricsTest('http://localhost:3000'));
});
afterAll(() => stopMetricsTest(ctx));

const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const figures = (views: number) => ({
  views,
  likes: views / 10,
  comments: views / 100,
  shares: views / 100,
});

async function instagramLine() {
  const creator = await newCreator(ctx);
  const line = await approvedLine(ctx, admin, creator, {
    instagram: `https://www.instagram.com/reel/F${unique()}/`,
  });
  return { creator, lineId: line.lineId, linkId: line.linkIdOf('instagram') };
}

const summaryOf = async (lineId: number) =>
  (await figuresSummariesOfLines(ctx.database.db, [lineId])).get(lineId) ?? [];

describe("a publication's stored figures", () => {
  it('follow its reads as they are written, replaced, deleted and waited for', async () => {
    const { creator, lineId, linkId } = await instagramLine();
    const db = ctx.database.db;
    const read = {
      linkId,
      lineId,
      platform: 'instagram' as const,
      source: 'instagram_api' as const,
    };
    expect(await summaryOf(lineId)).toEqual([]);

    // The daily read, then the 7-day window's read after it: the newest is the current one.
    await db
      .insert(metricSnapshots)
      .values({ ...read, window: 'latest', readAt: ago(30), ...figures(1000) });
    await db
      .insert(metricSnapshots)
      .values({ ...read, window: '7d', readAt: ago(20), ...figures(1500) });
    let [summary] = await summaryOf(lineId);
    expect(summary).toMatchObject({
      linkId,
      current: { source: 'instagram_api', checked: null, views: 1500, likes: 150 },
      windows: { '24h': null, '72h': null, '7d': { views: 1500, engagements: 180 }, '30d': null },
    });

    // A newer daily read replaces the older one (an update).
    await db
      .update(metricSnapshots)
      .set({ readAt: ago(2), ...figures(2500) })
      .where(and(eq(metricSnapshots.linkId, linkId), eq(metricSnapshots.window, 'latest')));
    [summary] = await summaryOf(lineId);
    expect(summary!.current).toMatchObject({ views: 2500 });

    // The post deleted since: the last figures read before stand, windows unchanged.
    await db
      .update(metricSnapshots)
      .set({
        readAt: ago(1),
        views: null,
        likes: null,
        comments: null,
        shares: null,
        postDeleted: true,
      })
      .where(and(eq(metricSnapshots.linkId, linkId), eq(metricSnapshots.window, 'latest')));
    [summary] = await summaryOf(lineId);
    expect(summary!.current).toMatchObject({ views: 1500 });
    expect(summary!.windows['7d']).toEqual({ views: 1500, engagements: 180 });

    // The creator's figures for 72 h wait for the team: newest, unchecked; declined, gone.
    const screenshot = await createFile(ctx, creator.userId, {
      purpose: 'metric_screenshot',
      visibility: 'private',
    });
    const [waiting] = await db
      .insert(metricSubmissions)
      .values({
        linkId,
        lineId,
        creatorUserId: creator.userId,
        platform: 'instagram',
        url: 'https://www.instagram.com/p/waiting/',
        window: '72h',
        ...figures(1200),
        screenshotFileId: screenshot.fileId,
      })
      .returning();
    [summary] = await summaryOf(lineId);
    expect(summary).toMatchObject({
      current: { source: 'creator', checked: false, views: 1200 },
      windows: { '72h': { views: 1200, engagements: 144 } },
    });
    await db
      .update(metricSubmissions)
      .set({ state: 'declined', reason: 'The screenshot shows another post.' })
      .where(eq(metricSubmissions.id, waiting!.id));
    [summary] = await summaryOf(lineId);
    expect(summary).toMatchObject({ current: { views: 1500 }, windows: { '72h': null } });

    // No read left: no row.
    await db.delete(metricSnapshots).where(eq(metricSnapshots.linkId, linkId));
    expect(await summaryOf(lineId)).toEqual([]);
    expect(
      await db.select().from(metricLinkFigures).where(eq(metricLinkFigures.linkId, linkId)),
    ).toEqual([]);
  });

  it('are written for many links by one statement', async () => {
    const lines = [await instagramLine(), await instagramLine(), await instagramLine()];
    await ctx.database.db.insert(metricSnapshots).values(
      lines.map(({ linkId, lineId }, index) => ({
        linkId,
        lineId,
        platform: 'instagram' as const,
        source: 'instagram_api' as const,
        window: '24h' as const,
        readAt: ago(3),
        ...figures(100 * (index + 1)),
      })),
    );
    const summaries = await figuresSummariesOfLines(
      ctx.database.db,
      lines.map(({ lineId }) => lineId),
    );
    expect(lines.map(({ lineId }) => summaries.get(lineId)?.[0]?.windows['24h']?.views)).toEqual([
      100, 200, 300,
    ]);
  });
});
