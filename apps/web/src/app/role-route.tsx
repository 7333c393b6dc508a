import type { Role } from '@clipmarket/contracts/enums';
import type { ReactNode } from 'react';
import { LazyNotFoundPage } from '../features/not-found/lazy-not-found-page';
import { useMe } from '../lib/me';

/**
 * Pages for some roles only: advertisers (discovery, shortlists, requests, payments …),
 * creators (requests to accept, opportunities, deposits …) or admins. Anyone else gets the
 * not-found page, as for a feature they do not have; the API refuses them too. The shell has
 * loaded the user before this renders; the guard comes in the shell's chunk.
 */
export default function RoleRoute({
  roles,
  children,
}: {
  roles: readonly Role[];
  children: ReactNode;
}) {
  const me = useMe();
  if (!me.data || me.data.isVisitor || !roles.includes(me.data.role)) return <LazyNotFoundPage />;
  return children;
}
