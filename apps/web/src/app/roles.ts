import type { Role } from '@clipmarket/contracts/enums';

/** Who may open the pages of a guarded route (spec §6), by role (routes.tsx, role-route.tsx). */
export const advertiserRoles: readonly Role[] = ['BRAND', 'AGENCY'];
export const creatorRoles: readonly Role[] = ['TALENT'];
export const adminRoles: readonly Role[] = ['ADMIN'];
