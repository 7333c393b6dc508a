import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Redirect } from 'wouter';
import { useMe } from '../../../lib/me';
import { readTokens } from '../../../lib/session';
import { useRedirection } from '../api/get-redirection';
import { useSessionExpiry } from '../hooks/use-session-expiry';
import { CREATOR_HOME } from '../../../lib/roles';
import { homeTarget } from '../home-target';

/**
 * Home (spec §2 "/"): asks the server for a redirection target first, then sends the user on
 * (home-target.ts). The first screen usually has done so before the first render.
 */
export default function HomePage() {
  const { t } = useTranslation('common');
  const hasToken = readTokens() !== null;
  const me = useMe();
  const redirection = useRedirection(hasToken && me.isSuccess);
  const expired = useSessionExpiry(me.error);

  if (!hasToken) return <Redirect to="/login" replace />;

  const spinner = (
    <Center h="100dvh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
  if (expired || me.isPending) return spinner;
  if (me.isError) return <Redirect to={CREATOR_HOME} replace />;
  if (redirection.isPending) return spinner;

  return (
    <Redirect to={homeTarget(me.data, redirection.isSuccess ? redirection.data : null)} replace />
  );
}
