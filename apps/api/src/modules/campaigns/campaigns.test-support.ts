import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CampaignBody, CampaignDetail } from '@clipmarket/contracts/campaigns';
import type {
  MetricPlatform,
  MetricSource,
  MetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import { systemActor } from '../../platform/workflow/workflow.js';
import type { TestContext } from '../../test/harness.js';
import {
  contentRequestInfluencers,
  contentRequestLinks,
} from '../content-requests/content-requests.schema.js';
import {
  callAs,
  takeTransition,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import {
  approveBody,
  reviewed,
  submitVersion,
} from '../content-requests/delivery/review.test-support.js';
import { inDays } from '../opportunities/opportunities.test-support.js';
import { metricSnapshots } from '../publication-metrics/publication-metrics.schema.js';
import { trackedLinkClicks, trackedLinks } from '../tracked-links/tracked-links.schema.js';
import type { TestUser } from '../users/test-users.js';

/**
 * Test helpers for campaigns and what is read of them (performance, shared reports, the weekly
 * summary, publication metrics): a campaign through the route, its items, a line delivered and
 * its links published and approved by the team, and the figures and clicks the jobs and the
 * redirect would have written.
 */

const HOUR = 3_600_000;

/** A valid campaign running from yesterday for a month; `overrides` replace the defaults. */
export const campaignBody = (overrides: Partial<CampaignBody> = {}): CampaignBody => ({
  name: 'Ramadan 2027',
  goal: 'brand-awareness',
  visibility: 'private',
  starts_on: inDays(-1),
  ends_on: inDays(30),
  budget: 2_000_000,
  target_url: 'https://jasmin.tn/ramadan',
  ...overrides,
});

/** `user`'s campaign created through the route (`campaignBody` with `overrides`). */
export async function createCampaign(
  ctx: TestContext,
  user: TestUser,
  overrides: Partial<CampaignBody> = {},
) {
  const created = await callAs(ctx, user.token, 'POST', '/v2/campaigns', campaignBody(overrides));
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data as CampaignDetail;
}

/** Attaches a request or an opportunity to a campaign; answers the route's answer. */
export function attach(
  ctx: TestContext,
  user: TestUser,
  campaignId: number,
  kind: 'content-request' | 'opportunity',
  id: number,
) {
  return callAs(ctx, user.token, 'POST', `/v2/campaigns/${campaignId}/items`, { kind, id });
}

/** Attaches a content request to a campaign; expects it to succeed. */
export async function attachRequest(
  ctx: TestContext,
  user: TestUser,
  campaignId: number,
  requestId: number,
) {
  const attached = await attach(ctx, user, campaignId, 'content-request', requestId);
  expect(attached.statusCode, attached.body).toBe(200);
}

/**
 * The creator accepts the line, delivers a video and the brand approves it through the review:
 * the content fee paid from the brand's wallet, as a real delivery pays it.
 */
export async function reviewedLine(
  ctx: TestContext,
  brand: TestUser,
  creator: TestCreator,
  lineId: number,
) {
  await takeTransition(ctx, creator.token, lineId, 'accept');
  await submitVersion(ctx, creator, lineId, 1);
  await reviewed(ctx, brand.token, lineId, approveBody);
}

/**
 * A line approved and paid without a video, for tests of what follows: the review is another
 * part's, so the line is approved in the database, then paid by the engine (publication.test.ts).
 */
export async function markLinePaid(ctx: TestContext, lineId: number) {
  await ctx.database.db
    .update(contentRequestInfluencers)
    .set({ state: 'approved', version: sql`${contentRequestInfluencers.version} + 1` })
    .where(eq(contentRequestInfluencers.id, lineId));
  await ctx.workflow.apply(ctx.database.db, {
    process: contentRequestLineProcess,
    subjectId: lineId,
    transition: 'mark_paid',
    actor: systemActor,
  });
}

/** The creator accepts the request's line, then it is paid without a video (`markLinePaid`). */
export async function paidLine(ctx: TestContext, creator: TestCreator, lineId: number) {
  await takeTransition(ctx, creator.token, lineId, 'accept');
  await markLinePaid(ctx, lineId);
}

/**
 * A post's address of the line on a platform, unique to the line. The TikTok id starts with 8:
 * with a 7, line 10 would read as the tests' company phone (71000000) in a shared report.
 */
export const postUrl = (platform: MetricPlatform, lineId: number) =>
  platform === 'instagram'
    ? `https://www.instagram.com/p/line${lineId}/`
    : `https://www.tiktok.com/@creator/video/8${lineId}000000000000`;

/** The line's links, oldest first. */
export function linksOf(ctx: TestContext, lineId: number) {
  return ctx.database.db
    .select()
    .from(contentRequestLinks)
    .where(eq(contentRequestLinks.lineId, lineId))
    .orderBy(asc(contentRequestLinks.id));
}

/**
 * The creator submits the paid line's publication links: `links` by platform, or a list of
 * platforms for `postUrl`'s addresses. Answers the links, oldest first.
 */
export async function submitLinks(
  ctx: TestContext,
  creator: TestUser,
  lineId: number,
  links: Partial<Record<MetricPlatform, string>> | readonly MetricPlatform[],
) {
  const urls: [string, string][] = Array.isArray(links)
    ? links.map((platform: MetricPlatform) => [platform, postUrl(platform, lineId)])
    : Object.entries(links);
  const submitted = await callAs(
    ctx,
    creator.token,
    'POST',
    `/v2/content-request-influencers/${lineId}/links`,
    { links: urls.map(([platform, url]) => ({ platform, url })) },
  );
  expect(submitted.statusCode, submitted.body).toBe(200);
  return linksOf(ctx, lineId);
}

/** The team (`admin`) approves each of the line's links; answers them approved, oldest first. */
export async function approveLinks(ctx: TestContext, admin: TestUser, lineId: number) {
  for (const link of await linksOf(ctx, lineId)) {
    const approved = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/publications/links/${link.id}`,
      { decision: 'approve' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
  }
  return linksOf(ctx, lineId);
}

/** The paid line's links submitted by its creator and approved by the team (`submitLinks`). */
export async function publishLinks(
  ctx: TestContext,
  admin: TestUser,
  creator: TestUser,
  lineId: number,
  links: Parameters<typeof submitLinks>[3],
) {
  await submitLinks(ctx, creator, lineId, links);
  return approveLinks(ctx, admin, lineId);
}

/** A publication's figures of one window, for `insertSnapshots`. */
export type SnapshotSeed = Partial<
  Record<'views' | 'reach' | 'likes' | 'comments' | 'shares' | 'saves', number>
> & {
  lineId: number;
  linkId: number;
  platform: MetricPlatform;
  window: MetricWindow;
  readAt: Date;
  /** The platform's API unless told. */
  source?: MetricSource;
  postDeleted?: boolean;
};

/** Figures as the metrics jobs (or the team's check of a submission) would write them. */
export async function insertSnapshots(ctx: TestContext, ...snapshots: SnapshotSeed[]) {
  await ctx.database.db.insert(metricSnapshots).values(
    snapshots.map((snapshot) => ({
      ...snapshot,
      source:
        snapshot.source ?? (snapshot.platform === 'instagram' ? 'instagram_api' : 'tiktok_api'),
    })),
  );
}

let visitors = 0;

/** `people` distinct visitors and `previews` link previews this hour on the line's short link. */
export async function recordClicks(ctx: TestContext, lineId: number, people: number, previews = 0) {
  visitors += 1;
  const [link] = await ctx.database.db
    .insert(trackedLinks)
    .values({
      lineId,
      platform: 'instagram',
      code: `clicks-${lineId}-${Date.now()}-${visitors}`,
      targetUrl: 'https://jasmin.tn',
      utmSource: 'instagram',
      utmMedium: 'creator',
      utmCampaign: 'ramadan',
      utmContent: 'video',
      utmTerm: 'x',
    })
    .returning();
  const visit = (kind: 'person' | 'preview') => {
    visitors += 1;
    return {
      linkId: link!.id,
      visitHour: new Date(Math.floor(Date.now() / HOUR) * HOUR),
      kind,
      visitorHash: createHash('sha256').update(`visitor-${lineId}-${visitors}`).digest('hex'),
      deviceClass: 'mobile',
    };
  };
  await ctx.database.db
    .insert(trackedLinkClicks)
    .values([
      ...Array.from({ length: people }, () => visit('person')),
      ...Array.from({ length: previews }, () => visit('preview')),
    ]);
}
