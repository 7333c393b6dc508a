import { campaignPhaseOn, type Campaign } from '@clipmarket/contracts/campaigns';
import type { Role } from '@clipmarket/contracts/enums';
import type { PerformanceDetail } from '@clipmarket/contracts/performance';
import { requestToday } from '@clipmarket/contracts/request-dates';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import { findNotificationParty, type NotificationParty } from '../users/index.js';
import {
  buildCampaignSummaryEmail,
  type SummarisedCampaign,
} from './notifications.campaign-summary-email.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * What the weekly summary reads of campaigns, performance and content-requests (handed in by
 * app.ts): the advertiser's own campaigns and figures only, as their pages show them.
 */
export interface CampaignSummaryReads {
  /** Campaigns: advertisers with a campaign running on some day of the week, by user id. */
  advertisersWithCampaignsBetween(
    days: { start: string; end: string },
    page: { after: number; limit: number },
  ): Promise<number[]>;
  /** Campaigns' `list`: a page of the advertiser's campaigns, newest first, with their money. */
  listCampaigns(
    caller: { userId: number; role: Role },
    page: { before?: number | undefined; limit: number },
  ): Promise<{ data: Campaign[]; next_before: number | null }>;
  /** Performance's campaign page with its requests and opportunities (`mixed`). */
  campaignPerformance(
    caller: { userId: number },
    campaignId: number,
  ): Promise<Pick<PerformanceDetail, 'totals' | 'videos'>>;
  /** Content-requests: the approved publication links of some delivery lines, with when. */
  approvedLinksOfLines(
    q: DbOrTx,
    lineIds: readonly number[],
  ): Promise<{ lineId: number; approvedAt: Date }[]>;
}

const DAY_MS = 86_400_000;
const CAMPAIGN_PAGE = 100;
const ADVERTISER_PAGE = 200;
/** Mondays at 07:00 UTC: 08:00 in Tunisia (no daylight saving time there). */
const CAMPAIGN_SUMMARY_CRON = '0 7 * * 1';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday–Sunday (Tunisia's calendar days) before the week of `now`. */
export function pastWeekOf(now: Date): { start: string; end: string } {
  const today = requestToday(now);
  const daysSinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(today, -daysSinceMonday - 7);
  return { start, end: addDays(start, 6) };
}

/** A campaign that ran on at least one day of the week: running since, or ended during it. */
const ranDuring = (campaign: Campaign, week: { start: string; end: string }) =>
  campaign.starts_on <= week.end && campaign.ends_on >= week.start;

/** `not-emailed`: stored, but the e-mail could not be queued (logged by `notify`). */
export type SummaryOutcome = 'sent' | 'already-sent' | 'not-emailed' | 'no-campaign' | 'emails-off';

/**
 * The weekly campaign summary e-mail (issue 24 §6): every Monday morning, each advertiser
 * whose campaigns ran during the past week (Monday to Sunday, Tunisia's days) gets one e-mail
 * with each campaign's figures as its performance page reads them; nobody else gets anything.
 *
 * Preference: the advertiser's `allow_emails`, the one e-mail switch an advertiser has (spec
 * §1 "Notification preferences": allow_notifications, allow_emails). `notification_preference`
 * is not it: it chooses between each application and a daily recap of them (opportunities),
 * not whether e-mails come. The summary goes out only where allow_emails is Y and says where
 * to turn it off; a switch of its own would be a column (the spec's profile lists an unused
 * `notification_weekly` flag), not added here.
 *
 * Once per advertiser and week, whatever reruns or workers: it is sent through `notify` with
 * the idempotency key `campaign-summary:{userId}:{Monday}` — the notification row (unique
 * hash) is stored before the e-mail is queued, so a second run, concurrent or days later,
 * finds it and sends nothing. That row is the bell's "your summary is in your e-mails". (A
 * job id as the key would not last: pg-boss archives completed jobs after 12 hours, and a
 * send with an archived job's id is queued again.)
 */
export function createCampaignSummaries(deps: {
  db: Db;
  jobs: JobQueue;
  service: Pick<NotificationsService, 'notify'>;
  reads: CampaignSummaryReads;
  publicUrl: string;
  log: Logger;
}) {
  const { db, reads } = deps;

  /** The advertiser's campaigns that ran during the week (all pages of their list). */
  async function campaignsOfWeek(
    caller: { userId: number; role: Role },
    week: { start: string; end: string },
  ) {
    const found: Campaign[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await reads.listCampaigns(caller, { before, limit: CAMPAIGN_PAGE });
      found.push(...page.data.filter((campaign) => ranDuring(campaign, week)));
      if (page.next_before === null) return found;
      before = page.next_before;
    }
  }

  /** The e-mail's view of each campaign: its page's totals and its week's publications. */
  async function summarise(
    advertiserUserId: number,
    campaigns: readonly Campaign[],
    week: { start: string; end: string },
    today: string,
  ): Promise<SummarisedCampaign[]> {
    const pages: Pick<PerformanceDetail, 'totals' | 'videos'>[] = [];
    for (const campaign of campaigns) {
      pages.push(
        await reads.campaignPerformance({ userId: advertiserUserId }, campaign.campaign_id),
      );
    }
    // A video is published when its first publication link is approved.
    const lineIds = pages.flatMap((page) =>
      page.videos.map((video) => video.content_request_influencer_id),
    );
    const firstApproval = new Map<number, Date>();
    for (const link of await reads.approvedLinksOfLines(db, lineIds)) {
      const known = firstApproval.get(link.lineId);
      if (!known || link.approvedAt < known) firstApproval.set(link.lineId, link.approvedAt);
    }
    const isInWeek = (at: Date | undefined) => {
      if (!at) return false;
      const day = requestToday(at);
      return day >= week.start && day <= week.end;
    };
    return campaigns.map((campaign, index) => {
      const { totals, videos } = pages[index]!;
      return {
        campaignId: campaign.campaign_id,
        name: campaign.name,
        goal: campaign.goal,
        phase: campaignPhaseOn(campaign, today),
        startsOn: campaign.starts_on,
        endsOn: campaign.ends_on,
        budget: campaign.money.budget,
        spent: campaign.money.spent,
        published: totals.published,
        publishedThisWeek: videos.filter((video) =>
          isInWeek(firstApproval.get(video.content_request_influencer_id)),
        ).length,
        views: totals.views,
        engagements: totals.engagements,
        clicks: totals.clicks,
        sources: totals.sources,
        oldestReadAt: totals.oldest_read_at ? new Date(totals.oldest_read_at) : null,
      };
    });
  }

  /**
   * One advertiser's summary of the week before `now`'s. Their campaigns are read first: most
   * advertisers have none that week, and the job then asks nothing more about them.
   */
  async function summariseFor(
    caller: { userId: number; role: 'BRAND' | 'AGENCY' },
    now: Date,
    knownParty?: NotificationParty,
  ): Promise<SummaryOutcome> {
    const week = pastWeekOf(now);
    const campaigns = await campaignsOfWeek(caller, week);
    if (campaigns.length === 0) return 'no-campaign';
    const party = knownParty ?? (await findNotificationParty(db, caller.userId));
    if (!party?.advertiser) return 'no-campaign';
    if (party.advertiser.allowEmails !== 'Y') return 'emails-off';
    const summary = await summarise(caller.userId, campaigns, week, requestToday(now));
    const result = await deps.service.notify({
      receiverUserId: caller.userId,
      module: 'campaign',
      type: 'campaign_weekly_summary',
      idempotencyKey: `campaign-summary:${caller.userId}:${week.start}`,
      email: buildCampaignSummaryEmail({
        to: party.email,
        language: party.language,
        brandName: party.advertiser.name,
        week,
        campaigns: summary,
        now,
        publicUrl: deps.publicUrl,
      }),
    });
    if (result.isRepeat) return 'already-sent';
    return result.emailed ? 'sent' : 'not-emailed';
  }

  /** One advertiser's summary, whoever they are (the job's step, for one account). */
  async function sendTo(advertiserUserId: number, now: Date): Promise<SummaryOutcome> {
    const party = await findNotificationParty(db, advertiserUserId);
    if (!party?.advertiser || (party.role !== 'BRAND' && party.role !== 'AGENCY')) {
      return 'no-campaign';
    }
    return summariseFor({ userId: party.userId, role: party.role }, now, party);
  }

  /**
   * Every advertiser whose campaigns ran during the week, page by page (those with none are not
   * read at all). One advertiser's failure does not stop the others; the job then fails and its
   * retry sends only what was not sent.
   */
  async function sendWeeklySummaries(now: Date) {
    const counts: Record<SummaryOutcome | 'failed', number> = {
      sent: 0,
      'already-sent': 0,
      'not-emailed': 0,
      'no-campaign': 0,
      'emails-off': 0,
      failed: 0,
    };
    const week = pastWeekOf(now);
    let after = 0;
    for (;;) {
      const userIds = await reads.advertisersWithCampaignsBetween(week, {
        after,
        limit: ADVERTISER_PAGE,
      });
      for (const userId of userIds) {
        try {
          counts[await sendTo(userId, now)] += 1;
        } catch (error) {
          counts.failed += 1;
          deps.log.error({ err: error, userId }, 'campaign summary failed');
        }
      }
      if (userIds.length < ADVERTISER_PAGE) break;
      after = userIds[userIds.length - 1]!;
    }
    deps.log.info({ week, ...counts }, 'campaign summaries sent');
    if (counts.failed > 0) throw new Error(`${counts.failed} campaign summaries failed`);
    return counts;
  }

  deps.jobs.register(
    defineJob<object>({
      name: 'campaign-weekly-summary',
      cron: CAMPAIGN_SUMMARY_CRON,
      retryLimit: 3,
      retryDelaySeconds: 600,
      // Reads every advertiser's campaigns: more than pg-boss's 15 minutes is not lost.
      expireInSeconds: 60 * 60,
      // The clock is read here only: the work takes `now`, which tests choose.
      handle: async () => {
        await sendWeeklySummaries(new Date());
      },
    }),
  );

  return { sendWeeklySummaries, sendTo };
}

export type CampaignSummaries = ReturnType<typeof createCampaignSummaries>;
