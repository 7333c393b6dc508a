import { Outlet } from 'react-router';
import NotFoundPage from '../features/not-found/pages/not-found-page';
import { useMe } from '../lib/me';

/**
 * Pages for admins only (creator validation; the admin area grows later). Anyone else gets
 * the not-found page, as for a feature they do not have; the API refuses them too. The shell
 * has loaded the user before this renders.
 */
export default function AdminRoute() {
  const me = useMe();
  if (!me.data || me.data.isVisitor || me.data.role !== 'ADMIN') return <NotFoundPage />;
  return <Outlet />;
}
