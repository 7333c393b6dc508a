import type { InfluencerCard } from '@clipmarket/contracts/discovery';
import type { ReferenceLanguage } from '@clipmarket/contracts/reference-data';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import type { Caller, ContentRequestsService } from './content-requests.service.js';

/** What content requests need of discovery: its similar creators (discovery's `similarCreators`). */
export type SimilarCreatorsPort = (
  userId: number,
  query: {
    platform: 'instagram' | 'tiktok';
    like: number[];
    exclude: number[];
    limit: number;
  },
  language: ReferenceLanguage,
) => Promise<InfluencerCard[]>;

/** Lines whose creator will not make the video. */
const unansweredStates: readonly ContentRequestLineState[] = ['expired', 'declined'];
/** How many creators a request offers at once. */
export const SIMILAR_CREATORS_OFFERED = 6;

/**
 * Issue 10 §5: a request whose creators expired or declined offers similar ones — like those,
 * none of its own, on the request's first platform. Only for the request's advertiser (another's
 * is a 404, through `get`); a draft or a request every creator took offers none.
 */
export async function offerSimilarCreators(
  deps: { requests: ContentRequestsService; similarCreators: SimilarCreatorsPort },
  caller: Caller,
  contentRequestId: number,
  language: ReferenceLanguage,
): Promise<InfluencerCard[]> {
  const request = await deps.requests.get(caller, contentRequestId);
  const like = request.lines
    .filter((line) => unansweredStates.includes(line.status))
    .map((line) => line.influencer_id);
  if (like.length === 0) return [];
  return deps.similarCreators(
    caller.userId,
    {
      platform: request.platforms[0] ?? 'instagram',
      like,
      exclude: request.lines.map((line) => line.influencer_id),
      limit: SIMILAR_CREATORS_OFFERED,
    },
    language,
  );
}
