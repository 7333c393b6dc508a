import type {
  GetInspiredPage,
  GetInspiredQueryParsed,
  InspirationVideo,
} from '@clipmarket/contracts/get-inspired';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import type { ConsentedLine } from '../content-requests/index.js';
import { publicFiguresOf } from '../publication-metrics/index.js';
import type { CreatorSummary } from '../users/index.js';
import type {
  CreatorsForInspiration,
  LinesForInspiration,
  MediaForInspiration,
  MetricsForInspiration,
  VideosForInspiration,
} from './inspiration.ports.js';

/** Consented lines read per round while filling a filtered page. */
const SCAN_BATCH = 100;

type Filters = Omit<GetInspiredQueryParsed, 'before' | 'limit'>;

const matches = (line: ConsentedLine, creator: CreatorSummary | undefined, filters: Filters) =>
  creator !== undefined &&
  (filters.category_id === undefined || creator.categoryIds.includes(filters.category_id)) &&
  (filters.content_type === undefined || line.contentType === filters.content_type) &&
  (filters.video_duration === undefined || line.videoDurationSeconds === filters.video_duration) &&
  (filters.platform === undefined || line.links.some((link) => link.platform === filters.platform));

const nameOf = (creator: CreatorSummary) =>
  creator.influencerName?.trim() ||
  [creator.firstName, creator.lastName].filter(Boolean).join(' ').trim();

export const posterPath = (lineId: number) => `/v2/get-inspired/${lineId}/poster`;

/**
 * Get inspired (issue 25 §3, ADR 042): the published videos whose creator and advertiser both
 * allowed showing them, for signed-in creators and advertisers. A read-only module: the lines
 * and both consents are content-requests', the creators users', the figures
 * publication-metrics', the posters content-videos'.
 */
export function createInspirationService(deps: {
  db: Db;
  lines: LinesForInspiration;
  creators: CreatorsForInspiration;
  media: MediaForInspiration;
  metrics: MetricsForInspiration;
  videos: VideosForInspiration;
}) {
  const { db } = deps;

  /**
   * The consented lines after `before` that pass the filters, `limit + 1` at most (the extra
   * says a next page exists). The filters are on what other sources describe (the brief of a
   * request or an opportunity, the creator's categories), so they apply to each round of
   * consented lines, read newest first on their partial index.
   */
  async function scan(filters: Filters, before: number | undefined, limit: number) {
    const found: { line: ConsentedLine; creator: CreatorSummary }[] = [];
    let cursor = before;
    for (;;) {
      const batch = await deps.lines.consentedLines(db, { before: cursor, limit: SCAN_BATCH });
      const creators = await deps.creators.describeCreators(db, [
        ...new Set(batch.map((line) => line.influencerId)),
      ]);
      for (const line of batch) {
        const creator = creators.get(line.influencerId);
        if (matches(line, creator, filters)) found.push({ line, creator: creator! });
        if (found.length > limit) return found;
      }
      if (batch.length < SCAN_BATCH) return found;
      cursor = batch.at(-1)!.lineId;
    }
  }

  return {
    /** `GET /v2/get-inspired`: a page of the gallery, newest first. */
    async list(query: GetInspiredQueryParsed): Promise<GetInspiredPage> {
      const { before, limit, ...filters } = query;
      const found = await scan(filters, before, limit);
      const page = found.slice(0, limit);
      const lineIds = page.map(({ line }) => line.lineId);
      const metrics = await deps.metrics.metricsOfLines(db, lineIds);
      const pictures = await deps.media.describeFiles(db, [
        ...new Set(
          page
            .map(({ creator }) => creator.profileFileId)
            .filter((id): id is number => id !== null),
        ),
      ]);
      const data = page.map(({ line, creator }): InspirationVideo => {
        const picture = creator.profileFileId ? pictures.get(creator.profileFileId) : undefined;
        const figures = new Map(
          (metrics.get(line.lineId) ?? []).map((link) => [link.linkId, link.windows['7d']]),
        );
        return {
          line_id: line.lineId,
          creator: {
            influencer_id: creator.influencerId,
            influencer_name: nameOf(creator),
            picture_url: picture
              ? `/v2/media/medium/${picture.token}.${picture.file_extension}`
              : null,
          },
          content_type: line.contentType,
          video_duration: line.videoDurationSeconds,
          publications: line.links.map((link) => ({
            platform: link.platform,
            url: link.url,
            at_7d: publicFiguresOf(figures.get(link.linkId) ?? null),
          })),
          poster_url: posterPath(line.lineId),
        };
      });
      return {
        data,
        next_before: found.length > limit ? (page.at(-1)?.line.lineId ?? null) : null,
      };
    },

    /**
     * `GET /v2/get-inspired/{line_id}/poster`: the poster of a video in the gallery now; a 404
     * once either party withdraws its consent, or when the video has no poster.
     */
    async poster(lineId: number): Promise<Buffer> {
      if (!(await deps.lines.isConsented(db, lineId))) throw notFound('Video');
      const poster = await deps.videos.posterOfLine(db, lineId);
      if (!poster) throw notFound('Video');
      return poster;
    },
  };
}

export type InspirationService = ReturnType<typeof createInspirationService>;
