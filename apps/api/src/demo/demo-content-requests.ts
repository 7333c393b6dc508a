import type { DbOrTx } from '../platform/db/client.js';
import type { ContentRequestsService } from '../modules/content-requests/index.js';
import { findAccountByEmail, findDemoProfileByEmail } from '../modules/users/index.js';

export interface DemoContentRequestsDeps {
  contentRequests: Pick<ContentRequestsService, 'create' | 'checkout' | 'list' | 'transition'>;
}

const BRAND_EMAIL = 'brand@clipmarket.tn';
const CREATOR_EMAIL = 'creator@clipmarket.tn';

/** A delivery date `days` from now (YYYY-MM-DD): demo deadlines stay in the future. */
function inDays(now: Date, days: number) {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The demo brand's content requests, made through the real flow (issue 10): one paid from its
 * wallet that the demo creator accepted and another creator declined, one the demo creator has
 * still to answer, and a draft. Both sides' lists, filters, badges and notifications show them.
 * Idempotent: a brand that has any request is left alone.
 */
export async function seedDemoContentRequests(
  db: DbOrTx,
  deps: DemoContentRequestsDeps,
  now = new Date(),
): Promise<{ requestsCreated: number }> {
  const brand = await findAccountByEmail(db, BRAND_EMAIL);
  const creator = await findAccountByEmail(db, CREATOR_EMAIL);
  if (!brand || !creator) return { requestsCreated: 0 };
  const brandCaller = { userId: brand.id, role: brand.role };
  // One after the other, never in Promise.all: the service may read on a transaction's one
  // connection, which runs one query at a time (pg warns, and will refuse, otherwise).
  const sent = await deps.contentRequests.list(brandCaller, { filter: 'all', limit: 1 });
  const drafts = await deps.contentRequests.list(brandCaller, { filter: 'draft', limit: 1 });
  if (sent.data.length > 0 || drafts.data.length > 0) return { requestsCreated: 0 };

  /** A creator's user and influencer ids (null unless the account has a creator profile). */
  const creatorOf = async (email: string) => {
    const profile = await findDemoProfileByEmail(db, email);
    return profile?.influencerId == null
      ? null
      : { userId: profile.userId, influencerId: profile.influencerId };
  };
  const demoCreator = await creatorOf(CREATOR_EMAIL);
  const first = await creatorOf('creator001@demo.clipmarket.tn');
  const second = await creatorOf('creator002@demo.clipmarket.tn');
  const third = await creatorOf('creator003@demo.clipmarket.tn');
  if (!demoCreator || !first || !second || !third) return { requestsCreated: 0 };

  const brief = {
    content_type: 'product_demo' as const,
    video_duration: 30 as const,
    format: 'portrait' as const,
    platforms: ['instagram' as const, 'tiktok' as const],
    delivery_slot: '18:00',
  };
  const send = async (body: Parameters<ContentRequestsService['create']>[1]) => {
    const draft = await deps.contentRequests.create(brandCaller, body);
    await deps.contentRequests.checkout(brandCaller, draft.content_request_id, {
      method: 'wallet',
    });
    return (await deps.contentRequests.list(brandCaller, { filter: 'all', limit: 5 })).data.find(
      (request) => request.content_request_id === draft.content_request_id,
    )!;
  };

  const iftar = await send({
    ...brief,
    influencer_ids: [demoCreator.influencerId, second.influencerId],
    title: 'Ramadan 2027 — iftar recipes',
    product_name: 'Délice milk',
    description: 'A quick iftar recipe with our milk, filmed in your kitchen at sunset.',
    delivery_date: inDays(now, 12),
    publishing_deadline: inDays(now, 15),
    script:
      'Open on the table at sunset.\nPour a glass of Délice milk and say: "My iftar starts here."\n' +
      'Show the recipe in three steps, then the family around the table.',
  });
  const lineOf = (influencerId: number) =>
    iftar.lines.find((line) => line.influencer_id === influencerId)!.content_request_influencer_id;
  await deps.contentRequests.transition(
    { userId: demoCreator.userId, role: 'TALENT' },
    lineOf(demoCreator.influencerId),
    { transition: 'accept' },
  );
  await deps.contentRequests.transition(
    { userId: second.userId, role: 'TALENT' },
    lineOf(second.influencerId),
    { transition: 'decline', reason: 'The deadline is too short' },
  );

  await send({
    ...brief,
    influencer_ids: [demoCreator.influencerId, first.influencerId],
    title: 'Jasmine soap — summer launch',
    product_name: 'Jasmine soap',
    description: 'Show the soap and its scent in daylight, by the sea if you can.',
    delivery_date: inDays(now, 20),
    script: 'Start with the sea. Unwrap the soap, smell it, and tell us where it takes you.',
  });

  await deps.contentRequests.create(brandCaller, {
    influencer_ids: [third.influencerId],
    title: 'Summer collection teaser',
    content_type: 'brand_presentation',
    video_duration: 15,
  });
  return { requestsCreated: 3 };
}
