import type { Language } from '@clipmarket/contracts/enums';
import i18n, { supportedLanguages } from '../lib/i18n';
import { readTokens, storeAccessTokenOnly, storeLanguage } from '../lib/session';

/**
 * Pages whose own `?token=` is an e-mail link token (verification, password reset), never
 * an access token: the query string there is left alone.
 */
const pagesWithOwnToken = [
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
];

/** A plain check: the contracts' zod enum would pull zod into the first download. */
function parseLanguage(
  value: string | null,
): { success: true; data: Language } | { success: false } {
  const match = supportedLanguages.find((language) => language === value);
  return match ? { success: true, data: match } : { success: false };
}

/** Access tokens are JWTs: three base64url parts. E-mail link tokens have no dots. */
const jwtShape = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * Spec §7: "A token can arrive in the query string with a selected language and is then
 * stored" (`?token=…&lang=tn`). Both are stored, then removed from the address bar so the
 * token does not stay in the history, in bookmarks or in a shared link.
 *
 * A token in a link never replaces a session already open in this browser: a crafted link
 * would otherwise sign the person into someone else's account (whose pages they would then
 * fill in). With a session, the token is ignored, and still removed from the address.
 * Must run before the router reads the location.
 */
export function consumeQueryStringSession(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): { tokenStored: boolean; language: string | null } {
  const hasSession = readTokens() !== null;
  const url = new URL(location.href);
  const hasOwnToken = pagesWithOwnToken.some(
    (page) => url.pathname === page || url.pathname.startsWith(`${page}/`),
  );
  const token = hasOwnToken ? null : url.searchParams.get('token');
  const language = parseLanguage(url.searchParams.get('lang'));
  const isAccessToken = token !== null && jwtShape.test(token);
  if (!isAccessToken && !language.success) return { tokenStored: false, language: null };

  const storesToken = isAccessToken && !hasSession;
  if (storesToken) storeAccessTokenOnly(token);
  if (isAccessToken) url.searchParams.delete('token');
  if (language.success) {
    storeLanguage(language.data);
    void i18n.changeLanguage(language.data);
    url.searchParams.delete('lang');
  }
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return { tokenStored: storesToken, language: language.success ? language.data : null };
}
