import fs from 'node:fs';
import path from 'node:path';
import type { Role } from '@clipmarket/contracts/enums';
import {
  publicationLinksBodySchema,
  reviewBodySchema,
  type ReviewBody,
  type VideoStatus,
} from '@clipmarket/contracts/content-delivery';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, DbOrTx } from '../platform/db/client.js';
import { inTransaction } from '../platform/db/transaction.js';
import type { Logger } from '../platform/jobs/job-queue.js';
import {
  payoutSourceKey,
  type ContentRequestsModule,
  type ContentRequestsService,
} from '../modules/content-requests/index.js';
import type { PayoutsService } from '../modules/payouts/index.js';
import type { SettingsReader } from '../modules/settings/index.js';
import { findAccountByEmail, findInfluencerIdsByEmail } from '../modules/users/index.js';
import { DEMO_OPPORTUNITY_DELIVERIES } from './demo-opportunities.js';
import { makeDemoVideo } from './demo-video.js';

const BRAND_EMAIL = 'brand@clipmarket.tn';
const CREATOR_EMAIL = 'creator@clipmarket.tn';
const ADMIN_EMAIL = 'admin@clipmarket.tn';
const DAY_MS = 86_400_000;

/** Where each demo line is brought, one per step of issue 11 a visitor should see. */
export type DemoDeliveryTarget =
  'submitted' | 'debriefed' | 'link_submitted' | 'completed' | 'disputed';

interface DemoDelivery {
  title: string;
  product_name: string;
  description: string;
  script: string;
  target: DemoDeliveryTarget;
}

/**
 * The demo brand's deliveries with the demo creator, created in this order (lists show the
 * newest first: the video waiting for review on top). Titles identify them at the next start.
 */
export const DEMO_DELIVERIES: readonly DemoDelivery[] = [
  {
    title: 'Butter — Eid pastries',
    product_name: 'Délice butter',
    description: 'Bake makroud or ghriba for Eid with our butter, in a warm family kitchen.',
    script: 'Hands in the dough, the butter melting, the tray out of the oven, the family tasting.',
    target: 'completed',
  },
  {
    title: 'Yogurt — back to school',
    product_name: 'Délice yogurt',
    description: 'A quick, healthy snack for the school bag.',
    script: 'Morning rush, the school bag, a yogurt slipped in, a smile at the school gate.',
    target: 'link_submitted',
  },
  {
    title: 'Chocolate cream — dessert time',
    product_name: 'Délice chocolate cream',
    description: 'The dessert everybody waits for after dinner.',
    script: 'Dinner ends, the fridge opens, everybody reaches for the chocolate cream.',
    target: 'disputed',
  },
  {
    title: 'Fresh cheese — breakfast table',
    product_name: 'Délice fresh cheese',
    description: 'A Tunisian breakfast around our fresh cheese, olives and warm bread.',
    script: 'Sunlight on the table, bread torn by hand, the cheese spread, a sip of tea.',
    target: 'debriefed',
  },
  {
    title: 'Laban — summer refreshment',
    product_name: 'Délice laban',
    description: 'A cold glass of laban on a hot afternoon by the sea.',
    script: 'The beach, the heat, a bottle of laban out of the cooler, the first sip.',
    target: 'submitted',
  },
];

/** The brand's reviews and the creator's words along the way (spec §3 feedback reasons). */
const REVIEWS: Record<'approve' | 'debrief' | 'reject', ReviewBody> = {
  approve: {
    decision: 'approve',
    feedback_reasons: ['creativity', 'storytelling', 'brand_aligned'],
    rating: 5,
    comment: 'Exactly the warmth we wanted. Thank you!',
  },
  debrief: {
    decision: 'debrief',
    feedback_reasons: ['brand_visibility', 'format_and_length'],
    comment: 'Lovely light! Please show the cheese pack with its logo for two seconds at the end.',
    // Issue 27 §3: points on the preview's timeline (the demo video lasts 3 s).
    notes: [
      {
        time_ms: 800,
        note: 'Hold the pack still here, its logo facing the camera.',
        region: { x: 0.3, y: 0.35, width: 0.4, height: 0.3 },
      },
      { time_ms: 2500, note: 'End on the pack with its logo for two seconds.' },
    ],
  },
  reject: {
    decision: 'reject',
    feedback_reasons: ['tone', 'brand_visibility'],
    comment: 'The tone does not fit our brand and the product is hardly visible.',
  },
};
const DISPUTE_REASON =
  'I followed the brief and the script: the cream is on screen for most of the video.';

export interface DemoDeliveriesDeps {
  contentRequests: Pick<
    ContentRequestsService,
    'create' | 'checkout' | 'listCreatorLines' | 'getLine' | 'transition'
  >;
  /** The videos module: its server-side import (demo only) and a line's newest version. */
  videos: {
    importVideo(input: {
      lineId: number;
      creatorUserId: number;
      file: string;
      filename: string;
    }): Promise<{ videoId: number }>;
    latestOf(
      q: DbOrTx,
      lineId: number,
    ): Promise<{ videoId: number; version: number; status: VideoStatus } | undefined>;
  };
  /** The payouts module's public `schedule` port (a due payout for the completed line). */
  payouts: Pick<PayoutsService, 'schedule'>;
  settings: Pick<SettingsReader, 'get'>;
  /** Issue 11's steps: review, the content fee, links and the team's decision on them. */
  delivery: Pick<ContentRequestsModule, 'review' | 'contentPayment' | 'publication'>;
  /** ffmpeg (FFMPEG_PATH): makes the demo video; without it the video steps are skipped. */
  ffmpeg: string;
  /** A folder for the demo video while seeding (removed after). */
  workDir: string;
  log: Pick<Logger, 'info' | 'warn'>;
  /**
   * How long seeding waits for one video's processing (default 120 s: a second or two alone,
   * much longer on a machine busy with other work; the next start goes on from there anyway).
   */
  processingTimeoutMs?: number;
}

export interface DemoDeliveriesResult {
  requestsCreated: number;
  videosImported: number;
  /** Steps taken on the lines (accept, review, pay, links, decisions, dispute). */
  stepsTaken: number;
}

/** A line as the demo creator reads it (getLine as its creator). */
interface LineSeen {
  status: ContentRequestLineState;
  price: number;
  fundsSecured: boolean;
  reference: string;
  title: string;
  platforms: readonly string[];
  links: readonly { link_id: number; state: string }[];
}

/** Example public links of a creator's posts (https, one per platform). */
function postUrl(platform: string, lineId: number, handle: string): string {
  return platform === 'tiktok'
    ? `https://www.tiktok.com/@${handle}/video/74${String(lineId).padStart(17, '0')}`
    : `https://www.instagram.com/p/ClipmarketDemo${lineId}/`;
}

type Actor = { userId: number; role: Role };

/** A line the demo brings to a state: whose it is, where it goes, its video's file name. */
interface LineGoal {
  lineId: number;
  title: string;
  target: DemoDeliveryTarget;
  creator: Actor;
  /** The creator's account name in their posts' links. */
  handle: string;
  filename: string;
}

const videoFilename = (product: string) => `${product.toLowerCase().replace(/\W+/g, '-')}.mp4`;

/**
 * The demo brand's content deliveries (issue 11), made through the real flow: five requests to
 * the demo creator, each line brought to one state — a video waiting for the brand's review, a
 * version debriefed (the creator has to send a new one), one approved and paid (HD download,
 * the creator's pending payout, links waiting at `/admin/publications`), one completed whose
 * payout is due (`/admin/payouts`), and one rejected then disputed (`/admin/disputes`) — and
 * the lines of the demo opportunities' accepted applications (`DEMO_OPPORTUNITY_DELIVERIES`,
 * delivered as a request's: ADR 035), opened by `seedDemoOpportunities` before. The video is
 * one short clip made by ffmpeg once per start, imported as each creator's upload; its
 * processing job makes each line's watermarked preview. Resumable and idempotent: each line
 * moves on from where it is towards its state, so a start that stopped halfway (no ffmpeg,
 * processing slow) is finished by the next one, and a start with everything in place changes
 * nothing.
 */
export async function seedDemoDeliveries(
  db: Db,
  deps: DemoDeliveriesDeps,
  now = new Date(),
): Promise<DemoDeliveriesResult> {
  const result: DemoDeliveriesResult = { requestsCreated: 0, videosImported: 0, stepsTaken: 0 };
  // One after the other, as everywhere a transaction could be handed in: a transaction is one
  // connection that runs one query at a time (pg warns, and pg 9 refuses, a second meanwhile).
  const brand = await findAccountByEmail(db, BRAND_EMAIL);
  const creator = await findAccountByEmail(db, CREATOR_EMAIL);
  const admin = await findAccountByEmail(db, ADMIN_EMAIL);
  const influencerId = (await findInfluencerIdsByEmail(db, [CREATOR_EMAIL])).get(CREATOR_EMAIL);
  if (!brand || !creator || !admin || influencerId === undefined) return result;
  const brandActor = { userId: brand.id, role: brand.role };
  const creatorActor = { userId: creator.id, role: creator.role };
  const adminActor = { userId: admin.id, role: admin.role };

  /** A creator's lines of a source by title (the newest of a title). */
  async function linesByTitle(
    of: Actor,
    source: 'content-request' | 'opportunity',
  ): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    let before: number | undefined;
    do {
      const page = await deps.contentRequests.listCreatorLines(of, {
        source,
        filter: 'all',
        content_filter: 'all',
        limit: 50,
        ...(before === undefined ? {} : { before }),
      });
      for (const line of page.data) {
        if (!found.has(line.title)) found.set(line.title, line.content_request_influencer_id);
      }
      before = page.next_before ?? undefined;
    } while (before !== undefined);
    return found;
  }

  const inDays = (days: number) =>
    new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
  /** A request to the demo creator with the delivery's brief, paid from the brand's wallet. */
  const send = async (delivery: DemoDelivery) => {
    const draft = await deps.contentRequests.create(brandActor, {
      influencer_ids: [influencerId],
      title: delivery.title,
      content_type: 'product_demo',
      video_duration: 30,
      format: 'portrait',
      platforms: ['instagram', 'tiktok'],
      product_name: delivery.product_name,
      description: delivery.description,
      script: delivery.script,
      delivery_date: inDays(14),
      delivery_slot: '18:00',
      publishing_deadline: inDays(21),
    });
    await deps.contentRequests.checkout(brandActor, draft.content_request_id, {
      method: 'wallet',
    });
  };

  let lines = await linesByTitle(creatorActor, 'content-request');
  for (const delivery of DEMO_DELIVERIES) {
    if (lines.has(delivery.title)) continue;
    try {
      await send(delivery);
      result.requestsCreated += 1;
    } catch (error) {
      deps.log.warn({ err: error, title: delivery.title }, 'a demo delivery was not sent');
    }
  }
  if (result.requestsCreated > 0) lines = await linesByTitle(creatorActor, 'content-request');

  // Every line to bring on: the requests' (the demo creator's), then the opportunities' (the
  // demo creator's and another creator's), found by title in each creator's Track Content.
  const goals: LineGoal[] = DEMO_DELIVERIES.flatMap((delivery) => {
    const lineId = lines.get(delivery.title);
    return lineId === undefined
      ? []
      : [
          {
            lineId,
            title: delivery.title,
            target: delivery.target,
            creator: creatorActor,
            handle: 'yasmine.trabelsi',
            filename: videoFilename(delivery.product_name),
          },
        ];
  });
  const opportunityLines = new Map<string, { actor: Actor; lines: Map<string, number> }>();
  for (const delivery of DEMO_OPPORTUNITY_DELIVERIES) {
    if (!opportunityLines.has(delivery.creatorEmail)) {
      const account = await findAccountByEmail(db, delivery.creatorEmail);
      if (!account) continue;
      const actor = { userId: account.id, role: account.role };
      opportunityLines.set(delivery.creatorEmail, {
        actor,
        lines: await linesByTitle(actor, 'opportunity'),
      });
    }
    const of = opportunityLines.get(delivery.creatorEmail)!;
    const lineId = of.lines.get(delivery.title);
    if (lineId === undefined) continue;
    goals.push({
      lineId,
      title: delivery.title,
      target: delivery.target,
      creator: of.actor,
      handle: delivery.handle,
      filename: videoFilename(delivery.product),
    });
  }

  async function read(goal: LineGoal): Promise<LineSeen> {
    const { lineId } = goal;
    const line = await deps.contentRequests.getLine(goal.creator, lineId);
    if (line.viewer !== 'creator') throw new Error(`line ${lineId} is not its creator's`);
    return {
      status: line.status,
      price: line.price,
      fundsSecured: line.funds_secured,
      reference: line.reference,
      title: line.title,
      platforms: line.platforms,
      links: line.links,
    };
  }

  // The demo video, made once and only when a line needs one (a restart runs no ffmpeg).
  let video: Promise<string | null> | undefined;
  let folder: string | undefined;
  const demoVideo = () =>
    (video ??= (async () => {
      await fs.promises.mkdir(deps.workDir, { recursive: true });
      folder = await fs.promises.mkdtemp(path.join(deps.workDir, 'demo-video-'));
      const made = await makeDemoVideo(deps.ffmpeg, folder);
      if ('file' in made) return made.file;
      deps.log.warn(
        { err: made.error, ffmpeg: deps.ffmpeg },
        'ffmpeg is not available: the demo videos are skipped (their lines stay accepted)',
      );
      return null;
    })());
  /** Waits until the line's newest video is processed; false when it failed or time ran out. */
  async function processed(lineId: number): Promise<boolean> {
    const deadline = Date.now() + (deps.processingTimeoutMs ?? 120_000);
    for (;;) {
      const latest = await deps.videos.latestOf(db, lineId);
      if (latest?.status === 'ready') return true;
      if (latest?.status === 'failed') {
        deps.log.warn({ lineId, videoId: latest.videoId }, 'a demo video failed processing');
        return false;
      }
      if (Date.now() > deadline) {
        deps.log.warn({ lineId }, 'a demo video is still processing: the next start goes on');
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Takes the line's next step towards its target (counted in `stepsTaken`); false when there
   * is nothing more to do now: at its target, waiting for its video, or moved elsewhere by
   * someone (then left alone).
   */
  async function step(goal: LineGoal, wait: boolean): Promise<boolean> {
    const { lineId, target } = goal;
    const line = await read(goal);
    if (line.status === target) return false;
    const took = () => {
      result.stepsTaken += 1;
      return true;
    };
    switch (line.status) {
      case 'sent':
        await deps.contentRequests.transition(goal.creator, lineId, { transition: 'accept' });
        return took();
      case 'accepted': {
        const latest = await deps.videos.latestOf(db, lineId);
        if (latest?.status === 'processing') return wait && (await processed(lineId));
        // A ready video on a line still accepted, or a second failure: not the demo's path.
        if (latest && (latest.status === 'ready' || latest.version >= 2)) return false;
        const file = await demoVideo();
        if (!file) return false;
        await deps.videos.importVideo({
          lineId,
          creatorUserId: goal.creator.userId,
          file,
          filename: goal.filename,
        });
        result.videosImported += 1;
        return wait && (await processed(lineId));
      }
      case 'submitted': {
        const decision =
          target === 'debriefed' ? 'debrief' : target === 'disputed' ? 'reject' : 'approve';
        if (decision === 'approve' && target === 'completed' && line.fundsSecured) {
          // Paid "earlier" (the approval captures the reserved fee): its payout is due now.
          // Scheduled first under the line's own key, the payment's scheduling then finds it
          // (one payout per line, same amount).
          const delayDays = await deps.settings.get(db, 'creator_payout_delay_days');
          await inTransaction(db, (tx) =>
            deps.payouts.schedule(tx, {
              creatorUserId: goal.creator.userId,
              amount: line.price,
              sourceKey: payoutSourceKey(lineId),
              source: {
                content_request_influencer_id: lineId,
                reference: line.reference,
                title: line.title,
              },
              paidAt: new Date(now.getTime() - (delayDays + 1) * DAY_MS),
            }),
          );
        }
        // Validated as the route validates it.
        await deps.delivery.review.review(
          brandActor,
          lineId,
          reviewBodySchema.parse(REVIEWS[decision]),
        );
        return took();
      }
      case 'approved': {
        if (target !== 'link_submitted' && target !== 'completed') return false;
        await deps.delivery.contentPayment.pay(brandActor, lineId, { method: 'wallet' });
        return took();
      }
      case 'paid':
        await deps.delivery.publication.submitLinks(
          goal.creator,
          lineId,
          publicationLinksBodySchema.parse({
            links: line.platforms.map((platform) => ({
              platform,
              url: postUrl(platform, lineId, goal.handle),
            })),
          }),
        );
        return took();
      case 'link_submitted': {
        if (target !== 'completed') return false;
        for (const link of line.links.filter((l) => l.state === 'submitted')) {
          await deps.delivery.publication.decideLink(adminActor, link.link_id, {
            decision: 'approve',
          });
        }
        return took();
      }
      case 'rejected':
        if (target !== 'disputed') return false;
        await deps.contentRequests.transition(goal.creator, lineId, {
          transition: 'dispute',
          reason: DISPUTE_REASON,
        });
        return took();
      default:
        return false;
    }
  }

  async function advance(goal: LineGoal, wait: boolean) {
    try {
      // Bounded: each step moves the line along its path (at most 8 states to its target).
      for (let n = 0; n < 12; n += 1) {
        if (!(await step(goal, wait))) return;
      }
    } catch (error) {
      // The demo must not stop the server: this line stays where it is until the next start.
      deps.log.warn(
        { err: error, lineId: goal.lineId, title: goal.title },
        'a demo delivery stopped',
      );
    }
  }

  try {
    // First every line up to its video (the processing jobs run meanwhile, one after the
    // other), then each line to its state, waiting for its video where it needs it.
    for (const goal of goals) await advance(goal, false);
    for (const goal of goals) {
      await advance(goal, true);
      // Says which line stopped short of its state, and where (the next start tries again).
      const { status } = await read(goal);
      // Without ffmpeg the lines wait for their video: that warning was given already.
      const waitsForVideo = status === 'accepted' && !(await demoVideo());
      if (status !== goal.target && !waitsForVideo) {
        deps.log.warn(
          { lineId: goal.lineId, status, target: goal.target },
          `a demo delivery stopped at ${status} before ${goal.target}`,
        );
      }
    }
  } finally {
    if (folder) await fs.promises.rm(folder, { recursive: true, force: true });
  }
  return result;
}
