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
/** The generated creator who shares the ongoing opportunity with the demo creator. */
const BEACH_CREATOR_EMAIL = 'creator011@demo.clipmarket.tn';

/** The demo's opportunities by title: the title finds each again at the next start. */
export const DEMO_OPPORTUNITY_TITLES = {
  iftar: 'Ramadan 2027 — the iftar table',
  private: 'Délice milk — a private tasting',
  summer: 'Summer by the sea — sparkling water',
  expired: 'Back to school — lunch boxes',
  draft: 'Eid al-Adha — family recipes (draft)',
  harissa: 'Harissa — the spicy challenge',
  couscous: 'Couscous Friday — our semolina',
  dates: 'Deglet Nour dates — the gift box',
  oliveOil: 'Olive oil — the winter harvest',
} as const;
const TITLES = DEMO_OPPORTUNITY_TITLES;

/** A delivery line of an accepted application, and the state the demo brings it to. */
export interface DemoOpportunityDelivery {
  /** The opportunity's title. */
  title: string;
  /** The creator whose line it is. */
  creatorEmail: string;
  /** Their account name in the demo links of their posts. */
  handle: string;
  /** What the creator's video file is named. */
  product: string;
  target: 'submitted' | 'debriefed' | 'link_submitted' | 'completed';
}

/**
 * The opportunities' deliveries (ADR 035: a request's delivery), brought to their states by
 * `seedDemoDeliveries` with the demo video: the ongoing opportunity has a video in review (the
 * demo creator's) and one paid, the held price captured into the creator's earnings, with its
 * links waiting for the team; the demo creator's own lines fill Track Content's filters — To
 * publish (the harissa line, accepted, no video yet), Reviewing, Debriefed, Approved (paid,
 * links submitted) and Completed.
 */
export const DEMO_OPPORTUNITY_DELIVERIES: readonly DemoOpportunityDelivery[] = [
  {
    title: TITLES.summer,
    creatorEmail: CREATOR_EMAIL,
    handle: 'yasmine.trabelsi',
    product: 'sparkling water',
    target: 'submitted',
  },
  {
    title: TITLES.summer,
    creatorEmail: BEACH_CREATOR_EMAIL,
    handle: 'creator011',
    product: 'sparkling water',
    target: 'link_submitted',
  },
  {
    title: TITLES.couscous,
    creatorEmail: CREATOR_EMAIL,
    handle: 'yasmine.trabelsi',
    product: 'semolina',
    target: 'debriefed',
  },
  {
    title: TITLES.dates,
    creatorEmail: CREATOR_EMAIL,
    handle: 'yasmine.trabelsi',
    product: 'dates',
    target: 'link_submitted',
  },
  {
    title: TITLES.oliveOil,
    creatorEmail: CREATOR_EMAIL,
    handle: 'yasmine.trabelsi',
    product: 'olive oil',
    target: 'completed',
  },
];

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
 * whose deadline is today that nobody was accepted to (expired, as the deadline's job does), a
 * draft, and four one-spot ones the demo creator was accepted to, whose lines
 * `DEMO_OPPORTUNITY_DELIVERIES` takes on (run `seedDemoDeliveries` after this). Paid from the
 * brand's wallet (seeded before). Idempotent per title: an opportunity of the brand with a demo
 * title (draft or published) is left alone, so a restart writes nothing and a database from
 * before an opportunity was added to the demo gets it at its next start.
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
  const existing = new Set<string>();
  for (const filter of ['all', 'draft'] as const) {
    let before: number | undefined;
    do {
      const page = await drafts.list(brandCaller, {
        filter,
        limit: 50,
        ...(before === undefined ? {} : { before }),
      });
      for (const opportunity of page.data) existing.add(opportunity.title);
      before = page.next_before ?? undefined;
    } while (before !== undefined);
  }
  const missing = (title: string) => !existing.has(title);
  if (!Object.values(TITLES).some(missing)) return { opportunitiesCreated: 0 };

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

  let created = 0;
  const [a, b, c, d, e, f, g, h, k] = others;

  // Live and public: applications in every state, and interests without an application.
  if (missing(TITLES.iftar)) {
    const iftar = await publish({
      ...base,
      title: TITLES.iftar,
      spots: 4,
      application_deadline: inDays(now, 10),
      delivery_date: inDays(now, 20),
      publishing_deadline: inDays(now, 25),
      brief:
        'Film your iftar table at sunset with our olive oil: pour it, taste it, and tell us the ' +
        'family recipe it goes into. Natural light, your own kitchen, no voice-over.',
    });
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
    created += 1;
  }

  // Private: only the invited creators see it.
  if (missing(TITLES.private)) {
    await publish({
      ...base,
      title: TITLES.private,
      visibility: 'private',
      invited_influencer_ids: [demoCreator.influencerId, g!.influencerId],
      spots: 2,
      application_deadline: inDays(now, 7),
      delivery_date: inDays(now, 14),
      brief: 'A tasting at home with two generations: your grandmother, your children, our milk.',
    });
    created += 1;
  }

  // Ongoing: both spots taken, the deliveries open (held prices, lines accepted); the demo
  // deliveries take them on (a video in review, one paid).
  if (missing(TITLES.summer)) {
    const summer = await publish({
      ...base,
      title: TITLES.summer,
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
    created += 1;
  }

  // Its deadline is today and nobody was accepted: the deadline's job expires it.
  if (missing(TITLES.expired)) {
    const expired = await publish({
      ...base,
      title: TITLES.expired,
      spots: 3,
      application_deadline: inDays(now, 0),
      delivery_date: inDays(now, 6),
      brief: 'Prepare a lunch box with our cheese the night before school.',
    });
    await apply(k!, expired, 60_000, 'a young parent');
    await applications.onApplicationDeadline(expired);
    created += 1;
  }

  if (missing(TITLES.draft)) {
    await drafts.create(brandCaller, { ...base, title: TITLES.draft, spots: 3 });
    created += 1;
  }

  // One spot each, the demo creator's (ongoing): their lines in Track Content's states.
  const forTheDemoCreator: { title: string; price: number; brief: string }[] = [
    {
      title: TITLES.harissa,
      price: 120_000,
      brief: 'Add our harissa to a dish your family loves, then take the spicy bite on camera.',
    },
    {
      title: TITLES.couscous,
      price: 110_000,
      brief: 'Friday couscous with our semolina: steam it, serve it, gather the family around it.',
    },
    {
      title: TITLES.dates,
      price: 130_000,
      brief: 'Open our gift box of Deglet Nour dates with milk, as guests are welcomed at home.',
    },
    {
      title: TITLES.oliveOil,
      price: 150_000,
      brief: 'The first oil of the winter harvest on warm bread: pour it slowly, in daylight.',
    },
  ];
  for (const [index, opportunity] of forTheDemoCreator.entries()) {
    if (!missing(opportunity.title)) continue;
    const id = await publish({
      ...base,
      title: opportunity.title,
      spots: 1,
      application_deadline: inDays(now, 6 + index),
      delivery_date: inDays(now, 13 + index),
      publishing_deadline: inDays(now, 18 + index),
      brief: opportunity.brief,
    });
    const applicationId = await apply(demoCreator, id, opportunity.price, 'Yasmine');
    await decide(id, applicationId, { decision: 'accept' });
    created += 1;
  }
  return { opportunitiesCreated: created };
}
