import { toasts } from '../../../lib/toasts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import {
  clearSession,
  isSessionExpired,
  loginPathFor,
  onSessionExpiryChange,
} from '../../../lib/session';

/** Spec §4 "Session": the user reads the warning before the page changes. */
export const SESSION_EXPIRED_REDIRECT_MS = 1000;

export const isUnauthenticated = (error: unknown) =>
  error instanceof ApiError && error.status === 401;

/**
 * A 401 on loading the current user, or a refused refresh on any call: warning "Session
 * expired", stored credentials cleared, and the login page one second later.
 */
export function useSessionExpiry(error: unknown) {
  const { t } = useTranslation('shell');
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  // Where to come back to after signing in again; a ref, so a page change does not restart
  // the timer.
  const loginPath = useRef('/login');
  loginPath.current = loginPathFor({ pathname, search });
  // Also when any other call found the session ended (lib/api-client), not only getMe.
  const refused = useSyncExternalStore(onSessionExpiryChange, isSessionExpired, () => false);
  const expired = isUnauthenticated(error) || refused;
  useEffect(() => {
    if (!expired) return;
    // A fixed id: the toast shows once even if several screens notice the expiry.
    toasts.show({
      id: 'session-expired',
      color: 'yellow',
      message: t('session.expired'),
    });
    clearSession();
    const timer = window.setTimeout(() => {
      queryClient.clear();
      navigate(loginPath.current, { replace: true });
    }, SESSION_EXPIRED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [expired, navigate, queryClient, t]);
  return expired;
}
