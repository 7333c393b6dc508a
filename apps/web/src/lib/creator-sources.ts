import type {
  InfluencerCard,
  SearchInfluencersResponse,
  ShortList,
} from '@clipmarket/contracts/discovery';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * Where an advertiser picks creators (a content request's step 1, an opportunity's invited
 * creators): the discovery API's favourites, shortlists and search (the same routes the
 * discovery screens call; web features do not import each other, so the few calls are here).
 * Figures of one platform: Instagram, the discovery screens' default.
 */
const PLATFORM = 'instagram';
export const creatorSourcesQueryRoot = ['creator-sources'] as const;
const root = creatorSourcesQueryRoot;

export async function getFavorites(signal?: AbortSignal): Promise<InfluencerCard[]> {
  const body = await apiRequest<{ data: InfluencerCard[] }>(`/favorites?platform=${PLATFORM}`, {
    signal,
  });
  return body.data;
}

export function useFavorites(enabled: boolean) {
  return useQuery({
    queryKey: [...root, 'favorites'],
    queryFn: ({ signal }) => getFavorites(signal),
    enabled,
  });
}

export async function getShortLists(signal?: AbortSignal): Promise<ShortList[]> {
  const body = await apiRequest<{ data: ShortList[] }>('/short-lists', { signal });
  return body.data;
}

export function useShortLists(enabled: boolean) {
  return useQuery({
    queryKey: [...root, 'short-lists'],
    queryFn: ({ signal }) => getShortLists(signal),
    enabled,
  });
}

export async function getShortListCreators(
  shortListId: number,
  signal?: AbortSignal,
): Promise<InfluencerCard[]> {
  const body = await apiRequest<{ data: ShortList & { items: InfluencerCard[] } }>(
    `/short-lists/${shortListId}?platform=${PLATFORM}`,
    { signal },
  );
  return body.data.items;
}

export function useShortListCreators(shortListId: number | null) {
  return useQuery({
    queryKey: [...root, 'short-list', shortListId],
    queryFn: ({ signal }) => getShortListCreators(shortListId!, signal),
    enabled: shortListId !== null,
  });
}

type SearchPage = SearchInfluencersResponse['data'];

/** POST /v2/search/influencers by name (a new search counts in the trial quota; pages do not). */
export async function searchCreators(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const body = await apiRequest<SearchInfluencersResponse>('/search/influencers', {
    method: 'POST',
    body: {
      platform: PLATFORM,
      categories: [],
      gender: [],
      age: [],
      origin: [],
      residence: [],
      city: {},
      followersCount: [],
      engagementRate: [],
      personReached: [],
      order_by: 'followers_count',
      ...(q ? { q } : {}),
      ...(cursor ? { cursor } : {}),
    },
    signal,
  });
  return body.data;
}

/** One press on "Search": its own id, so the same name searched again is a new search. */
export interface SearchRun {
  id: number;
  q: string;
}

export function useCreatorSearch(run: SearchRun | null) {
  return useInfiniteQuery({
    queryKey: [...root, 'search', run?.id ?? null, run?.q ?? ''],
    queryFn: ({ pageParam, signal }) => searchCreators(run!.q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: run !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}
