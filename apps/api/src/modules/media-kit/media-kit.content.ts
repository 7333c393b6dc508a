import { videoDurations } from '@clipmarket/contracts/content-requests';
import type { Efile } from '@clipmarket/contracts/media';
import type {
  HideableMediaKitSection,
  MediaKitAudience,
  MediaKitCandidateVideo,
  MediaKitContent,
  MediaKitSettings,
  MediaKitVideo,
} from '@clipmarket/contracts/media-kit';
import type { DbOrTx } from '../../platform/db/client.js';
import type { DeliveredLine } from '../content-requests/index.js';
import { publicFiguresOf } from '../publication-metrics/index.js';
import type { MediaKitCreator } from '../users/index.js';
import type {
  AdvertisersForMediaKit,
  LinesForMediaKit,
  MediaForMediaKit,
  MetricsForMediaKit,
  PricesForMediaKit,
} from './media-kit.ports.js';

/** A public picture's address on the app (`/v2/media/{size}/{token}.{ext}`). */
export const mediaUrl = (file: Efile, size: 'medium' | 'full') =>
  `/v2/media/${size}/${file.token}.${file.file_extension}`;

export interface ContentDeps {
  lines: LinesForMediaKit;
  advertisers: AdvertisersForMediaKit;
  prices: PricesForMediaKit;
  metrics: MetricsForMediaKit;
  media: MediaForMediaKit;
}

/** What a creator's delivered work gives the kit: the candidates, and what featuring needs. */
export interface WorkOfCreator {
  lines: DeliveredLine[];
  brands: Map<number, { name: string }>;
  candidates: MediaKitCandidateVideo[];
}

const published = (line: DeliveredLine) => line.links.length > 0;

/** The creator's delivered lines, their brands and the published ones the kit may feature. */
export async function workOf(
  deps: ContentDeps,
  q: DbOrTx,
  creatorUserId: number,
): Promise<WorkOfCreator & { metrics: Awaited<ReturnType<MetricsForMediaKit['metricsOfLines']>> }> {
  const lines = await deps.lines.deliveredLinesOf(q, creatorUserId);
  const brands = await deps.advertisers.describeRequestAdvertisers(
    q,
    lines.map((line) => line.advertiserUserId),
  );
  const publishedLines = lines.filter(published);
  const metrics = await deps.metrics.metricsOfLines(
    q,
    publishedLines.map((line) => line.lineId),
  );
  const candidates = publishedLines.map((line): MediaKitCandidateVideo => {
    const link = line.links[0]!;
    const figures = metrics.get(line.lineId)?.find((entry) => entry.linkId === link.linkId);
    return {
      line_id: line.lineId,
      reference: line.reference,
      title: line.title,
      brand: brands.get(line.advertiserUserId)?.name || null,
      platform: link.platform,
      url: link.url,
      views_7d: figures?.windows['7d']?.views ?? null,
      showcase_allowed: line.showcaseAllowed,
    };
  });
  return { lines, brands, candidates, metrics };
}

const ratio = (part: number, whole: number) => Math.round((part * 10_000) / whole);

/**
 * The kit's content from live data (issue 25 §1): the builder's preview and the render job's
 * snapshot are both made here. `forPublic` nulls the hidden sections and leaves out the videos
 * their advertisers no longer allow showing; the preview shows every section.
 */
export async function buildContent(
  deps: ContentDeps,
  q: DbOrTx,
  input: {
    creator: MediaKitCreator;
    settings: Pick<
      MediaKitSettings,
      'headline' | 'cover_file_id' | 'hidden_sections' | 'featured_line_ids'
    >;
    forPublic: boolean;
    now: Date;
  },
): Promise<MediaKitContent> {
  const { creator, settings, forPublic } = input;
  const hidden = new Set<HideableMediaKitSection>(forPublic ? settings.hidden_sections : []);
  const work = await workOf(deps, q, creator.userId);
  const files = await deps.media.describeFiles(
    q,
    [creator.profileFileId, settings.cover_file_id].filter((id): id is number => id !== null),
  );
  const picture = creator.profileFileId ? files.get(creator.profileFileId) : undefined;
  const cover = settings.cover_file_id ? files.get(settings.cover_file_id) : undefined;

  const audience = creator.stats.map((stat): MediaKitAudience => ({
    platform: stat.platform,
    username: stat.platform === 'instagram' ? creator.igUsername : creator.tiktokUsername,
    followers: stat.followers,
    engagement_rate_bp: Math.round(Number(stat.engagementRate) * 100),
    median_views: stat.avgVideoViews > 0 ? stat.avgVideoViews : null,
    // Figures our team or a connected account verified, else what the creator declared.
    source: stat.source === 'verified' ? 'api' : 'declared',
    as_of: stat.updatedAt.toISOString(),
  }));

  const priceSet = (await deps.prices.priceSetsOf(q, [creator.influencerId])).get(
    creator.influencerId,
  );
  const rates = videoDurations.flatMap((duration) => {
    const price = priceSet?.[duration];
    return price === undefined ? [] : [{ video_duration: duration, price }];
  });

  const timed = work.lines.filter((line) => line.deliveryDeadline && line.deliveredAt);
  const onTime = timed.filter((line) => line.deliveredAt! <= line.deliveryDeadline!).length;
  const ratings = work.lines.flatMap((line) => (line.rating === null ? [] : [line.rating]));
  const byType = new Map<string, number>();
  for (const line of work.lines) {
    if (line.contentType) byType.set(line.contentType, (byType.get(line.contentType) ?? 0) + 1);
  }

  const linesById = new Map(work.lines.map((line) => [line.lineId, line]));
  const videos = settings.featured_line_ids.flatMap((lineId): MediaKitVideo[] => {
    const line = linesById.get(lineId);
    if (!line || !published(line) || (forPublic && !line.showcaseAllowed)) return [];
    const link = line.links[0]!;
    const figures = work.metrics.get(lineId)?.find((entry) => entry.linkId === link.linkId);
    return [
      {
        line_id: lineId,
        content_type: line.contentType,
        video_duration: line.videoDuration,
        brand: work.brands.get(line.advertiserUserId)?.name || null,
        platform: link.platform,
        url: link.url,
        poster_url: null,
        at_7d: publicFiguresOf(figures?.windows['7d'] ?? null),
        latest: publicFiguresOf(figures?.latest ?? null),
      },
    ];
  });

  return {
    profile: {
      display_name: creator.displayName,
      influencer_name: creator.influencerName ?? '',
      headline: settings.headline,
      bio: creator.bio,
      city: creator.city,
      country: creator.country,
      categories: creator.categories,
      picture_url: picture ? mediaUrl(picture, 'medium') : null,
      cover_url: cover ? mediaUrl(cover, 'full') : null,
    },
    audience: hidden.has('audience') ? null : audience,
    rates: hidden.has('rates') ? null : rates,
    track_record: hidden.has('track_record')
      ? null
      : {
          delivered: work.lines.length,
          on_time_rate_bp: timed.length === 0 ? null : ratio(onTime, timed.length),
          average_rating_tenths:
            ratings.length === 0
              ? null
              : Math.round((ratings.reduce((sum, value) => sum + value, 0) * 10) / ratings.length),
          ratings: ratings.length,
          by_content_type: [...byType]
            .map(([content_type, count]) => ({ content_type, count }))
            .sort((a, b) => b.count - a.count || a.content_type.localeCompare(b.content_type)),
        },
    videos: hidden.has('videos') ? null : videos,
    contact: hidden.has('contact') ? null : { email: creator.email, phone: creator.phone },
    generated_at: input.now.toISOString(),
  };
}
