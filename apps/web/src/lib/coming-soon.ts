import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { FeatureFlags } from './feature-flags';

/**
 * Areas of the product (spec §2 routes) that the menus or the notifications already link to
 * but that have no page yet (issue 8, point 6). Each of their routes shows the "coming soon"
 * page of the area instead of "Page not found", behind the same role guard the real pages
 * will have. An issue that builds an area removes it from here and registers its pages.
 *
 * Plain data, no icons or texts: the route table of the first download reads it.
 */
export type ComingSoonAreaId =
  // Creators (TALENT)
  | 'toolbox'
  | 'media-kit'
  | 'get-inspired'
  | 'accept-requests'
  | 'make-content'
  | 'discover-opportunities'
  | 'track-opportunities'
  | 'track-content'
  | 'get-paid'
  // Advertisers (BRAND, AGENCY)
  | 'request-content'
  | 'manage-content'
  | 'publish-opportunity'
  | 'campaign'
  | 'performance'
  // Admins
  | 'admin-content-requests'
  | 'admin-payouts'
  | 'admin-settings'
  | 'admin-jobs';

/** Who may open an area: the role guard its routes sit behind. */
export type ComingSoonAudience = 'creator' | 'advertiser' | 'admin';

export interface ComingSoonArea {
  id: ComingSoonAreaId;
  audience: ComingSoonAudience;
  /** Route patterns (React Router syntax, no leading slash), from spec §2. */
  paths: readonly string[];
  /** Only registered when this feature flag is on (spec §2 "Links hidden unless …"). */
  flag?: keyof FeatureFlags;
}

export const comingSoonAreas: readonly ComingSoonArea[] = [
  // Issue 23 built the creator's applications; the result of a payment for one is still to come.
  {
    id: 'track-opportunities',
    audience: 'creator',
    paths: ['track-opportunities/:content_opportunity_influencer_id/payment/:status'],
  },
];

/** The areas whose routes this build registers (those behind a flag only when it is on). */
export function activeComingSoonAreas(flags: Readonly<FeatureFlags>): readonly ComingSoonArea[] {
  return comingSoonAreas.filter((area) => !area.flag || flags[area.flag]);
}

/** The area whose "coming soon" page a path of this app shows, if any (query string ignored). */
export function findComingSoonArea(path: string): ComingSoonArea | undefined {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return comingSoonAreas.find((area) =>
    area.paths.some((pattern) => matchRoute(parse, `/${pattern}`, pathname)[0]),
  );
}
