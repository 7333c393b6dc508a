import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  callAs,
  newBrand,
  newCreator,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { createAdmin, createAdvertiser, type TestUser } from '../users/test-users.js';
import {
  applicationBody,
  applyTo,
  callerOf,
  draftOpportunity,
  publishOpportunity,
} from './opportunities.test-support.js';

/**
 * Who may call every opportunity route (DESIGN §3, §5): without a token 401, with a role the
 * route is not for 403, on another advertiser's opportunity or another creator's application
 * 404 (a foreign id is never told apart from an unknown one), and a private opportunity is not
 * found by creators it does not invite. One table, one row per route; a route added to the
 * module without its row fails the first test.
 */

let ctx: TestContext;

/** The people and objects every row is tried with. */
interface World {
  owner: TestUser;
  /** Another advertiser (an agency: both advertiser roles are tried). */
  otherAdvertiser: TestUser;
  applicant: TestCreator;
  /** A validated creator who is neither the applicant nor invited to the private one. */
  otherCreator: TestCreator;
  admin: TestUser;
  /** The owner's live public opportunity, and the applicant's application to it. */
  live: number;
  application: number;
  /** The owner's draft. */
  draft: number;
  /** The owner's live private opportunity, inviting the applicant only. */
  secret: number;
}
let world: World;

type Audience = 'advertiser' | 'creator' | 'admin';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Row {
  method: Method;
  /** The route as OpenAPI names it. */
  route: string;
  audience: Audience;
  /** The address with `world`'s ids (the owner's objects). */
  url: (w: World) => string;
  /** A valid body: validation runs before the role check, so only a valid one meets it. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Who else tries it (their own token) and must get 404, and on what. */
  foreign?: { as: 'otherAdvertiser' | 'otherCreator'; url?: (w: World) => string };
  /** Creators not invited to a private opportunity must not find it here. */
  privateUrl?: (w: World) => string;
  /** The same route on an id that does not exist. */
  unknownUrl?: string;
}

const UNKNOWN = 999_999_999;
const reason = { reason: 'Not for us' };
const checkoutHeaders = { 'idempotency-key': 'authorization-matrix' };

const rows: Row[] = [
  // The advertiser's opportunities (BRAND, AGENCY).
  {
    method: 'GET',
    route: '/v2/opportunities/limits',
    audience: 'advertiser',
    url: () => '/v2/opportunities/limits',
  },
  {
    method: 'POST',
    route: '/v2/opportunities',
    audience: 'advertiser',
    url: () => '/v2/opportunities',
    body: { title: 'A draft' },
  },
  {
    method: 'GET',
    route: '/v2/opportunities',
    audience: 'advertiser',
    url: () => '/v2/opportunities',
  },
  {
    method: 'GET',
    route: '/v2/opportunities/{content_opportunity_id}',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.live}`,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}`,
  },
  {
    method: 'PATCH',
    route: '/v2/opportunities/{content_opportunity_id}',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.draft}`,
    body: { title: 'Taken over' },
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}`,
  },
  {
    method: 'DELETE',
    route: '/v2/opportunities/{content_opportunity_id}',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.draft}`,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}`,
  },
  {
    method: 'GET',
    route: '/v2/opportunities/{content_opportunity_id}/quote',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.draft}/quote`,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/quote`,
  },
  {
    method: 'POST',
    route: '/v2/opportunities/{content_opportunity_id}/checkout',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.draft}/checkout`,
    body: { method: 'wallet' },
    headers: checkoutHeaders,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/checkout`,
  },
  {
    method: 'POST',
    route: '/v2/opportunities/{content_opportunity_id}/stop-applications',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.live}/stop-applications`,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/stop-applications`,
  },
  {
    method: 'POST',
    route: '/v2/opportunities/{content_opportunity_id}/close',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.live}/close`,
    body: reason,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/close`,
  },
  {
    method: 'GET',
    route: '/v2/opportunities/{content_opportunity_id}/applications',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.live}/applications`,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/applications`,
  },
  {
    method: 'GET',
    route:
      '/v2/opportunities/{content_opportunity_id}/applications/{content_opportunity_influencer_id}',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.live}/applications/${w.application}`,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/applications/${UNKNOWN}`,
  },
  {
    method: 'GET',
    route:
      '/v2/opportunities/{content_opportunity_id}/applications/{content_opportunity_influencer_id}/approval-payment',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.live}/applications/${w.application}/approval-payment`,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/applications/${UNKNOWN}/approval-payment`,
  },
  {
    method: 'POST',
    route:
      '/v2/opportunities/{content_opportunity_id}/applications/{content_opportunity_influencer_id}/approval-payment',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.live}/applications/${w.application}/approval-payment`,
    headers: checkoutHeaders,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/applications/${UNKNOWN}/approval-payment`,
  },
  {
    method: 'POST',
    route:
      '/v2/opportunities/{content_opportunity_id}/applications/{content_opportunity_influencer_id}/decision',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.live}/applications/${w.application}/decision`,
    body: { decision: 'decline', ...reason },
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/applications/${UNKNOWN}/decision`,
  },
  {
    method: 'GET',
    route: '/v2/opportunities/{content_opportunity_id}/interests',
    audience: 'advertiser',
    url: (w) => `/v2/opportunities/${w.live}/interests`,
    foreign: { as: 'otherAdvertiser' },
    unknownUrl: `/v2/opportunities/${UNKNOWN}/interests`,
  },
  // The creator's discovery and applications (TALENT).
  {
    method: 'GET',
    route: '/v2/discover-opportunities',
    audience: 'creator',
    url: () => '/v2/discover-opportunities',
  },
  {
    method: 'GET',
    route: '/v2/discover-opportunities/{content_opportunity_id}',
    audience: 'creator',
    url: (w) => `/v2/discover-opportunities/${w.live}`,
    privateUrl: (w) => `/v2/discover-opportunities/${w.secret}`,
    unknownUrl: `/v2/discover-opportunities/${UNKNOWN}`,
  },
  {
    method: 'POST',
    route: '/v2/discover-opportunities/{content_opportunity_id}/interest',
    audience: 'creator',
    url: (w) => `/v2/discover-opportunities/${w.live}/interest`,
    privateUrl: (w) => `/v2/discover-opportunities/${w.secret}/interest`,
    unknownUrl: `/v2/discover-opportunities/${UNKNOWN}/interest`,
  },
  {
    method: 'POST',
    route: '/v2/discover-opportunities/{content_opportunity_id}/applications',
    audience: 'creator',
    url: (w) => `/v2/discover-opportunities/${w.live}/applications`,
    body: applicationBody(),
    privateUrl: (w) => `/v2/discover-opportunities/${w.secret}/applications`,
    unknownUrl: `/v2/discover-opportunities/${UNKNOWN}/applications`,
  },
  {
    method: 'GET',
    route: '/v2/my-applications',
    audience: 'creator',
    url: () => '/v2/my-applications',
  },
  {
    method: 'GET',
    route: '/v2/my-applications/{content_opportunity_influencer_id}',
    audience: 'creator',
    url: (w) => `/v2/my-applications/${w.application}`,
    foreign: { as: 'otherCreator' },
    unknownUrl: `/v2/my-applications/${UNKNOWN}`,
  },
  {
    method: 'POST',
    route: '/v2/my-applications/{content_opportunity_influencer_id}/withdraw',
    audience: 'creator',
    url: (w) => `/v2/my-applications/${w.application}/withdraw`,
    foreign: { as: 'otherCreator' },
    unknownUrl: `/v2/my-applications/${UNKNOWN}/withdraw`,
  },
  {
    method: 'POST',
    route: '/v2/my-applications/{content_opportunity_influencer_id}/revision',
    audience: 'creator',
    url: (w) => `/v2/my-applications/${w.application}/revision`,
    body: { price: 90_000, pitch: 'A better offer.' },
    foreign: { as: 'otherCreator' },
    unknownUrl: `/v2/my-applications/${UNKNOWN}/revision`,
  },
  // The product team's (ADMIN): every advertiser's, so no foreign object for them.
  {
    method: 'GET',
    route: '/v2/admin/opportunities',
    audience: 'admin',
    url: () => '/v2/admin/opportunities',
  },
  {
    method: 'GET',
    route: '/v2/admin/opportunities/{content_opportunity_id}',
    audience: 'admin',
    url: (w) => `/v2/admin/opportunities/${w.live}`,
    unknownUrl: `/v2/admin/opportunities/${UNKNOWN}`,
  },
  {
    method: 'POST',
    route: '/v2/admin/opportunities/{content_opportunity_id}/close',
    audience: 'admin',
    url: (w) => `/v2/admin/opportunities/${w.live}/close`,
    body: reason,
    unknownUrl: `/v2/admin/opportunities/${UNKNOWN}/close`,
  },
];

/** The roles each audience's routes refuse. */
const wrongRoles: Record<Audience, Array<'BRAND' | 'AGENCY' | 'TALENT' | 'ADMIN'>> = {
  advertiser: ['TALENT', 'ADMIN'],
  creator: ['BRAND', 'AGENCY', 'ADMIN'],
  admin: ['BRAND', 'AGENCY', 'TALENT'],
};

/** The module's route families, as the API's OpenAPI document lists them. */
const families = ['/v2/opportunities', '/v2/discover-opportunities', '/v2/my-applications'];
const isOpportunityRoute = (path: string) =>
  families.some((family) => path === family || path.startsWith(`${family}/`)) ||
  path.startsWith('/v2/admin/opportunities');

const nameOf = (row: Pick<Row, 'method' | 'route'>) => `${row.method} ${row.route}`;
/** Cases as `[name, case]`, so that each test is named by its route in full. */
const named = <T extends Row>(cases: T[], more: (row: T) => string = () => '') =>
  cases.map((row) => [`${nameOf(row)}${more(row)}`, row] as const);
let call = 0;

async function send(row: Row, url: string, token: string | null) {
  if (token) return callAs(ctx, token, row.method, url, row.body, row.headers);
  call += 1;
  return ctx.app.inject({
    method: row.method,
    url,
    remoteAddress: `10.77.${Math.floor(call / 250) % 250}.${call % 250}`,
    headers: row.headers ?? {},
    ...(row.body === undefined ? {} : { payload: row.body as Record<string, unknown> }),
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await newBrand(ctx, 1_000_000);
  const otherAdvertiser = await createAdvertiser(ctx, { role: 'AGENCY' });
  const applicant = await newCreator(ctx);
  const otherCreator = await newCreator(ctx);
  const admin = await createAdmin(ctx);
  const live = await publishOpportunity(ctx, owner, { title: 'Matrix live' });
  const application = await applyTo(ctx, applicant, live);
  const draft = await draftOpportunity(ctx, owner, { title: 'Matrix draft' });
  const secret = await publishOpportunity(ctx, owner, {
    title: 'Matrix private',
    visibility: 'private',
    invited_influencer_ids: [applicant.influencerId],
  });
  world = {
    owner,
    otherAdvertiser,
    applicant,
    otherCreator,
    admin,
    live,
    application,
    draft,
    secret,
  };
});
afterAll(async () => ctx?.close());

/** A user of `role` (the world's own where it has one). */
const userOf = (role: 'BRAND' | 'AGENCY' | 'TALENT' | 'ADMIN'): TestUser =>
  ({
    BRAND: world.owner,
    AGENCY: world.otherAdvertiser,
    TALENT: world.applicant,
    ADMIN: world.admin,
  })[role];

describe('the authorization of every opportunity route', () => {
  it('has a row for every route of the module', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(document.paths)
      .filter(([path]) => isOpportunityRoute(path))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) =>
          nameOf({ method: method.toUpperCase() as Method, route: path }),
        ),
      )
      .sort();
    expect(
      rows.map(nameOf).sort(),
      'A route of the opportunities module has no row here: add it to the table',
    ).toEqual(served);
  });

  it.each(named(rows))('%s without a token → 401', async (_, row) => {
    const answer = await send(row, row.url(world), null);
    expect(answer.statusCode, answer.body).toBe(401);
    expect(answer.json().error.code).toBe('UNAUTHENTICATED');
  });

  const wrongRoleCases = rows.flatMap((row) =>
    wrongRoles[row.audience].map((role) => ({ ...row, role })),
  );
  it.each(named(wrongRoleCases, (row) => ` as ${row.role}`))('%s → 403', async (_, row) => {
    const answer = await send(row, row.url(world), userOf(row.role).token);
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().error.code).toBe('FORBIDDEN');
  });

  const foreignCases = rows.flatMap((row) =>
    row.foreign ? [{ ...row, who: row.foreign.as }] : [],
  );
  it.each(named(foreignCases, (row) => ` as ${row.who}`))(
    '%s, on what is not theirs → 404',
    async (_, row) => {
      const url = (row.foreign?.url ?? row.url)(world);
      const answer = await send(row, url, world[row.who].token);
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    },
  );

  const privateCases = rows.filter((row) => row.privateUrl);
  it.each(named(privateCases))(
    '%s on a private opportunity the creator is not invited to → 404',
    async (_, row) => {
      const answer = await send(row, row.privateUrl!(world), world.otherCreator.token);
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    },
  );

  const unknownCases = rows.filter((row) => row.unknownUrl);
  it.each(named(unknownCases))('%s on an unknown id → 404', async (_, row) => {
    const token = { advertiser: world.owner, creator: world.applicant, admin: world.admin }[
      row.audience
    ].token;
    const answer = await send(row, row.unknownUrl!, token);
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json().error.code).toBe('NOT_FOUND');
  });

  it('lists nothing of another’s: no foreign opportunity, application or uninvited private one', async () => {
    const theirs = await callerOf(ctx, world.otherAdvertiser).get('/v2/opportunities?limit=50');
    expect(theirs.json().data).toEqual([]);
    const discovered = await callerOf(ctx, world.otherCreator).get(
      '/v2/discover-opportunities?limit=50',
    );
    const ids = (discovered.json().data as { content_opportunity_id: number }[]).map(
      (card) => card.content_opportunity_id,
    );
    expect(ids).toContain(world.live);
    expect(ids).not.toContain(world.secret);
    const invited = await callerOf(ctx, world.applicant).get(
      `/v2/discover-opportunities/${world.secret}`,
    );
    expect(invited.statusCode).toBe(200);
    const applications = await callerOf(ctx, world.otherCreator).get('/v2/my-applications');
    expect(applications.json().data).toEqual([]);
  });

  it('left every object as it was: nothing refused changed anything', async () => {
    const owner = callerOf(ctx, world.owner);
    expect((await owner.get(`/v2/opportunities/${world.live}`)).json().data).toMatchObject({
      state: 'live',
      title: 'Matrix live',
    });
    expect((await owner.get(`/v2/opportunities/${world.draft}`)).json().data).toMatchObject({
      state: 'draft',
      title: 'Matrix draft',
    });
    expect((await owner.get(`/v2/opportunities/${world.secret}/interests`)).json().data).toEqual(
      [],
    );
    const application = await callerOf(ctx, world.applicant).get(
      `/v2/my-applications/${world.application}`,
    );
    expect(application.json().data).toMatchObject({ state: 'submitted', price: 100_000 });
  });
});
