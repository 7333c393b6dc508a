import type { Role } from '@clipmarket/contracts/enums';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOwnCreatorProfile } from '../lib/creator-profile-request';
import i18n from '../lib/i18n';
import { CREATOR_HOME } from '../lib/roles';
import { page, type PageRoute } from './routes';

/**
 * The page each role lands on from home (features/shell/pages/home-page.tsx, lib/roles.ts).
 * The frame's table (shell-pages.tsx) lists these very entries, so the first screen
 * (first-screen.ts) can ask for a landing page's code and texts together, without waiting for
 * the frame's chunk to learn which texts the page needs.
 */
// Where the server's redirection sends advertisers today.
export const discoverContentPage = page(
  '/discover-content',
  () => import('../features/discovery/pages/discover-page'),
  ['discovery'],
);
export const creatorHomePage = page(
  CREATOR_HOME,
  () => import('../features/showcase/pages/showcase-page'),
);

export interface LandingPage {
  /** Its page in the frame's table. */
  route: PageRoute;
  /** Asks for what the page shows first, so that it renders with it rather than a loader. */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
}

/**
 * The landing page of each role whose first screen is worth asking for early, guessed from the
 * stored role (the server's answers decide where home really goes).
 */
export const landingPages: Partial<Record<Role, LandingPage>> = {
  BRAND: { route: discoverContentPage },
  AGENCY: { route: discoverContentPage },
  TALENT: {
    route: creatorHomePage,
    // The showcase is the creator's profile: without it, only a loader.
    prefetch: (queryClient) => prefetchOwnCreatorProfile(queryClient, i18n.language),
  },
};
