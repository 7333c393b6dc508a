import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MetricPlatform } from '@clipmarket/contracts/publication-metrics';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { paidLine, publishLinks } from '../campaigns/campaigns.test-support.js';
import {
  callAs,
  newBrand,
  sendRequest,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
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

export type MetricsClock = ReturnType<typeof controlClock>;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

let counter = 0;
/** A number not answered before. */
export const serial = () => (counter += 1);
/** A short name no other call answers (usernames, post keys). */
export const unique = () => `${Date.now().toString(36)}${serial()}`;

/**
 * A test app whose PUBLIC_URL is `origin`, a team member, the social sandboxes and the metrics
 * clock set to now; `stopMetricsTest` puts the clock back and closes the app.
 */
export async function startMetricsTest(origin: string) {
  const ctx = await createTestContext({ PUBLIC_URL: origin });
  return {
    ctx,
    admin: await createAdmin(ctx),
    sandbox: ctx.socialSandbox!.service,
    clock: controlClock(ctx, new Date()),
  };
}

export async function stopMetricsTest(ctx: TestContext | undefined, clock?: MetricsClock) {
  clock?.restore();
  await ctx?.close();
}

/**
 * Connects the creator's account through the API, the sandbox's consent page (as `username`)
 * and the callback; answers where the callback sends the browser.
 */
export async function connect(
  ctx: TestContext,
  creator: TestUser,
  platform: MetricPlatform,
  username: string,
) {
  const started = await callAs(
    ctx,
    creator.token,
    'POST',
    `/v2/social-accounts/${platform}/connect`,
  );
  expect(started.statusCode, started.body).toBe(200);
  const back = await consent(ctx, started.json().data.authorize_url, { username });
  expect(back.pathname).toBe(`/v2/social-accounts/${platform}/callback`);
  const callback = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(callback.statusCode, callback.body).toBe(302);
  return String(callback.headers.location);
}

/**
 * A creator's paid line on the links' platforms, its links submitted and approved by `admin`,
 * and tracked by publication metrics (the approval's event handled).
 */
export async function approvedLine(
  ctx: TestContext,
  admin: TestUser,
  creator: TestCreator,
  links: Partial<Record<MetricPlatform, string>>,
) {
  const brand = await newBrand(ctx, 5_000_000);
  const request = await sendRequest(ctx, brand, [creator], { platforms: Object.keys(links) });
  const lineId = request.lineOf(creator);
  await paidLine(ctx, creator, lineId);
  const approved = await publishLinks(ctx, admin, creator, lineId, links);
  await waitFor(
    async () =>
      (
        await ctx.database.db
          .select()
          .from(metricPublications)
          .where(eq(metricPublications.lineId, lineId))
      ).length === approved.length,
    { what: "the line's links tracked" },
  );
  const linkOf = (platform: MetricPlatform) => approved.find((row) => row.platform === platform)!;
  return {
    brand,
    requestId: request.id,
    lineId,
    /** The link on `platform` as the team's approval left it. */
    linkOf,
    linkIdOf: (platform: MetricPlatform) => linkOf(platform).id,
  };
}
