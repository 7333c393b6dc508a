import { Outlet } from 'react-router';
import NotFoundPage from '../features/not-found/pages/not-found-page';
import { isAdvertiser } from '../lib/roles';
import { useMe } from '../lib/me';

/**
 * Pages for advertisers only (spec §6: discovery, filter panel, shortlists). Anyone else
 * gets the not-found page, as for a feature they do not have. The shell has loaded the
 * user before this renders.
 */
export default function AdvertiserRoute() {
  const me = useMe();
  if (!me.data || me.data.isVisitor || !isAdvertiser(me.data.role)) return <NotFoundPage />;
  return <Outlet />;
}
