import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../test/harness.js';
import { newCreator } from '../content-requests/content-requests.test-support.js';
import { createFile, type TestUser } from '../users/test-users.js';
import { figuresOfLineGroups } from './publication-metrics.reads.js';
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

/** Hours before one instant of the file, so that two reads are exactly hours apart. */
const now = Date.now();
const ago = (hours: number) => new Date(now - hours * HOUR);
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

/** The stored rows of a line's links, as current read and windows. */
async function summaryOf(lineId: number) {
  const rows = await ctx.database.db
    .select()
    .from(metricLinkFigures)
    .where(eq(metricLinkFigures.lineId, lineId));
  const windowOf = (read: boolean, views: number | null, engagements: number | null) =>
    read ? { views, engagements } : null;
  return rows.map((row) => ({
    linkId: row.linkId,
    current: {
      source: row.source,
      readAt: row.readAt,
      checked: row.checked,
      views: row.views,
      likes: row.likes,
    },
    windows: {
      '24h': windowOf(row.read24h, row.views24h, row.engagements24h),
      '72h': windowOf(row.read72h, row.views72h, row.engagements72h),
      '7d': windowOf(row.read7d, row.views7d, row.engagements7d),
      '30d': windowOf(row.read30d, row.views30d, row.engagements30d),
    },
  }));
}

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

  it('are written for many links by one statement, and summed up per group of lines', async () => {
    const lines = [await instagramLine(), await instagramLine(), await instagramLine()];
    await ctx.database.db.insert(metricSnapshots).values(
      lines.map(({ linkId, lineId }, index) => ({
        linkId,
        lineId,
        platform: 'instagram' as const,
        source: index === 2 ? ('creator' as const) : ('instagram_api' as const),
        window: '24h' as const,
        readAt: ago(3 + index),
        ...figures(100 * (index + 1)),
      })),
    );
    // Lines 1 and 2 in one group, line 3 in another; a group of a line never read is absent.
    const unread = await instagramLine();
    const sums = await figuresOfLineGroups(
      ctx.database.db,
      [...lines.map(({ lineId }) => lineId), unread.lineId],
      [7, 7, 9, 11],
    );
    expect([...sums.keys()].sort()).toEqual([7, 9]);
    expect(sums.get(7)).toEqual({
      linesRead: 2,
      linesUnchecked: 0,
      sources: ['instagram_api'],
      newestReadAt: expect.any(Date),
      oldestReadAt: expect.any(Date),
      views: 300,
      reach: null,
      likes: 30,
      comments: 3,
      shares: 3,
      saves: null,
      engagements: 36,
      windows: {
        '24h': { lines: 2, views: 300, engagements: 36 },
        '72h': { lines: 0, views: null, engagements: null },
        '7d': { lines: 0, views: null, engagements: null },
        '30d': { lines: 0, views: null, engagements: null },
      },
    });
    expect(sums.get(7)!.newestReadAt.getTime() - sums.get(7)!.oldestReadAt.getTime()).toBe(HOUR);
    expect(sums.get(9)).toMatchObject({ linesRead: 1, sources: ['creator'], views: 300 });
  });
});
