import { randomBytes } from 'node:crypto';
import {
  sharedReportPath,
  shareTokenPattern,
  type CampaignShareLink,
  type SharedCampaign,
  type SharedFigures,
  type SharedVideo,
} from '@clipmarket/contracts/campaign-sharing';
import { campaignPhaseOn } from '@clipmarket/contracts/campaigns';
import type {
  LabelledFiguresWire,
  PerformanceDetail,
  PerformanceSums,
} from '@clipmarket/contracts/performance';
import { requestToday } from '@clipmarket/contracts/request-dates';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type {
  AdvertisersForCampaigns,
  Caller,
  PerformanceForCampaigns,
} from './campaigns.ports.js';
import { campaignsRepository as repository } from './campaigns.repository.js';
import type { CampaignRow, CampaignShareLinkRow } from './campaigns.schema.js';

/** 32 random bytes, base64url: 43 characters, nothing to guess. */
const randomToken = () => randomBytes(32).toString('base64url');

const linkOf = (row: CampaignShareLinkRow): CampaignShareLink => ({
  token: row.token,
  path: sharedReportPath(row.token),
  created_at: row.createdAt.toISOString(),
  visits: row.visits,
  last_visited_at: row.lastVisitedAt?.toISOString() ?? null,
});

/*
 * The public report is built field by field from the advertiser's performance page: whatever
 * that page gains later (money above all) stays off the public page until named here.
 */

const figuresOf = (figures: LabelledFiguresWire | null): SharedFigures | null =>
  figures && {
    source: figures.source,
    read_at: figures.read_at,
    checked: figures.checked,
    post_deleted: figures.post_deleted,
    views: figures.views,
    reach: figures.reach,
    likes: figures.likes,
    comments: figures.comments,
    shares: figures.shares,
    saves: figures.saves,
    engagements: figures.engagements,
  };

const sumsOf = (sums: PerformanceSums & { engagement_rate_bp: number | null }) => ({
  views: sums.views,
  reach: sums.reach,
  likes: sums.likes,
  comments: sums.comments,
  shares: sums.shares,
  saves: sums.saves,
  engagements: sums.engagements,
  engagement_rate_bp: sums.engagement_rate_bp,
  clicks: sums.clicks,
  views_7d: sums.views_7d,
});

function publicReportOf(
  campaign: CampaignRow,
  brandName: string,
  page: PerformanceDetail,
  today: string,
): SharedCampaign {
  return {
    campaign: {
      name: campaign.name,
      brand_name: brandName,
      goal: campaign.goal,
      starts_on: campaign.startsOn,
      ends_on: campaign.endsOn,
      phase: campaignPhaseOn({ starts_on: campaign.startsOn, ends_on: campaign.endsOn }, today),
    },
    totals: {
      ...sumsOf(page.totals),
      published: page.totals.published,
      with_figures: page.totals.with_figures,
      sources: page.totals.sources,
      newest_read_at: page.totals.newest_read_at,
      oldest_read_at: page.totals.oldest_read_at,
      unchecked: page.totals.unchecked,
    },
    series: page.series.map((point) => ({
      window: point.window,
      views: point.views,
      engagements: point.engagements,
      videos: point.videos,
    })),
    videos: page.videos.map((video): SharedVideo => ({
      creator_name: video.creator_name,
      platforms: [...new Set(video.publications.map((p) => p.platform))],
      publications: video.publications.map((publication) => ({
        platform: publication.platform,
        url: publication.url,
        latest: figuresOf(publication.latest),
        at_7d: figuresOf(publication.at_7d),
      })),
      ...sumsOf(video),
    })),
  };
}

/**
 * A campaign's public report link (issue 24 §4): its owner creates (once: the active link is
 * answered again), reads and revokes it; anyone holding the token reads the report, without
 * money or anything private (ADR 037).
 */
export function createCampaignSharing(deps: {
  db: Db;
  performance: PerformanceForCampaigns;
  advertisers: AdvertisersForCampaigns;
  own: (q: DbOrTx, caller: Caller, campaignId: number) => Promise<CampaignRow>;
  now: () => Date;
}) {
  const { db } = deps;

  return {
    /** The campaign's active link, or null. */
    async shareLink(caller: Caller, campaignId: number): Promise<CampaignShareLink | null> {
      await deps.own(db, caller, campaignId);
      const row = await repository.activeShareLink(db, campaignId);
      return row ? linkOf(row) : null;
    },

    /**
     * The active link, made now if there is none. The token is drawn at random; only the demo
     * data passes a fixed one (its README names the address), refused with 409 once used, even
     * revoked: a revoked address never works again.
     */
    async createShareLink(
      caller: Caller,
      campaignId: number,
      options: { token?: string } = {},
    ): Promise<CampaignShareLink> {
      if (options.token !== undefined && !shareTokenPattern.test(options.token)) {
        throw new Error('A share token is 43 characters of base64url');
      }
      return inTransaction(db, async (tx) => {
        // The campaign's row lock: two clicks at once make one link.
        const row = await repository.lock(tx, campaignId);
        if (!row || row.advertiserUserId !== caller.userId) throw notFound('Campaign');
        const active = await repository.activeShareLink(tx, campaignId);
        if (active) return linkOf(active);
        const created = await repository.insertShareLink(
          tx,
          campaignId,
          options.token ?? randomToken(),
        );
        if (!created) throw new AppError('NAME_TAKEN', 'This share link was used before');
        return linkOf(created);
      });
    },

    /** The old address stops working at once; creating again gives a new one. */
    async revokeShareLink(caller: Caller, campaignId: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        await deps.own(tx, caller, campaignId);
        await repository.revokeShareLinks(tx, campaignId, deps.now());
      });
    },

    /** `GET /v2/shared-campaigns/{token}` (no sign-in): an unknown or revoked token is a 404. */
    async sharedReport(token: string): Promise<SharedCampaign> {
      const now = deps.now();
      const campaign = shareTokenPattern.test(token)
        ? await repository.visitShareLink(db, token, now)
        : undefined;
      if (!campaign) throw notFound('Shared report');
      // Read as its owner: the same figures, sources and read times as the advertiser's page.
      const page = await deps.performance.campaign(
        { userId: campaign.advertiserUserId },
        campaign.id,
        'mixed',
      );
      const brand = await deps.advertisers.describeRequestAdvertiser(db, campaign.advertiserUserId);
      return publicReportOf(campaign, brand?.name ?? '', page, requestToday(now));
    },
  };
}
