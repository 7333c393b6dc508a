import type { DbOrTx } from '../platform/db/client.js';
import type { TrackedLinksService } from '../modules/tracked-links/index.js';
import { findAccountByEmail } from '../modules/users/index.js';
import { createRandom } from './prng.js';

const CREATOR_EMAIL = 'creator@clipmarket.tn';
const DAY_MS = 86_400_000;
/** Clicks spread over the last two weeks. */
const CLICK_DAYS = 14;
const CLICKS_SEED = 20_240_624;

/** Deliveries whose posts are out (or waiting for the team): their links are in the bios. */
const CLICKED_STATES = new Set(['completed', 'link_submitted']);

/** Who opens a creator's link: mostly phones in the platforms' own browsers. */
const PEOPLE = [
  {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 321.0.2.18.109 (iPhone14,5; iOS 17_4; fr_FR)',
    referer: 'https://l.instagram.com/',
  },
  {
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 musical_ly_2023405030 BytedanceWebview/d8a21c6',
    referer: undefined,
  },
  {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    referer: undefined,
  },
  {
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0 Mobile Safari/537.36',
    referer: 'https://www.facebook.com/',
  },
  {
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0 Safari/537.36',
    referer: undefined,
  },
] as const;
/** The link shared in chats: the apps fetch it for their preview. */
const PREVIEW_FETCHERS = [
  'WhatsApp/2.24.6.77 A',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'TelegramBot (like TwitterBot)',
] as const;
/** A crawler: the redirect counts it nowhere. */
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export interface DemoTrackedLinksDeps {
  trackedLinks: Pick<TrackedLinksService, 'toolboxOf' | 'visit'>;
}

export interface DemoTrackedLinksResult {
  /** The demo creator's short links that got their visits in this run. */
  linksClicked: number;
  /** Visits recorded (people and previews; the crawler's not counted). */
  visitsRecorded: number;
}

/**
 * The demo creator's short links and their clicks (issue 24 §5, §7): her toolbox opened as the
 * service does on first sight (one link per delivery and platform), then visits of the last two
 * weeks on the links of her published deliveries through the redirect's own recording — people
 * in Instagram's and TikTok's browsers and others, link previews in chats, a crawler left out.
 * A link that has any click is left alone, so a second start records nothing and an
 * interrupted one goes on with the links still without clicks.
 */
export async function seedDemoTrackedLinks(
  db: DbOrTx,
  deps: DemoTrackedLinksDeps,
  now = new Date(),
): Promise<DemoTrackedLinksResult> {
  const result: DemoTrackedLinksResult = { linksClicked: 0, visitsRecorded: 0 };
  const creator = await findAccountByEmail(db, CREATOR_EMAIL);
  if (!creator) return result;
  const toolbox = await deps.trackedLinks.toolboxOf({ userId: creator.id, role: creator.role });
  for (const line of toolbox) {
    if (!CLICKED_STATES.has(line.state)) continue;
    for (const link of line.links) {
      if (link.clicks > 0 || link.previews > 0) continue;
      // The same visits for the same link at every start and on every machine.
      const random = createRandom(
        CLICKS_SEED + line.content_request_influencer_id * 2 + (link.platform === 'tiktok' ? 1 : 0),
      );
      const published = line.state === 'completed';
      const people = published ? random.int(28, 60) : random.int(6, 14);
      const previews = published ? random.int(4, 9) : random.int(1, 3);
      const visits = [
        ...Array.from({ length: people }, () => random.pick(PEOPLE)),
        ...Array.from({ length: previews }, () => ({
          userAgent: random.pick(PREVIEW_FETCHERS),
          referer: undefined,
        })),
        { userAgent: CRAWLER, referer: undefined },
      ];
      for (const [index, visit] of visits.entries()) {
        // Older days more often: a link is opened most while its post is new.
        const daysAgo = CLICK_DAYS * (1 - random.next() ** 1.6);
        await deps.trackedLinks.visit({
          code: link.code,
          counted: true,
          // A visitor of its own each time (only its hash is kept).
          ip: `197.${(index >> 8) % 256}.${index % 256}.${random.int(1, 254)}`,
          userAgent: visit.userAgent,
          referer: visit.referer,
          countryHeader: random.chance(0.85) ? 'TN' : random.pick(['FR', 'DZ', 'AE']),
          at: new Date(now.getTime() - daysAgo * DAY_MS),
        });
        result.visitsRecorded += visit.userAgent === CRAWLER ? 0 : 1;
      }
      result.linksClicked += 1;
    }
  }
  return result;
}
