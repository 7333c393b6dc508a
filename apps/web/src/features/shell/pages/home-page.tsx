import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Redirect } from 'wouter';
import { useMe } from '../../../lib/me';
import { readTokens } from '../../../lib/session';
import { useRedirection } from '../api/get-redirection';
import { useSessionExpiry } from '../hooks/use-session-expiry';
import { isAdvertiser } from '../../../lib/roles';

const CREATOR_HOME = '/profile/check-profile';
/** Where advertisers land when the server names no target (the logo's target, spec §2). */
const ADVERTISER_FALLBACK = '/support-advertiser';
/** Admins land on their own home (issue 8): never on the creators' showcase. */
const ADMIN_HOME = '/admin';

/** Only paths inside this app: a server value can never send the user to another site. */
export function toInternalPath(target: string | null | undefined): string | null {
  const value = target?.trim();
  if (!value) return null;
  if (/^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//') || value.includes('\\'))
    return null;
  return value.startsWith('/') ? value : `/${value}`;
}

/**
 * Home (spec §2 "/"): asks the server for a redirection target first. BRAND and AGENCY go
 * to it; visitors to /campaigns/{redirection}; admins to the admin home; everyone
 * else to their profile showcase.
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

  const target = redirection.isSuccess ? redirection.data : null;
  if (me.data.isVisitor) {
    const campaign = target ?? me.data.redirection;
    return (
      <Redirect
        to={campaign ? `/campaigns/${encodeURIComponent(campaign.replace(/^\/+/, ''))}` : '/login'}
        replace
      />
    );
  }
  if (isAdvertiser(me.data.role)) {
    return <Redirect to={toInternalPath(target) ?? ADVERTISER_FALLBACK} replace />;
  }
  if (me.data.role === 'ADMIN') return <Redirect to={ADMIN_HOME} replace />;
  return <Redirect to={CREATOR_HOME} replace />;
}
