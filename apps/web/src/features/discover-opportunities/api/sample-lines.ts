import type { CreatorLine } from '@clipmarket/contracts/content-requests';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SampleLine = Pick<
  CreatorLine,
  'content_request_influencer_id' | 'reference' | 'title' | 'status'
>;

/** How many of their approved videos a creator may pick a sample from. */
const SAMPLES_MAX = 50;

/**
 * The creator's delivery lines whose video was approved (spec §4 "Approved" and "Completed"
 * filters of GET /v2/content-request-influencers), newest first: the samples an application
 * may show.
 */
export async function listSampleLines(signal?: AbortSignal): Promise<SampleLine[]> {
  const pages = await Promise.all(
    (['approved', 'completed'] as const).map((filter) =>
      apiRequest<{ data: CreatorLine[] }>(
        `/content-request-influencers?filter=${filter}&limit=${SAMPLES_MAX}`,
        { signal },
      ),
    ),
  );
  const lines = new Map(
    pages.flatMap((page) => page.data).map((line) => [line.content_request_influencer_id, line]),
  );
  return [...lines.values()].sort(
    (a, b) => b.content_request_influencer_id - a.content_request_influencer_id,
  );
}

export function useSampleLines(enabled: boolean) {
  return useQuery({
    queryKey: ['discover-opportunities', 'sample-lines'],
    queryFn: ({ signal }) => listSampleLines(signal),
    enabled,
    staleTime: 60_000,
  });
}
