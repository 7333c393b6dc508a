import type { Me } from '@clipmarket/contracts/users';
import { CREATOR_HOME, isAdvertiser } from '../../lib/roles';

/** Where advertisers land when the server names no target (the logo's target, spec §2). */
const ADVERTISER_FALLBACK = '/support-advertiser';
/** Admins land on their own home (issue 8): never on the creators' showcase. */
const ADMIN_HOME = '/admin';

/** Only paths inside this app: a server value can never send the user to another site. */
function toInternalPath(target: string | null | undefined): string | null {
  const value = target?.trim();
  if (!value) return null;
  if (/^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//') || value.includes('\\'))
    return null;
  return value.startsWith('/') ? value : `/${value}`;
}

/**
 * Where home (spec §2 "/") sends a signed-in user, given the server's redirection target:
 * BRAND and AGENCY to it; visitors to /campaigns/{redirection}; admins to the admin home;
 * everyone else to their profile showcase. Shared by home's page and the first screen
 * (app/first-screen.ts), which goes there before the first render when the answers are in.
 */
export function homeTarget(me: Me, redirection: string | null): string {
  if (me.isVisitor) {
    const campaign = redirection ?? me.redirection;
    return campaign ? `/campaigns/${encodeURIComponent(campaign.replace(/^\/+/, ''))}` : '/login';
  }
  if (isAdvertiser(me.role)) return toInternalPath(redirection) ?? ADVERTISER_FALLBACK;
  if (me.role === 'ADMIN') return ADMIN_HOME;
  return CREATOR_HOME;
}
