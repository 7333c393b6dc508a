import { requestToday } from '@clipmarket/contracts/request-dates';
import type { DbOrTx } from '../platform/db/client.js';
import type { createOpportunitiesModule } from '../modules/opportunities/index.js';
import { findAccountByEmail, findDemoProfileByEmail } from '../modules/users/index.js';

type OpportunitiesModule = ReturnType<typeof createOpportunitiesModule>;
type Draft = Parameters<OpportunitiesModule['drafts']['create']>[1];

export interface DemoOpportunitiesDeps {
  opportunities: Pick<OpportunitiesModule, 'drafts' | 'publishing' | 'applications'>;
}

const BRAND_EMAIL = 'brand@clipmarket.tn';
const CREATOR_EMAIL = 'creator@clipmarket.tn';

/** `days` after today in Tunisia's calendar (YYYY-MM-DD): demo deadlines stay ahead. */
function inDays(now: Date, days: number) {
  const date = new Date(`${requestToday(now)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const pitch = (name: string) =>
  `I am ${name}: I film recipes and family moments every week, and my followers cook along.`;

/**
 * The demo brand's opportunities, made through the real flow (issue 23 §8): a live public one
 * with interests and applications in every state (under review, debriefed, accepted with its
 * price held, declined, withdrawn — the demo creator's own under review), a private one the demo
 * creator is invited to, an ongoing one whose spots are all taken (its delivery lines open), one
 * whose deadline is today that nobody was accepted to (expired, as the deadline's job does), and a
 * draft. Paid from the brand's wallet (seeded before). Idempotent: a brand with any opportunity is
 * left alone.
 */
export async function seedDemoOpportunities(
  db: DbOrTx,
  deps: DemoOpportunitiesDeps,
  now = new Date(),
): Promise<{ opportunitiesCreated: number }> {
  const { drafts, publishing, applications } = deps.opportunities;
  const brand = await findAccountByEmail(db, BRAND_EMAIL);
  if (!brand) return { opportunitiesCreated: 0 };
  const brandCaller = { userId: brand.id, role: brand.role };
  const existing = await drafts.list(brandCaller, { filter: 'all', limit: 1 });
  const existingDrafts = await drafts.list(brandCaller, { filter: 'draft', limit: 1 });
  if (existing.data.length > 0 || existingDrafts.data.length > 0) {
    return { opportunitiesCreated: 0 };
  }

  const creatorOf = async (email: string) => {
    const profile = await findDemoProfileByEmail(db, email);
    return profile?.influencerId == null
      ? null
      : {
          caller: { userId: profile.userId, role: 'TALENT' as const },
          influencerId: profile.influencerId,
        };
  };
  const demoCreator = await creatorOf(CREATOR_EMAIL);
  const others = [];
  for (let index = 4; index <= 12; index += 1) {
    const found = await creatorOf(`creator${String(index).padStart(3, '0')}@demo.clipmarket.tn`);
    if (found) others.push(found);
  }
  if (!demoCreator || others.length < 9) return { opportunitiesCreated: 0 };

  const base = {
    content_type: 'product_feedback',
    video_duration: 30,
    format: 'portrait',
    platforms: ['instagram', 'tiktok'],
    price_min: 60_000,
    price_max: 150_000,
    delivery_slot: '18:00',
    screening_questions: ['Have you filmed a recipe before? Share a link if you can.'],
    checklist: ['The bottle is visible in the first three seconds', 'Say where to buy it'],
  } satisfies Draft;
  const publish = async (draft: Draft) => {
    const created = await drafts.create(brandCaller, draft);
    await publishing.checkout(brandCaller, created.content_opportunity_id, { method: 'wallet' });
    return created.content_opportunity_id;
  };
  const apply = async (
    creator: NonNullable<Awaited<ReturnType<typeof creatorOf>>>,
    id: number,
    price: number,
    name: string,
  ) => {
    await applications.recordInterest(creator.caller, id);
    return (
      await applications.apply(creator.caller, id, {
        price,
        pitch: pitch(name),
        answers: ['Yes: a weekly recipe series on my account.'],
        accepts_brief: true,
      })
    ).content_opportunity_influencer_id;
  };
  const decide = (
    id: number,
    applicationId: number,
    body: Parameters<typeof applications.decide>[3],
  ) => applications.decide(brandCaller, id, applicationId, body);

  // Live and public: applications in every state, and interests without an application.
  const iftar = await publish({
    ...base,
    title: 'Ramadan 2027 — the iftar table',
    spots: 4,
    application_deadline: inDays(now, 10),
    delivery_date: inDays(now, 20),
    publishing_deadline: inDays(now, 25),
    brief:
      'Film your iftar table at sunset with our olive oil: pour it, taste it, and tell us the ' +
      'family recipe it goes into. Natural light, your own kitchen, no voice-over.',
  });
  const [a, b, c, d, e, f, g, h, k] = others;
  await apply(demoCreator, iftar, 110_000, 'Yasmine');
  const accepted = await apply(a!, iftar, 90_000, 'a home cook from Sfax');
  await decide(iftar, accepted, { decision: 'accept' });
  const debriefed = await apply(b!, iftar, 150_000, 'a food blogger from Sousse');
  await decide(iftar, debriefed, {
    decision: 'debrief',
    reason: 'We love the idea: could you do it for 120 TND?',
  });
  const declined = await apply(c!, iftar, 140_000, 'a travel creator');
  await decide(iftar, declined, {
    decision: 'decline',
    reason: 'We are looking for creators who cook at home.',
  });
  const withdrawn = await apply(d!, iftar, 80_000, 'a student in Tunis');
  await applications.withdraw(d!.caller, withdrawn);
  await apply(e!, iftar, 75_000, 'a pastry chef');
  await applications.recordInterest(f!.caller, iftar);

  // Private: only the invited creators see it.
  await publish({
    ...base,
    title: 'Délice milk — a private tasting',
    visibility: 'private',
    invited_influencer_ids: [demoCreator.influencerId, g!.influencerId],
    spots: 2,
    application_deadline: inDays(now, 7),
    delivery_date: inDays(now, 14),
    brief: 'A tasting at home with two generations: your grandmother, your children, our milk.',
  });

  // Ongoing: both spots taken, the deliveries open (held prices, lines accepted).
  const summer = await publish({
    ...base,
    title: 'Summer by the sea — sparkling water',
    spots: 2,
    application_deadline: inDays(now, 5),
    delivery_date: inDays(now, 12),
    publishing_deadline: inDays(now, 16),
    brief: 'Show the bottle at the beach, cold, with friends, and the first sip.',
  });
  for (const [creator, price] of [
    [demoCreator, 100_000],
    [h!, 70_000],
  ] as const) {
    const applicationId = await apply(creator, summer, price, 'a beach lover');
    await decide(summer, applicationId, { decision: 'accept' });
  }

  // Its deadline is today and nobody was accepted: the deadline's job expires it.
  const expired = await publish({
    ...base,
    title: 'Back to school — lunch boxes',
    spots: 3,
    application_deadline: inDays(now, 0),
    delivery_date: inDays(now, 6),
    brief: 'Prepare a lunch box with our cheese the night before school.',
  });
  await apply(k!, expired, 60_000, 'a young parent');
  await applications.onApplicationDeadline(expired);

  await drafts.create(brandCaller, {
    ...base,
    title: 'Eid al-Adha — family recipes (draft)',
    spots: 3,
  });
  return { opportunitiesCreated: 5 };
}
