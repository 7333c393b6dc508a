import type { Language, Role } from '@clipmarket/contracts/enums';

/**
 * Locally stored session, with the spec's keys (§3 "Locally stored"):
 * `user` = { accessToken, refreshToken }, `accessToken`, `role`, `selectLanguage`.
 */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

const KEYS = {
  user: 'user',
  accessToken: 'accessToken',
  role: 'role',
  language: 'selectLanguage',
} as const;

export function readTokens(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(KEYS.user);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredTokens>;
    if (typeof parsed.accessToken !== 'string' || typeof parsed.refreshToken !== 'string')
      return null;
    return { accessToken: parsed.accessToken, refreshToken: parsed.refreshToken };
  } catch {
    return null;
  }
}

let sessionExpired = false;
const expiryListeners = new Set<() => void>();

/**
 * The server refused to continue the session (its refresh token is expired or revoked, e.g.
 * signed out elsewhere or a password change): whatever screen noticed it, the shell shows
 * "Session expired" and sends to the login page a second later (spec §4 "Session"), instead of
 * the next page change sending there without a word.
 */
export function markSessionExpired(): void {
  if (sessionExpired) return;
  sessionExpired = true;
  for (const listener of [...expiryListeners]) listener();
}

export function isSessionExpired(): boolean {
  return sessionExpired;
}

/** For `useSyncExternalStore`: called when the session expires or a new one starts. */
export function onSessionExpiryChange(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

export function storeTokens(tokens: StoredTokens, role?: Role): void {
  if (sessionExpired) {
    sessionExpired = false;
    for (const listener of [...expiryListeners]) listener();
  }
  localStorage.setItem(KEYS.user, JSON.stringify(tokens));
  localStorage.setItem(KEYS.accessToken, tokens.accessToken);
  if (role) localStorage.setItem(KEYS.role, role);
}

/** A token that arrived without a refresh token (spec §7 query-string token). */
export function storeAccessTokenOnly(accessToken: string): void {
  const current = readTokens();
  storeTokens({ accessToken, refreshToken: current?.refreshToken ?? '' });
}

export function clearSession(): void {
  localStorage.removeItem(KEYS.user);
  localStorage.removeItem(KEYS.accessToken);
  localStorage.removeItem(KEYS.role);
}

/** The role stored at sign-in: a hint only (getMe's answer decides what the user may see). */
export function readStoredRole(): string | null {
  try {
    return localStorage.getItem(KEYS.role);
  } catch {
    return null;
  }
}

export function readStoredLanguage(): Language | null {
  const value = localStorage.getItem(KEYS.language);
  return value === 'en' || value === 'fr' || value === 'tn' ? value : null;
}

export function storeLanguage(language: Language): void {
  localStorage.setItem(KEYS.language, language);
}

/**
 * The login page for someone who opened `here` without a session: `?redirect=` brings them back
 * after signing in (the login page follows same-site paths only). The home page needs none.
 */
export function loginPathFor(here: { pathname: string; search?: string; hash?: string }): string {
  const search = here.search ? `?${here.search.replace(/^\?/, '')}` : '';
  const path = `${here.pathname}${search}${here.hash ?? ''}`;
  if (path === '/' || !path.startsWith('/') || path.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}
