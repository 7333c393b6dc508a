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
