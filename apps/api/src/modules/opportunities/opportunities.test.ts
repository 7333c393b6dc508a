import { opportunityMessages } from '@clipmarket/contracts/opportunities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  callAs,
  newBrand,
  newCreator,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { files } from '../media/media.schema.js';
import { checkoutOpportunity } from './opportunities.test-support.js';
import type { TestUser } from '../users/test-users.js';

let ctx: TestContext;
let brand: TestUser;
let otherBrand: TestUser;
let creator: TestCreator;

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await newBrand(ctx);
  otherBrand = await newBrand(ctx);
  creator = await newCreator(ctx);
});
afterAll(async () => ctx?.close());

const as = (user: TestUser) => ({
  post: (url: string, body: unknown) => callAs(ctx, user.token, 'POST', url, body),
  patch: (url: string, body: unknown) => callAs(ctx, user.token, 'PATCH', url, body),
  get: (url: string) => callAs(ctx, user.token, 'GET', url),
  delete: (url: string) => callAs(ctx, user.token, 'DELETE', url),
});

async function newDraft(body: Record<string, unknown> = { title: 'Iftar recipes' }) {
  const response = await as(brand).post('/v2/opportunities', body);
  expect(response.statusCode).toBe(201);
  return response.json().data as { content_opportunity_id: number; reference: string };
}

describe('opportunity drafts (issue 23 §2)', () => {
  it('saves a draft at any step, then changes it field by field', async () => {
    const draft = await newDraft({ title: 'Iftar recipes', spots: 3, visibility: 'private' });
    expect(draft).toMatchObject({
      state: 'draft',
      reference: `OP-${String(draft.content_opportunity_id).padStart(6, '0')}`,
      spots: 3,
      spots_taken: 0,
      visibility: 'private',
    });

    const changed = await as(brand).patch(`/v2/opportunities/${draft.content_opportunity_id}`, {
      price_min: 80_000,
      price_max: 150_000,
      delivery_date: '2027-01-20',
      delivery_slot: '12:30',
      invited_influencer_ids: [creator.influencerId],
      brief: 'From the market to the table.',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      title: 'Iftar recipes',
      spots: 3,
      price_min: 80_000,
      price_max: 150_000,
      // 12:30 in Tunis (UTC+1).
      delivery_deadline: '2027-01-20T11:30:00.000Z',
      invited_influencer_ids: [creator.influencerId],
      brief: 'From the market to the table.',
    });
  });

  it('refuses a brief over the setting, foreign files and creators who cannot be invited', async () => {
    const draft = await newDraft();
    const url = `/v2/opportunities/${draft.content_opportunity_id}`;
    const long = await as(brand).patch(url, { brief: 'x'.repeat(5_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'BRIEF_TOO_LONG',
      message: opportunityMessages.briefTooLong,
    });
    const files = await as(brand).patch(url, { attachment_file_id: 999_999_999 });
    expect(files.statusCode).toBe(400);
    expect(files.json().error.code).toBe('VALIDATION_FAILED');
    const pending = await newCreator(ctx, { validated: false });
    const invited = await as(brand).patch(url, { invited_influencer_ids: [pending.influencerId] });
    expect(invited.statusCode).toBe(400);
    // Nothing of a refused change was kept.
    expect((await as(brand).get(url)).json().data).toMatchObject({
      brief: '',
      attachment_file_id: null,
      invited_influencer_ids: [],
    });
  });

  it('takes only images as product images and only a PDF as the attachment', async () => {
    const fileOf = async (mimeType: string, extension: string) => {
      const [row] = await ctx.database.db
        .insert(files)
        .values({
          token: `test-${Date.now()}-${Math.random()}`,
          ownerUserId: brand.userId,
          purpose: extension === 'pdf' ? 'document' : 'product',
          visibility: 'public',
          fileExtension: extension,
          mimeType,
          originalName: `brief.${extension}`,
          sizeBytes: 1_000,
          storageKey: `test/${Date.now()}.${extension}`,
        })
        .returning({ id: files.id });
      return row!.id;
    };
    const image = await fileOf('image/webp', 'webp');
    const pdf = await fileOf('application/pdf', 'pdf');
    const url = `/v2/opportunities/${(await newDraft()).content_opportunity_id}`;
    const swapped = await as(brand).patch(url, {
      product_image_file_ids: [pdf],
      attachment_file_id: image,
    });
    expect(swapped.statusCode).toBe(400);
    expect((swapped.json().error.fields as { field: string }[]).map((f) => f.field).sort()).toEqual(
      ['attachment_file_id', 'product_image_file_ids'],
    );
    const right = await as(brand).patch(url, {
      product_image_file_ids: [image],
      attachment_file_id: pdf,
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data).toMatchObject({
      product_image_file_ids: [image],
      attachment_file_id: pdf,
    });
  });

  it('gives the publishing screens the business settings they show', async () => {
    const limits = await as(brand).get('/v2/opportunities/limits');
    expect(limits.statusCode, limits.body).toBe(200);
    expect(limits.json().data).toEqual({
      brief_max_length: 5_000,
      platform_fee: 24_800,
      application_answer_window_days: 7,
      // The suggested prices grid (the settings' defaults), per length and creator size.
      suggested_prices: {
        '15': { nano: 50_000, micro: 100_000, 'mid-tier': 200_000, macro: 400_000, mega: 800_000 },
        '30': {
          nano: 80_000,
          micro: 150_000,
          'mid-tier': 300_000,
          macro: 600_000,
          mega: 1_200_000,
        },
        '60': {
          nano: 120_000,
          micro: 220_000,
          'mid-tier': 450_000,
          macro: 900_000,
          mega: 1_800_000,
        },
      },
    });
    expect((await as(creator).get('/v2/opportunities/limits')).statusCode).toBe(403);
  });

  it('refuses every call without a token (401), before reading anything', async () => {
    const draft = await newDraft();
    const url = `/v2/opportunities/${draft.content_opportunity_id}`;
    const calls = [
      { method: 'POST', url: '/v2/opportunities', payload: { title: 'Anonymous' } },
      { method: 'GET', url: '/v2/opportunities' },
      { method: 'GET', url },
      { method: 'PATCH', url, payload: { title: 'Anonymous' } },
      { method: 'DELETE', url },
    ] as const;
    for (const call of calls) {
      const response = await ctx.app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await as(brand).get(url)).json().data.title).toBe('Iftar recipes');
  });

  it("answers another advertiser's opportunity as not found, whatever they try", async () => {
    const draft = await newDraft();
    const url = `/v2/opportunities/${draft.content_opportunity_id}`;
    expect((await as(otherBrand).get(url)).statusCode).toBe(404);
    expect((await as(otherBrand).patch(url, { title: 'Mine' })).statusCode).toBe(404);
    expect((await as(otherBrand).delete(url)).statusCode).toBe(404);
    expect((await as(brand).get(url)).json().data.title).toBe('Iftar recipes');
    // Creators have no advertiser's pages.
    expect((await as(creator).get(url)).statusCode).toBe(403);
  });

  it('discards a draft ("Draft Deleted successfully!"): gone from the lists and the address', async () => {
    const draft = await newDraft({ title: 'To discard' });
    const url = `/v2/opportunities/${draft.content_opportunity_id}`;
    expect((await as(brand).delete(url)).statusCode).toBe(204);
    expect((await as(brand).get(url)).statusCode).toBe(404);
    expect((await as(brand).patch(url, { title: 'Back again' })).statusCode).toBe(404);
    expect((await as(brand).delete(url)).statusCode).toBe(409);
    const drafts = (await as(brand).get('/v2/opportunities?filter=draft&limit=50')).json().data as {
      content_opportunity_id: number;
    }[];
    expect(drafts.map((d) => d.content_opportunity_id)).not.toContain(draft.content_opportunity_id);
  });

  it('lists drafts newest first, a page at a time; published ones by the status filter', async () => {
    const lister = await newBrand(ctx);
    const ids: number[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const response = await as(lister).post('/v2/opportunities', { title });
      ids.push(response.json().data.content_opportunity_id);
    }
    const first = (await as(lister).get('/v2/opportunities?filter=draft&limit=2')).json();
    expect(first.data.map((d: { title: string }) => d.title)).toEqual(['Three', 'Two']);
    const second = (
      await as(lister).get(`/v2/opportunities?filter=draft&limit=2&before=${first.next_before}`)
    ).json();
    expect(second).toMatchObject({ data: [{ title: 'One' }], next_before: null });
    // Drafts are not published ones.
    expect((await as(lister).get('/v2/opportunities')).json().data).toEqual([]);
    expect((await as(lister).get('/v2/opportunities?filter=live')).json().data).toEqual([]);
  });
});

describe('the price band against the suggested prices (issue 23 §2)', () => {
  /** `days` after today (UTC; the deadlines are days ahead). */
  const inDays = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const complete = {
    title: 'Couscous Friday',
    content_type: 'product_feedback',
    video_duration: 30,
    format: 'portrait',
    platforms: ['instagram'],
    spots: 2,
    price_min: 60_000,
    application_deadline: inDays(5),
    delivery_date: inDays(10),
    delivery_slot: '12:00',
    brief: 'Cook a couscous with our semolina.',
  };
  const checkout = (user: TestUser, id: number) =>
    checkoutOpportunity(ctx, user, id, 'wallet', `publish-${id}-${Date.now()}`);

  it('saves a band under them as a draft, refuses to publish it, publishes it once raised', async () => {
    const payer = await newBrand(ctx, 100_000);
    // Micro creators usually ask 150 TND for 30 s (the grid's default): 140 TND is under it.
    const draft = await as(payer).post('/v2/opportunities', {
      ...complete,
      size_bands: ['micro'],
      price_max: 140_000,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.content_opportunity_id as number;

    const refused = await checkout(payer, id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'PRICE_BELOW_SUGGESTED',
      message:
        'Creators of these sizes usually ask at least 150.000 TND for a 30 s video: raise the maximum price to at least that.',
      fields: [{ field: 'price_max', message: opportunityMessages.priceBelowSuggested }],
    });
    const still = await as(payer).get(`/v2/opportunities/${id}`);
    expect(still.json().data.state).toBe('draft');
    const balance = await ctx.ledger.service.walletBalances(ctx.database.db, payer.userId);
    expect(balance.available).toBe(100_000);

    // Nano creators too: the lowest suggested price is now theirs (80 TND), under the band's top.
    await as(payer).patch(`/v2/opportunities/${id}`, { size_bands: ['micro', 'nano'] });
    const paid = await checkout(payer, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.state).toBe('live');
  });

  it('reads the grid at the length ordered, every size when the opportunity names none', async () => {
    const payer = await newBrand(ctx, 100_000);
    // 60 s: nano creators ask 120 TND, the lowest of every size.
    const draft = await as(payer).post('/v2/opportunities', {
      ...complete,
      video_duration: 60,
      price_max: 110_000,
    });
    const id = draft.json().data.content_opportunity_id as number;
    const refused = await checkout(payer, id);
    expect(refused.json().error).toMatchObject({
      code: 'PRICE_BELOW_SUGGESTED',
      message: expect.stringContaining('at least 120.000 TND for a 60 s video'),
    });
    await as(payer).patch(`/v2/opportunities/${id}`, { price_max: 120_000 });
    expect((await checkout(payer, id)).statusCode).toBe(200);
  });
});
