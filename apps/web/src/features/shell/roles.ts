import type { Role } from '@clipmarket/contracts/enums';

/**
 * Same rule as contracts' isAdvertiserRole, without importing that module: it builds zod
 * schemas when loaded, and the shell's first download must stay free of zod.
 */
export const isAdvertiser = (role: Role): role is 'BRAND' | 'AGENCY' =>
  role === 'BRAND' || role === 'AGENCY';
