import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import {
  callAs,
  newBrand,
  newCreator,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { submitVersion } from '../content-requests/delivery/review.test-support.js';
import { readSentMail } from '../auth/test-outbox.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
import { users } from '../users/users.schema.js';
import {
  acceptApplication,
  applicationBody,
  applyTo,
  callerOf,
  draftOpportunity,
  publishOpportunity,
  notificationOf as waitForNotification,
} from './opportunities.test-support.js';

/**
 * The product team's opportunities (`/v2/admin/opportunities…`): the list by state with a search
 * by title or reference, one opportunity with its applications and lines, and the early close,
 * which does to applications and lines what the advertiser's close does and tells the
 * advertiser why.
 */

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

const as = (user: TestUser) => callerOf(ctx, user);
const available = async (user: TestUser) =>
  (await ctx.ledger.service.walletBalances(ctx.database.db, user.userId)).available;

interface Listed {
  content_opportunity_id: number;
  reference: string;
  state: string;
}
const idsOf = (body: { data: Listed[] }) => body.data.map((o) => o.content_opportunity_id);

describe('the list of every opportunity', () => {
  it('lists every advertiser’s opportunities by state, with their advertiser, spots and counts', async () => {
    const brand = await newBrand(ctx, 500_000);
    const other = await newBrand(ctx, 500_000);
    const draft = await draftOpportunity(ctx, brand, { title: 'Harissa week (draft)' });
    const live = await publishOpportunity(ctx, brand, { title: 'Harissa week live' });
    const theirs = await publishOpportunity(ctx, other, { title: 'Olive oil harvest' });
    const creator = await newCreator(ctx);
    await as(creator).post(`/v2/discover-opportunities/${live}/interest`);
    await applyTo(ctx, creator, live);

    const all = await as(admin).get('/v2/admin/opportunities?limit=50');
    expect(all.statusCode, all.body).toBe(200);
    expect(idsOf(all.json())).toEqual(expect.arrayContaining([live, theirs]));
    expect(idsOf(all.json())).not.toContain(draft);
    const row = (all.json().data as Listed[]).find((o) => o.content_opportunity_id === live);
    expect(row).toMatchObject({
      reference: `OP-${String(live).padStart(6, '0')}`,
      title: 'Harissa week live',
      state: 'live',
      visibility: 'public',
      advertiser: { user_id: brand.userId, name: `Brand ${brand.userId}` },
      spots: 3,
      spots_taken: 0,
      price_min: 80_000,
      price_max: 150_000,
      counts: { interests: 1, applications: 1, to_review: 1 },
      published_at: expect.any(String),
      application_deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      delivery_deadline: expect.any(String),
      allowed_transitions: ['admin_close'],
    });

    const drafts = await as(admin).get('/v2/admin/opportunities?filter=draft&limit=50');
    expect(idsOf(drafts.json())).toContain(draft);
    expect(idsOf(drafts.json())).not.toContain(live);
    const draftRow = (drafts.json().data as Listed[]).find(
      (o) => o.content_opportunity_id === draft,
    );
    // A draft is the advertiser's to discard: the team has nothing to do to it.
    expect(draftRow).toMatchObject({ state: 'draft', allowed_transitions: [] });
    const liveOnly = await as(admin).get('/v2/admin/opportunities?filter=live&limit=50');
    expect((liveOnly.json().data as Listed[]).every((o) => o.state === 'live')).toBe(true);
  });

  it('finds by words of the title (any case, any accent) or by reference', async () => {
    const brand = await newBrand(ctx, 500_000);
    const tagine = await publishOpportunity(ctx, brand, { title: 'Tajine d’été à Nabeul' });
    const other = await publishOpportunity(ctx, brand, { title: 'Cold brew 100%' });
    const search = async (words: string) => {
      const answer = await as(admin).get(
        `/v2/admin/opportunities?limit=50&search=${encodeURIComponent(words)}`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return idsOf(answer.json());
    };
    expect(await search('ETE nabeul')).toEqual([tagine]);
    expect(await search(`OP-${String(other).padStart(6, '0')}`)).toEqual([other]);
    expect(await search(`op-${other}`)).toEqual([other]);
    // A wildcard is a character like any other.
    expect(await search('100%')).toEqual([other]);
    expect(await search('%')).toEqual([other]);
    expect(await search('nothing like this')).toEqual([]);
  });

  it('pages newest first with a keyset cursor', async () => {
    const brand = await newBrand(ctx, 500_000);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(await publishOpportunity(ctx, brand, { title: `Paged couscous ${n}` }));
    }
    const first = await as(admin).get('/v2/admin/opportunities?search=paged%20couscous&limit=2');
    expect(idsOf(first.json())).toEqual([ids[2], ids[1]]);
    expect(first.json().next_before).toBe(ids[1]);
    const second = await as(admin).get(
      `/v2/admin/opportunities?search=paged%20couscous&limit=2&before=${ids[1]}`,
    );
    expect(idsOf(second.json())).toEqual([ids[0]]);
    expect(second.json().next_before).toBeNull();
  });

  it('refuses a bad filter, a search too long and a bad cursor with a code', async () => {
    for (const query of ['filter=everything', `search=${'a'.repeat(121)}`, 'before=-3']) {
      const answer = await as(admin).get(`/v2/admin/opportunities?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

/** A live opportunity of `brand` with an open application, an accepted line not started yet and one whose video is in review. */
async function busyOpportunity(brand: TestUser) {
  const id = await publishOpportunity(ctx, brand, { title: 'Busy bakery' });
  const waiting = await newCreator(ctx);
  const notStarted = await newCreator(ctx);
  const started = await newCreator(ctx);
  const waitingApplication = await applyTo(ctx, waiting, id);
  const notStartedApplication = await applyTo(ctx, notStarted, id, 110_000);
  const startedApplication = await applyTo(ctx, started, id, 120_000);
  const notStartedLine = await acceptApplication(ctx, brand, id, notStartedApplication);
  const startedLine = await acceptApplication(ctx, brand, id, startedApplication);
  await submitVersion(ctx, started, startedLine, 1);
  return {
    id,
    waiting: { creator: waiting, application: waitingApplication },
    notStarted: { creator: notStarted, application: notStartedApplication, line: notStartedLine },
    started: { creator: started, application: startedApplication, line: startedLine },
  };
}

describe('one opportunity', () => {
  it('shows its applications with their state and creator, and its lines with theirs', async () => {
    const brand = await newBrand(ctx, 1_000_000);
    const busy = await busyOpportunity(brand);
    const answer = await as(admin).get(`/v2/admin/opportunities/${busy.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = answer.json().data;
    expect(detail).toMatchObject({
      content_opportunity_id: busy.id,
      title: 'Busy bakery',
      state: 'live',
      spots_taken: 2,
      reason: null,
      brief: expect.stringContaining('Cook one of our recipes'),
      platforms: ['instagram'],
      allowed_transitions: ['admin_close'],
      counts: { applications: 3, to_review: 1 },
    });
    const reference = `OP-${String(busy.id).padStart(6, '0')}`;
    expect(detail.applications).toEqual([
      expect.objectContaining({
        content_opportunity_influencer_id: busy.started.application,
        state: 'accepted',
        label: 'accepted',
        price: 120_000,
        creator: { influencer_id: busy.started.creator.influencerId, name: expect.any(String) },
      }),
      expect.objectContaining({
        content_opportunity_influencer_id: busy.notStarted.application,
        state: 'accepted',
      }),
      expect.objectContaining({
        content_opportunity_influencer_id: busy.waiting.application,
        state: 'submitted',
        label: 'under_review',
      }),
    ]);
    expect(detail.lines).toEqual([
      {
        content_request_influencer_id: busy.notStarted.line,
        reference: `${reference}-1`,
        state: 'accepted',
        entered_at: expect.any(String),
        creator_name: expect.stringMatching(/\S/),
        price: 110_000,
        funds_secured: true,
      },
      expect.objectContaining({
        content_request_influencer_id: busy.started.line,
        reference: `${reference}-2`,
        state: 'submitted',
        price: 120_000,
        funds_secured: true,
      }),
    ]);
  });

  it('answers 404 for an unknown or discarded one, 400 for an id that is not one', async () => {
    const brand = await newBrand(ctx);
    const draft = await draftOpportunity(ctx, brand);
    const discarded = await callAs(ctx, brand.token, 'DELETE', `/v2/opportunities/${draft}`);
    expect(discarded.statusCode).toBe(204);
    for (const id of [draft, 999_999_999]) {
      const answer = await as(admin).get(`/v2/admin/opportunities/${id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    }
    const bad = await as(admin).get('/v2/admin/opportunities/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });
});

const notificationOf = (user: TestUser, type: string) => waitForNotification(ctx, user, type);

const ownApplication = async (creator: TestCreator, applicationId: number) =>
  (await as(creator).get(`/v2/my-applications/${applicationId}`)).json().data;

describe('closing early', () => {
  it('the team closes an ongoing one: applications closed, lines without a video cancelled and their price back, the others delivered', async () => {
    const brand = await newBrand(ctx, 1_000_000);
    const busy = await busyOpportunity(brand);
    // Spots taken and applications stopped: only the team may still close it.
    expect(
      (await as(brand).post(`/v2/opportunities/${busy.id}/stop-applications`)).statusCode,
    ).toBe(200);
    const late = await as(await newCreator(ctx)).post(
      `/v2/discover-opportunities/${busy.id}/applications`,
      applicationBody(),
    );
    expect(late.json().error.code).toBe('APPLICATIONS_CLOSED');
    const before = await available(brand);

    const closed = await as(admin).post(`/v2/admin/opportunities/${busy.id}/close`, {
      reason: '  The product shown breaks our rules on alcohol.  ',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      state: 'closed',
      reason: 'The product shown breaks our rules on alcohol.',
      allowed_transitions: [],
      // The cancelled line gave its spot back; the line in review keeps its own.
      spots_taken: 1,
    });
    const lines = closed.json().data.lines as { state: string; funds_secured: boolean }[];
    expect(lines.map((line) => [line.state, line.funds_secured])).toEqual([
      ['cancelled', false],
      ['submitted', true],
    ]);
    // The price held for the line not started is back; the other stays held for its review.
    expect(await available(brand)).toBe(before + 110_000);
    // Closed by the stop already (SYSTEM), the waiting application stays closed.
    expect((await ownApplication(busy.waiting.creator, busy.waiting.application)).state).toBe(
      'closed',
    );
    expect((await ownApplication(busy.started.creator, busy.started.application)).line.state).toBe(
      'submitted',
    );
    // The advertiser's page reads it closed.
    expect((await as(brand).get(`/v2/opportunities/${busy.id}`)).json().data.state).toBe('closed');

    // The creator of the cancelled line is told, with the reason.
    const cancelled = await notificationOf(
      busy.notStarted.creator,
      'opportunity_content_cancelled',
    );
    expect(cancelled).toMatchObject({
      module_item_id: busy.notStarted.line,
      redirection: `/track-content/${busy.notStarted.line}`,
    });
    expect(cancelled.content).toContain('The product shown breaks our rules on alcohol.');
    expect((await ctx.ledger.checkBooks()).isBalanced).toBe(true);

    const again = await as(admin).post(`/v2/admin/opportunities/${busy.id}/close`, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('tells the advertiser why, in the app and by e-mail in their language', async () => {
    const brand = await newBrand(ctx, 500_000);
    await ctx.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, brand.userId));
    const id = await publishOpportunity(ctx, brand, { title: 'Makroudh de Kairouan' });
    const creator = await newCreator(ctx);
    const applicationId = await applyTo(ctx, creator, id);

    const closed = await as(admin).post(`/v2/admin/opportunities/${id}/close`, {
      reason: 'Duplicate of another opportunity',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await ownApplication(creator, applicationId)).state).toBe('closed');

    const notice = await notificationOf(brand, 'opportunity_closed_by_team');
    expect(notice).toMatchObject({
      module_item_id: id,
      redirection: `/publish-opportunity/${id}/applications`,
    });
    expect(notice.content).toContain('« Makroudh de Kairouan »');
    expect(notice.content).toContain('Notre motif : Duplicate of another opportunity.');
    // The mail leaves through its job: run the due ones now rather than wait for a poll.
    const mail = await waitFor(
      async () => {
        await ctx.events.relay();
        await ctx.jobs.drain();
        return readSentMail(ctx.dataDir, brand.email).find((m) => m.text.includes('Notre équipe'));
      },
      { what: 'the e-mail to the advertiser' },
    );
    expect(mail.text).toContain('Notre équipe a clôturé votre opportunité');
    expect(mail.text).toContain('Notre motif : Duplicate of another opportunity.');
    expect(mail.text).toContain(`/publish-opportunity/${id}/applications`);
  });

  it('refuses a close without a reason, of a draft, and of an unknown opportunity', async () => {
    const brand = await newBrand(ctx, 500_000);
    const id = await publishOpportunity(ctx, brand);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      const answer = await as(admin).post(`/v2/admin/opportunities/${id}/close`, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await as(admin).get(`/v2/admin/opportunities/${id}`)).json().data.state).toBe('live');
    const draft = await draftOpportunity(ctx, brand);
    const ofDraft = await as(admin).post(`/v2/admin/opportunities/${draft}/close`, {
      reason: 'Spam',
    });
    expect(ofDraft.statusCode).toBe(409);
    expect(ofDraft.json().error.code).toBe('INVALID_TRANSITION');
    const unknown = await as(admin).post('/v2/admin/opportunities/999999999/close', {
      reason: 'Spam',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('the advertiser’s own close does the same to applications, and only before anyone is accepted', async () => {
    const brand = await newBrand(ctx, 500_000);
    const id = await publishOpportunity(ctx, brand);
    const creator = await newCreator(ctx);
    const applicationId = await applyTo(ctx, creator, id);
    const closed = await as(brand).post(`/v2/opportunities/${id}/close`, {
      reason: 'Our campaign moved to next year',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.state).toBe('closed');
    expect((await ownApplication(creator, applicationId)).state).toBe('closed');
    const detail = (await as(admin).get(`/v2/admin/opportunities/${id}`)).json().data;
    expect(detail).toMatchObject({ reason: 'Our campaign moved to next year', lines: [] });

    const taken = await publishOpportunity(ctx, brand);
    await acceptApplication(ctx, brand, taken, await applyTo(ctx, creator, taken));
    const refused = await as(brand).post(`/v2/opportunities/${taken}/close`, { reason: 'No' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVALID_TRANSITION');
  });
});
