import type { Role } from '@clipmarket/contracts/enums';

/**
 * Same rule as contracts' isAdvertiserRole, without importing that module: it builds zod
 * schemas when loaded, and neither the shell's first download nor the discovery screens
 * need zod. Shared by the shell (top bar) and the advertisers' screens.
 */
export const isAdvertiser = (role: Role): role is 'BRAND' | 'AGENCY' =>
  role === 'BRAND' || role === 'AGENCY';

/** Where home sends creators: their showcase (spec §2). */
export const CREATOR_HOME = '/profile/check-profile';
