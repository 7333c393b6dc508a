/** Results per page unless `limit` says otherwise. */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MAX_PAGE_SIZE = 50;
/** Searches kept in an advertiser's history (the oldest go first). */
export const SEARCH_HISTORY_SIZE = 20;
export const SHORT_LIST_NAME_MAX = 80;
/** Creators one shortlist may hold. */
export const SHORT_LIST_MAX_INFLUENCERS = 500;

/** Upper bounds of a creator's declared figures (PUT /v2/influencers/me/stats/{platform}). */
export const DECLARED_STATS_MAX = {
  followers_count: 2_000_000_000,
  posts_count: 10_000_000,
  avg_likes: 2_000_000_000,
  avg_comments: 2_000_000_000,
  avg_video_views: 2_000_000_000,
  persons_reached: 2_000_000_000,
} as const;

/**
 * Plausibility of a creator's declared figures against their followers (issue 8: "-5" followers
 * and a 9,999.99 % engagement rate reached advertisers). The bounds, and why:
 *
 * - Engagement rate = (average likes + average comments) / followers, at most 100 %: an average
 *   post gathering more interactions than the account has followers happens for one viral post,
 *   never as an average; the search bands stop at "10+ %", so anything above 100 % is a typo.
 * - Average video views at most 50 × followers, and never refused below 10,000: Reels and TikTok
 *   show videos to non-followers, so views above followers are normal (good accounts average
 *   0.1–3 ×, small TikTok accounts going viral 10–20 ×), but 50 × as an *average* is not; the
 *   floor keeps honest small accounts (200 followers, 5,000 views) from being refused.
 * - Likes are not compared with views: likes are averaged over every post (photos too), views
 *   over videos only, so the two averages do not bound each other; the engagement rule bounds
 *   likes.
 * - Active community (persons_reached) at most the followers: it counts the followers who
 *   interact, a part of the audience.
 */
export const DECLARED_STATS_PLAUSIBILITY = {
  maxEngagementRatePercent: 100,
  maxViewsPerFollower: 50,
  viewsAlwaysAllowed: 10_000,
} as const;

export interface DeclaredStatsFigures {
  followers_count: number;
  posts_count: number;
  avg_likes: number;
  avg_comments: number;
  avg_video_views: number;
  persons_reached: number;
}

export type ImplausibleStat =
  | { field: 'avg_likes'; rule: 'engagementAbove100' }
  | { field: 'avg_video_views'; rule: 'viewsAboveFollowers'; max: number }
  | { field: 'persons_reached'; rule: 'communityAboveFollowers'; max: number };

/** The highest average video views believable for this many followers. */
export function maxAverageViewsFor(followers: number): number {
  const { maxViewsPerFollower, viewsAlwaysAllowed } = DECLARED_STATS_PLAUSIBILITY;
  return Math.max(followers * maxViewsPerFollower, viewsAlwaysAllowed);
}

/**
 * Figures that cannot be true together, checked once each figure alone is a whole number in
 * range. The API refuses them (the schema below), the web form shows the same rules first.
 */
export function findImplausibleStats(stats: DeclaredStatsFigures): ImplausibleStat[] {
  const found: ImplausibleStat[] = [];
  const interactions = stats.avg_likes + stats.avg_comments;
  const { maxEngagementRatePercent } = DECLARED_STATS_PLAUSIBILITY;
  if (interactions * 100 > stats.followers_count * maxEngagementRatePercent) {
    found.push({ field: 'avg_likes', rule: 'engagementAbove100' });
  }
  const maxViews = maxAverageViewsFor(stats.followers_count);
  if (stats.avg_video_views > maxViews) {
    found.push({ field: 'avg_video_views', rule: 'viewsAboveFollowers', max: maxViews });
  }
  if (stats.persons_reached > stats.followers_count) {
    found.push({
      field: 'persons_reached',
      rule: 'communityAboveFollowers',
      max: stats.followers_count,
    });
  }
  return found;
}
