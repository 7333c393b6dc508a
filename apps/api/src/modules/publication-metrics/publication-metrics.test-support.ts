import type { TestContext } from '../../test/harness.js';

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
