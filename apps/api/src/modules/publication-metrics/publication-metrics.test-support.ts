import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import { systemActor } from '../../platform/workflow/workflow.js';
import type { TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import {
  contentRequestInfluencers,
  contentRequestLinks,
} from '../content-requests/content-requests.schema.js';
import {
  callAs,
  newBrand,
  sendRequest,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import type { TestUser } from '../users/test-users.js';
import { metricPublications } from './publication-metrics.schema.js';

/** The sandbox's consent page of each platform (under PUBLIC_URL). */
export const authorizePaths = {
  instagram: '/sandbox/social/instagram/oauth/authorize',
  tiktok: '/sandbox/social/tiktok/v2/auth/authorize/',
} as const;

/**
 * Opens an authorize URL (the platform's consent page in the sandbox) and answers "Allow" as
 * `username` (or "Cancel"): answers where the sandbox sends the browser back.
 */
export async function consent(
  ctx: TestContext,
  authorizeUrl: string,
  options: { username?: string; decision?: 'allow' | 'deny' } = {},
): Promise<URL> {
  const url = new URL(authorizeUrl);
  const pageAnswer = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (pageAnswer.statusCode !== 200)
    throw new Error(`consent page answered ${pageAnswer.statusCode}`);
  const form = new URLSearchParams();
  for (const [, name, value] of pageAnswer.body.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    form.set(
      name!,
      value!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'"),
    );
  }
  form.set('username', options.username ?? 'sandbox_creator');
  form.set('decision', options.decision ?? 'allow');
  const answer = await ctx.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  if (answer.statusCode !== 303)
    throw new Error(`consent answered ${answer.statusCode}: ${answer.body}`);
  return new URL(String(answer.headers.location));
}

/** Sets the clock of the metrics and of the sandboxes; answers a function to move it. */
export function controlClock(ctx: TestContext, start: Date) {
  let current = start.getTime();
  ctx.modules.publicationMetrics.clock.now = () => new Date(current);
  return {
    set: (at: Date) => {
      current = at.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
    now: () => new Date(current),
    restore: () => {
      ctx.modules.publicationMetrics.clock.now = () => new Date();
    },
  };
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * A creator's paid line on the links' platforms, its links submitted and approved by `admin`,
 * and tracked by publication metrics (the approval's event handled).
 */
export async function approvedLine(
  ctx: TestContext,
  admin: TestUser,
  creator: TestCreator,
  links: Record<string, string>,
) {
  const brand = await newBrand(ctx, 5_000_000);
  const request = await sendRequest(ctx, brand, [creator], { platforms: Object.keys(links) });
  const lineId = request.lineOf(creator);
  const path = `/v2/content-request-influencers/${lineId}`;
  const accepted = await callAs(ctx, creator.token, 'POST', `${path}/transitions`, {
    transition: 'accept',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  // The review is another part's: the line approved in the database, then paid by the engine.
  await ctx.database.db
    .update(contentRequestInfluencers)
    .set({ state: 'approved', version: 2 })
    .where(eq(contentRequestInfluencers.id, lineId));
  await ctx.workflow.apply(ctx.database.db, {
    process: contentRequestLineProcess,
    subjectId: lineId,
    transition: 'mark_paid',
    actor: systemActor,
  });
  const submitted = await callAs(ctx, creator.token, 'POST', `${path}/links`, {
    links: Object.entries(links).map(([platform, url]) => ({ platform, url })),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const rows = await ctx.database.db
    .select()
    .from(contentRequestLinks)
    .where(eq(contentRequestLinks.lineId, lineId));
  for (const row of rows) {
    const decided = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/publications/links/${row.id}`,
      { decision: 'approve' },
    );
    expect(decided.statusCode, decided.body).toBe(200);
  }
  await waitFor(
    async () =>
      (
        await ctx.database.db
          .select()
          .from(metricPublications)
          .where(eq(metricPublications.lineId, lineId))
      ).length === rows.length,
    { what: "the line's links tracked" },
  );
  return {
    brand,
    lineId,
    linkIdOf: (platform: string) => rows.find((row) => row.platform === platform)!.id,
  };
}
