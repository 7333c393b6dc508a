import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '@clipmarket/contracts/campaigns';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  callAs,
  createDraft,
  newBrand,
  newCreator,
  sendRequest,
} from '../content-requests/content-requests.test-support.js';
import {
  acceptApplication,
  applyTo,
  draftOpportunity,
  inDays,
  publishOpportunity,
} from '../opportunities/opportunities.test-support.js';
import { createAdmin, createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import {
  approveLinks,
  attach,
  campaignBody,
  createCampaign,
  paidLine,
  submitLinks,
} from './campaigns.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const FUNDS = 5_000_000;

async function campaignOf(user: TestUser, campaignId: number) {
  const answer = await callAs(ctx, user.token, 'GET', `/v2/campaigns/${campaignId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as CampaignDetail;
}

/** What the brand's wallet lost for good, and what it holds reserved (from the wallet's route). */
async function walletSpending(user: TestUser) {
  const wallet = (await callAs(ctx, user.token, 'GET', '/v2/wallet')).json().data as {
    available: number;
    reserved: number;
  };
  return { spent: FUNDS - wallet.available - wallet.reserved, committed: wallet.reserved };
}

describe('creating and changing a campaign', () => {
  it('creates one for a brand or an agency, in its phase, with empty figures', async () => {
    const brand = await newBrand(ctx);
    const campaign = await createCampaign(ctx, brand);
    expect(campaign).toMatchObject({
      name: 'Ramadan 2027',
      goal: 'brand-awareness',
      visibility: 'private',
      phase: 'running',
      target_url: 'https://jasmin.tn/ramadan',
      money: { budget: 2_000_000, spent: 0, committed: 0 },
      counts: { content_requests: 0, opportunities: 0, deliveries: 0, published: 0 },
      items: [],
      deliveries: [],
    });
    const agency = await createAdvertiser(ctx, { role: 'AGENCY' });
    const upcoming = await createCampaign(ctx, agency, {
      starts_on: inDays(3),
      ends_on: inDays(3),
      target_url: 'shop.agence.tn',
    });
    expect(upcoming.phase).toBe('upcoming');
    expect(upcoming.target_url).toBe('https://shop.agence.tn');
    const ended = await createCampaign(ctx, agency, { starts_on: inDays(-9), ends_on: inDays(-2) });
    expect(ended.phase).toBe('ended');
  });

  it.each([
    [{ ends_on: inDays(-3) }, 'ends_on', 'The end date must be on or after the start date.'],
    [{ ends_on: inDays(800) }, 'ends_on', 'A campaign lasts at most 731 days.'],
    [{ name: '   ' }, 'name', 'The name is required'],
    [{ budget: 1_500 }, 'budget', 'The budget is a whole number of dinars'],
    [{ target_url: 'http://jasmin.tn' }, 'target_url', 'Give a valid https link'],
    [{ target_url: 'https://me:pw@jasmin.tn' }, 'target_url', 'user name or password'],
    [{ goal: 'fame' as never }, 'goal', 'Choose a goal'],
    [
      { starts_on: '0000-01-01', ends_on: '0000-01-02' },
      'starts_on',
      'Give a date between the years 2000 and 9999.',
    ],
  ])('refuses %o with a message on the field', async (overrides, field, message) => {
    const brand = await newBrand(ctx);
    const answer = await callAs(ctx, brand.token, 'POST', '/v2/campaigns', campaignBody(overrides));
    expect(answer.statusCode, answer.body).toBe(400);
    const problems = answer.json().error.fields as Array<{ field: string; message: string }>;
    expect(problems.find((p) => p.field === field)?.message).toContain(message);
  });

  it('changes every field at once, and deletes it while its requests stay', async () => {
    const brand = await newBrand(ctx, FUNDS);
    const campaign = await createCampaign(ctx, brand);
    const requestId = await createDraft(ctx, brand, [await newCreator(ctx)]);
    expect(
      (await attach(ctx, brand, campaign.campaign_id, 'content-request', requestId)).statusCode,
    ).toBe(200);
    const changed = await callAs(
      ctx,
      brand.token,
      'PUT',
      `/v2/campaigns/${campaign.campaign_id}`,
      campaignBody({ name: 'Aïd 2027', goal: 'traffic', visibility: 'public', target_url: null }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Aïd 2027',
      goal: 'traffic',
      visibility: 'public',
      target_url: null,
      counts: { content_requests: 1 },
    });
    const deleted = await callAs(
      ctx,
      brand.token,
      'DELETE',
      `/v2/campaigns/${campaign.campaign_id}`,
    );
    expect(deleted.statusCode).toBe(204);
    expect(
      (await callAs(ctx, brand.token, 'GET', `/v2/campaigns/${campaign.campaign_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await callAs(ctx, brand.token, 'GET', `/v2/content-requests/${requestId}`)).statusCode,
    ).toBe(200);
  });

  it('lists the caller’s campaigns only, newest first, a page at a time', async () => {
    const brand = await newBrand(ctx);
    const first = await createCampaign(ctx, brand, { name: 'First' });
    const second = await createCampaign(ctx, brand, { name: 'Second' });
    await createCampaign(ctx, await newBrand(ctx), { name: 'Not mine' });
    const page = await callAs(ctx, brand.token, 'GET', '/v2/campaigns?limit=1');
    expect(page.json()).toMatchObject({
      data: [{ campaign_id: second.campaign_id, name: 'Second' }],
      next_before: second.campaign_id,
    });
    const rest = await callAs(
      ctx,
      brand.token,
      'GET',
      `/v2/campaigns?limit=1&before=${second.campaign_id}`,
    );
    expect(rest.json().data.map((c: { name: string }) => c.name)).toEqual(['First']);
    const all = await callAs(ctx, brand.token, 'GET', '/v2/campaigns');
    expect(all.json()).toMatchObject({ next_before: null });
    expect(all.json().data.map((c: { campaign_id: number }) => c.campaign_id)).toEqual([
      second.campaign_id,
      first.campaign_id,
    ]);
  });
});

describe('what a campaign holds and costs', () => {
  it('counts a sent request’s fee as spent and its reserved content fees as committed', async () => {
    const brand = await newBrand(ctx, FUNDS);
    const creators = [await newCreator(ctx), await newCreator(ctx)];
    const campaign = await createCampaign(ctx, brand);
    const request = await sendRequest(ctx, brand, creators, { title: 'Iftar table' });
    const costOfRequest = await walletSpending(brand);
    await sendRequest(ctx, brand, [await newCreator(ctx)], { title: 'Not in the campaign' });

    const attached = await attach(ctx, brand, campaign.campaign_id, 'content-request', request.id);
    expect(attached.statusCode, attached.body).toBe(200);
    const detail = attached.json().data as CampaignDetail;
    expect(detail.items).toEqual([
      expect.objectContaining({
        kind: 'content-request',
        id: request.id,
        reference: `CR-${String(request.id).padStart(6, '0')}`,
        title: 'Iftar table',
        status: 'sent',
      }),
    ]);
    expect(detail.deliveries).toHaveLength(2);
    expect(detail.deliveries[0]).toMatchObject({
      content_request_influencer_id: request.lineOf(creators[0]!),
      kind: 'content-request',
      reference: `CR-${String(request.id).padStart(6, '0')}-1`,
      title: 'Iftar table',
      state: 'sent',
      published_links: 0,
    });
    expect(detail.deliveries[0]!.creator_name).not.toBe('');
    // What the wallet lost to this request alone; the other request is not the campaign's.
    expect(detail.money).toEqual({ budget: 2_000_000, ...costOfRequest });
    expect(detail.money.spent).toBeGreaterThan(0);
    expect(detail.money.committed).toBe(
      detail.deliveries.reduce((sum, line) => sum + line.price, 0),
    );
    expect(detail.counts).toEqual({
      content_requests: 1,
      opportunities: 0,
      deliveries: 2,
      published: 0,
    });
  });

  it('follows an opportunity: its fee spent, an accepted application’s price committed', async () => {
    const brand = await newBrand(ctx, FUNDS);
    const campaign = await createCampaign(ctx, brand, { visibility: 'public', goal: 'engagement' });
    const opportunityId = await publishOpportunity(ctx, brand);
    const creator = await newCreator(ctx);
    const applicationId = await applyTo(ctx, creator, opportunityId, 120_000);
    const lineId = await acceptApplication(ctx, brand, opportunityId, applicationId);
    expect(
      (await attach(ctx, brand, campaign.campaign_id, 'opportunity', opportunityId)).statusCode,
    ).toBe(200);
    const detail = await campaignOf(brand, campaign.campaign_id);
    expect(detail.money).toEqual({ budget: 2_000_000, ...(await walletSpending(brand)) });
    expect(detail.money.committed).toBe(120_000);
    expect(detail.items[0]).toMatchObject({ kind: 'opportunity', status: 'live' });
    expect(detail.deliveries).toEqual([
      expect.objectContaining({
        content_request_influencer_id: lineId,
        kind: 'opportunity',
        reference: `OP-${String(opportunityId).padStart(6, '0')}-1`,
        price: 120_000,
      }),
    ]);

    const detached = await callAs(
      ctx,
      brand.token,
      'DELETE',
      `/v2/campaigns/${campaign.campaign_id}/items/opportunity/${opportunityId}`,
    );
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json().data).toMatchObject({
      items: [],
      deliveries: [],
      money: { spent: 0, committed: 0 },
    });
    const again = await callAs(
      ctx,
      brand.token,
      'DELETE',
      `/v2/campaigns/${campaign.campaign_id}/items/opportunity/${opportunityId}`,
    );
    expect(again.statusCode).toBe(404);
  });

  it('counts a delivery as published once the team approved its link', async () => {
    const brand = await newBrand(ctx, FUNDS);
    const creator = await newCreator(ctx);
    const campaign = await createCampaign(ctx, brand);
    const request = await sendRequest(ctx, brand, [creator]);
    const lineId = request.lineOf(creator);
    await attach(ctx, brand, campaign.campaign_id, 'content-request', request.id);
    await paidLine(ctx, creator, lineId);
    await submitLinks(ctx, creator, lineId, { instagram: 'https://www.instagram.com/p/abc123/' });
    expect((await campaignOf(brand, campaign.campaign_id)).counts.published).toBe(0);
    await approveLinks(ctx, await createAdmin(ctx), lineId);
    const detail = await campaignOf(brand, campaign.campaign_id);
    expect(detail.counts.published).toBe(1);
    expect(detail.deliveries[0]).toMatchObject({ state: 'completed', published_links: 1 });
  });

  it('moves an item from another campaign, and offers the ones not in this one', async () => {
    const brand = await newBrand(ctx);
    const spring = await createCampaign(ctx, brand, { name: 'Spring' });
    const summer = await createCampaign(ctx, brand, { name: 'Summer' });
    const requestId = await createDraft(ctx, brand, [await newCreator(ctx)], { title: 'Soap' });
    const opportunityId = await draftOpportunity(ctx, brand, { title: 'Recipes' });
    await attach(ctx, brand, spring.campaign_id, 'content-request', requestId);

    const offered = await callAs(
      ctx,
      brand.token,
      'GET',
      `/v2/campaigns/${summer.campaign_id}/attachable`,
    );
    expect(offered.json().data).toEqual([
      expect.objectContaining({
        kind: 'content-request',
        id: requestId,
        title: 'Soap',
        status: 'draft',
        campaign_id: spring.campaign_id,
        campaign_name: 'Spring',
      }),
      expect.objectContaining({
        kind: 'opportunity',
        id: opportunityId,
        campaign_id: null,
        campaign_name: null,
      }),
    ]);
    await attach(ctx, brand, summer.campaign_id, 'content-request', requestId);
    expect((await campaignOf(brand, spring.campaign_id)).items).toEqual([]);
    expect((await campaignOf(brand, summer.campaign_id)).items.map((i) => i.id)).toEqual([
      requestId,
    ]);
    const offeredToSpring = await callAs(
      ctx,
      brand.token,
      'GET',
      `/v2/campaigns/${spring.campaign_id}/attachable`,
    );
    expect(offeredToSpring.json().data[0]).toMatchObject({
      id: requestId,
      campaign_name: 'Summer',
    });
  });
});

describe('who may reach a campaign', () => {
  it('answers 404 for another advertiser’s campaign or item, 403 to creators, 401 without a token', async () => {
    const owner = await newBrand(ctx);
    const other = await newBrand(ctx);
    const campaign = await createCampaign(ctx, owner);
    const ownRequest = await createDraft(ctx, owner, [await newCreator(ctx)]);
    const foreignRequest = await createDraft(ctx, other, [await newCreator(ctx)]);
    const foreignOpportunity = await draftOpportunity(ctx, other);
    await attach(ctx, owner, campaign.campaign_id, 'content-request', ownRequest);
    const id = campaign.campaign_id;
    const foreignCalls: Array<
      [method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown]
    > = [
      ['GET', `/v2/campaigns/${id}`],
      ['PUT', `/v2/campaigns/${id}`, campaignBody()],
      ['DELETE', `/v2/campaigns/${id}`],
      ['GET', `/v2/campaigns/${id}/attachable`],
      ['POST', `/v2/campaigns/${id}/items`, { kind: 'content-request', id: foreignRequest }],
      ['DELETE', `/v2/campaigns/${id}/items/content-request/${ownRequest}`],
    ];
    for (const [method, url, body] of foreignCalls) {
      const answer = await callAs(ctx, other.token, method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    // The owner cannot take in another advertiser's request or opportunity either.
    expect((await attach(ctx, owner, id, 'content-request', foreignRequest)).statusCode).toBe(404);
    expect((await attach(ctx, owner, id, 'opportunity', foreignOpportunity)).statusCode).toBe(404);
    expect((await campaignOf(owner, id)).items.map((i) => i.id)).toEqual([ownRequest]);

    const creator = await createTalent(ctx);
    expect((await callAs(ctx, creator.token, 'GET', '/v2/campaigns')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/campaigns/${id}` })).statusCode).toBe(
      401,
    );
    expect((await callAs(ctx, owner.token, 'GET', '/v2/campaigns/999999999')).statusCode).toBe(404);
  });
});
