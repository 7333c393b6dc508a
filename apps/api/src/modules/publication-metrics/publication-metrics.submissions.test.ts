import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AdminMetricSubmission } from '@clipmarket/contracts/publication-metrics';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import { systemActor } from '../../platform/workflow/workflow.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import {
  contentRequestInfluencers,
  contentRequestLinks,
} from '../content-requests/content-requests.schema.js';
import { callAs, newBrand, newCreator } from '../content-requests/content-requests.test-support.js';
import { metricsLinksOfRequests } from '../content-requests/index.js';
import {
  acceptApplication,
  applyTo,
  publishOpportunity,
} from '../opportunities/opportunities.test-support.js';
import { describeRequestAdvertisers, describeRequestCreators } from '../users/index.js';
import { advertisers, influencers } from '../users/users.schema.js';
import { createAdmin, createFile, type TestUser } from '../users/test-users.js';
import { metricPublications } from './publication-metrics.schema.js';
import { createSubmissions } from './publication-metrics.submissions.js';
import { approvedLine } from './publication-metrics.test-support.js';

/**
 * The team's queue of submitted figures (`GET /v2/admin/metric-submissions`, issue 24 §2): each
 * submission named by its delivery line as the rest of the admin names it (the line's public
 * reference, the request's or opportunity's title, the creator's and the advertiser's names,
 * and the request or opportunity it leads to), read in the same calls whatever the page's size;
 * admins only.
 */
let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'http://localhost:3000' });
  admin = await createAdmin(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

/** Gives the brand and the creator names of their own (the defaults are generated). */
async function rename(brand: TestUser, brandName: string, creatorUserId: number, name: string) {
  await ctx.database.db
    .update(advertisers)
    .set({ name: brandName })
    .where(eq(advertisers.userId, brand.userId));
  await ctx.database.db
    .update(influencers)
    .set({ influencerName: name })
    .where(eq(influencers.userId, creatorUserId));
}

/** The creator's figures of a link with a screenshot; answers the submission's id. */
async function submitFigures(creator: TestUser, linkId: number) {
  const screenshot = await createFile(ctx, creator.userId, {
    purpose: 'metric-screenshot',
    visibility: 'private',
  });
  const submitted = await callAs(
    ctx,
    creator.token,
    'POST',
    `/v2/publication-metrics/${linkId}/submissions`,
    {
      window: '24h',
      views: 900,
      likes: 40,
      comments: 3,
      shares: 1,
      screenshot_file_id: screenshot.fileId,
    },
  );
  expect(submitted.statusCode, submitted.body).toBe(201);
  return submitted.json().data.submission_id as number;
}

/**
 * An opportunity's delivery line, its video paid (set in the database: the review is another
 * part's) and its Instagram link approved by the team and tracked; answers the ids.
 */
async function approvedOpportunityLine(title: string) {
  const brand = await newBrand(ctx, 5_000_000);
  const opportunityId = await publishOpportunity(ctx, brand, { title, platforms: ['instagram'] });
  const creator = await newCreator(ctx);
  const lineId = await acceptApplication(
    ctx,
    brand,
    opportunityId,
    await applyTo(ctx, creator, opportunityId),
  );
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
  const path = `/v2/content-request-influencers/${lineId}/links`;
  const links = await callAs(ctx, creator.token, 'POST', path, {
    links: [{ platform: 'instagram', url: `https://www.instagram.com/p/OP${unique()}/` }],
  });
  expect(links.statusCode, links.body).toBe(200);
  const [link] = await ctx.database.db
    .select()
    .from(contentRequestLinks)
    .where(eq(contentRequestLinks.lineId, lineId));
  const approved = await callAs(
    ctx,
    admin.token,
    'POST',
    `/v2/admin/publications/links/${link!.id}`,
    {
      decision: 'approve',
    },
  );
  expect(approved.statusCode, approved.body).toBe(200);
  await waitFor(
    async () =>
      (
        await ctx.database.db
          .select()
          .from(metricPublications)
          .where(eq(metricPublications.linkId, link!.id))
      ).length === 1,
    { what: "the opportunity line's link tracked" },
  );
  return { brand, creator, opportunityId, lineId, linkId: link!.id };
}

/** The queue from `firstId` on (other test files' submissions share the database). */
async function queueFrom(token: string, firstId: number, limit = 50) {
  const after = firstId > 1 ? `&after=${firstId - 1}` : '';
  return callAs(ctx, token, 'GET', `/v2/admin/metric-submissions?limit=${limit}${after}`);
}

describe("the team's queue of submitted figures", () => {
  let requestSide: { submissionId: number; lineId: number; requestId: number; brand: TestUser };
  let opportunitySide: Awaited<ReturnType<typeof approvedOpportunityLine>> & {
    submissionId: number;
  };

  beforeAll(async () => {
    const creator = await newCreator(ctx);
    const line = await approvedLine(ctx, admin, creator, {
      tiktok: `https://www.tiktok.com/@maya/video/75${Date.now()}`,
    });
    await rename(line.brand, 'Jasmin Foods', creator.userId, 'Maya Trabelsi');
    const [row] = await ctx.database.db
      .select({ requestId: contentRequestInfluencers.contentRequestId })
      .from(contentRequestInfluencers)
      .where(eq(contentRequestInfluencers.id, line.lineId));
    requestSide = {
      submissionId: await submitFigures(creator, line.linkIdOf('tiktok')),
      lineId: line.lineId,
      requestId: row!.requestId!,
      brand: line.brand,
    };

    const opportunity = await approvedOpportunityLine('Ramadan — the iftar table');
    await rename(opportunity.brand, 'Délice Tunisie', opportunity.creator.userId, 'Sami Ben Ali');
    opportunitySide = {
      ...opportunity,
      submissionId: await submitFigures(opportunity.creator, opportunity.linkId),
    };
  }, 60_000);

  it("names each submission by its line: reference, title, creator's and advertiser's names", async () => {
    const answer = await queueFrom(admin.token, requestSide.submissionId);
    expect(answer.statusCode, answer.body).toBe(200);
    const byId = new Map(
      (answer.json().data as AdminMetricSubmission[]).map((s) => [s.submission_id, s]),
    );
    const lineNumber = async (lineId: number) =>
      (
        await ctx.database.db
          .select({ lineNumber: contentRequestInfluencers.lineNumber })
          .from(contentRequestInfluencers)
          .where(eq(contentRequestInfluencers.id, lineId))
      )[0]!.lineNumber;

    expect(byId.get(requestSide.submissionId)).toMatchObject({
      content_request_influencer_id: requestSide.lineId,
      reference: `CR-${String(requestSide.requestId).padStart(6, '0')}-${await lineNumber(requestSide.lineId)}`,
      title: 'Summer launch',
      creator_name: 'Maya Trabelsi',
      advertiser_name: 'Jasmin Foods',
      content_request_id: requestSide.requestId,
      content_opportunity_id: null,
      platform: 'tiktok',
      state: 'submitted',
    });
    expect(byId.get(opportunitySide.submissionId)).toMatchObject({
      content_request_influencer_id: opportunitySide.lineId,
      reference: `OP-${String(opportunitySide.opportunityId).padStart(6, '0')}-${await lineNumber(opportunitySide.lineId)}`,
      title: 'Ramadan — the iftar table',
      creator_name: 'Sami Ben Ali',
      advertiser_name: 'Délice Tunisie',
      content_request_id: null,
      content_opportunity_id: opportunitySide.opportunityId,
      platform: 'instagram',
    });
  });

  it('reads the names in the same calls whatever the number of submissions on the page', async () => {
    const calls: string[] = [];
    const counted = <T extends object>(name: string, reads: T): T =>
      Object.fromEntries(
        Object.entries(reads).map(([key, read]) => [
          key,
          (...args: unknown[]) => {
            calls.push(`${name}.${key}`);
            return (read as (...a: unknown[]) => unknown)(...args);
          },
        ]),
      ) as T;
    const submissions = createSubmissions({
      db: ctx.database.db,
      accounts: ctx.modules.publicationMetrics.accounts,
      links: counted('links', {
        ...metricsLinksOfRequests,
        lineParties: async () => undefined,
      }),
      media: { findOwnedFiles: async () => new Map() },
      users: counted('users', { describeRequestCreators, describeRequestAdvertisers }),
      events: ctx.events,
      now: () => new Date(),
    });
    // From the first submission of this file on (`after` is positive when given).
    const after = requestSide.submissionId > 1 ? requestSide.submissionId - 1 : undefined;
    const readPage = async (limit: number) => {
      calls.length = 0;
      const page = await submissions.list({ state: 'submitted', after, limit });
      return { size: page.data.length, calls: [...calls] };
    };
    const one = await readPage(1);
    const two = await readPage(2);
    expect(one.size).toBe(1);
    expect(two.size).toBe(2);
    expect(two.calls).toEqual(one.calls);
    expect(one.calls).toEqual([
      'links.describeLines',
      'users.describeRequestCreators',
      'users.describeRequestAdvertisers',
    ]);
  });

  it('is for admins only: 401 without a token, 403 for the creator and the advertiser', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v2/admin/metric-submissions' });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await queueFrom(opportunitySide.creator.token, requestSide.submissionId)).statusCode,
    ).toBe(403);
    expect((await queueFrom(requestSide.brand.token, requestSide.submissionId)).statusCode).toBe(
      403,
    );
    // Nor may they decide: the submission stays waiting.
    const decided = await callAs(
      ctx,
      opportunitySide.creator.token,
      'POST',
      `/v2/admin/metric-submissions/${opportunitySide.submissionId}`,
      { decision: 'approve' },
    );
    expect(decided.statusCode).toBe(403);
    const still = (await queueFrom(admin.token, requestSide.submissionId)).json()
      .data as AdminMetricSubmission[];
    expect(still.find((s) => s.submission_id === opportunitySide.submissionId)?.state).toBe(
      'submitted',
    );
  });
});
