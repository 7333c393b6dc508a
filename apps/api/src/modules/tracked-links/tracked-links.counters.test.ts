import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../test/harness.js';
import { newCreator } from '../content-requests/content-requests.test-support.js';
import {
  approvedLine,
  HOUR,
  startMetricsTest,
  stopMetricsTest,
  unique,
} from '../publication-metrics/publication-metrics.test-support.js';
import type { TestUser } from '../users/test-users.js';
import { trackedLinksRepository } from './tracked-links.repository.js';
import { trackedLinkClicks, trackedLinks } from './tracked-links.schema.js';

/**
 * Each tracked link counts its clicks as they are written or removed (migration 0031, ADR 040):
 * the performance pages add up links, not clicks.
 */
let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ({ ctx, admin } = await startMetricsTest('http://localhost:3000'));
});
afterAll(() => stopMetricsTest(ctx));

describe("a tracked link's click counters", () => {
  it('count the people and the previews written, and uncount a click removed', async () => {
    const creator = await newCreator(ctx);
    const { lineId } = await approvedLine(ctx, admin, creator, {
      instagram: `https://www.instagram.com/reel/C${unique()}/`,
    });
    const [link] = await ctx.database.db
      .insert(trackedLinks)
      .values({
        lineId,
        platform: 'instagram',
        code: `counted-${unique().toLowerCase()}`,
        targetUrl: 'https://brand.example/',
        utmSource: 'instagram',
        utmMedium: 'social',
        utmCampaign: 'counted',
        utmContent: 'line',
        utmTerm: 'creator',
      })
      .returning();
    const hour = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const click = (kind: 'person' | 'preview', visitor: string) => ({
      linkId: link!.id,
      occurredAt: hour,
      visitHour: hour,
      kind,
      visitorHash: visitor.repeat(64),
      country: null,
      referrerDomain: null,
      deviceClass: 'mobile',
    });
    await trackedLinksRepository.insertClicks(ctx.database.db, [
      click('person', 'a'),
      click('person', 'b'),
      click('preview', 'c'),
    ]);
    // The same person again within the hour is turned away by the unique index: not counted.
    await trackedLinksRepository.insertClicks(ctx.database.db, [
      click('person', 'a'),
      click('preview', 'd'),
    ]);
    const counters = async () => {
      const [row] = await ctx.database.db
        .select({ people: trackedLinks.personClicks, previews: trackedLinks.previewClicks })
        .from(trackedLinks)
        .where(eq(trackedLinks.id, link!.id));
      return row;
    };
    expect(await counters()).toEqual({ people: 2, previews: 2 });
    expect(
      (await ctx.modules.trackedLinks.service.clicksOfLines(ctx.database.db, [lineId])).get(lineId),
    ).toEqual({ people: 2, previews: 2 });

    await ctx.database.db
      .delete(trackedLinkClicks)
      .where(and(eq(trackedLinkClicks.linkId, link!.id), eq(trackedLinkClicks.kind, 'preview')));
    expect(await counters()).toEqual({ people: 2, previews: 0 });
  });
});
