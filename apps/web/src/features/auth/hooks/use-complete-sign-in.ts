import type { AuthSession } from '@clipmarket/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { meQueryKey } from '../../../lib/me';
import { storeTokens } from '../../../lib/session';

/**
 * Only a path of this site may be a redirect target (`/campaign/3`), never another origin
 * (`//evil.example`, `/\evil.example`, `https://…`): an open redirect would turn our login
 * page into a phishing aid.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  try {
    const url = new URL(value, 'https://clipmarket.invalid');
    return url.origin === 'https://clipmarket.invalid'
      ? `${url.pathname}${url.search}${url.hash}`
      : null;
  } catch {
    return null;
  }
}

/** The `?redirect=` of the current page, when it is safe to follow. */
export function useRedirectTarget(): string | null {
  const [params] = useSearchParams();
  return safeRedirectPath(params.get('redirect'));
}

/** Keeps `?redirect=` when moving between the account pages. */
export function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

/** Stores the new session, refreshes the current user and leaves the auth page. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const redirect = useRedirectTarget();
  return useCallback(
    async (session: AuthSession) => {
      storeTokens(
        { accessToken: session.accessToken, refreshToken: session.refreshToken },
        session.user.role,
      );
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      await navigate(redirect ?? '/', { replace: true });
    },
    [queryClient, navigate, redirect],
  );
}
