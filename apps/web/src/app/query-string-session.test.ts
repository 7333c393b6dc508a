import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n';
import { readStoredLanguage, readTokens, storeTokens } from '../lib/session';
import { consumeQueryStringSession } from './query-string-session';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

function fakeHistory() {
  return { state: { idx: 0 }, replaceState: vi.fn() };
}

describe('query-string session (spec §7)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('stores the token and the language, then removes both from the address', async () => {
    const history = fakeHistory();
    const result = consumeQueryStringSession(
      { href: `https://app.test/discover-content?token=${jwt}&lang=tn&page=2#top` },
      history,
    );
    expect(result).toEqual({ tokenStored: true, language: 'tn' });
    expect(readTokens()).toEqual({ accessToken: jwt, refreshToken: '' });
    expect(readStoredLanguage()).toBe('tn');
    // The Arabic catalogs are a chunk of their own: the switch completes once it has loaded.
    await vi.waitFor(() => expect(i18n.language).toBe('tn'));
    expect(history.replaceState).toHaveBeenCalledWith(
      { idx: 0 },
      '',
      '/discover-content?page=2#top',
    );
  });

  it('never replaces a signed-in session: the token is ignored and removed from the address', () => {
    storeTokens({ accessToken: 'mine', refreshToken: 'my-refresh' });
    const history = fakeHistory();
    const result = consumeQueryStringSession(
      { href: `https://app.test/discover-content?token=${jwt}&page=2` },
      history,
    );
    expect(result).toEqual({ tokenStored: false, language: null });
    expect(readTokens()).toEqual({ accessToken: 'mine', refreshToken: 'my-refresh' });
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/discover-content?page=2');
  });

  it('still applies the language of a link when a session exists', async () => {
    storeTokens({ accessToken: 'mine', refreshToken: 'my-refresh' });
    const history = fakeHistory();
    const result = consumeQueryStringSession(
      { href: `https://app.test/?token=${jwt}&lang=fr` },
      history,
    );
    expect(result).toEqual({ tokenStored: false, language: 'fr' });
    expect(readTokens()).toEqual({ accessToken: 'mine', refreshToken: 'my-refresh' });
    expect(readStoredLanguage()).toBe('fr');
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/');
  });

  it('leaves e-mail link tokens of the auth pages alone', () => {
    const history = fakeHistory();
    consumeQueryStringSession({ href: 'https://app.test/reset-password?token=abc123' }, history);
    consumeQueryStringSession({ href: `https://app.test/verify-email?token=${jwt}` }, history);
    expect(readTokens()).toBeNull();
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('ignores a token that is not an access token and an unknown language', () => {
    const history = fakeHistory();
    consumeQueryStringSession({ href: 'https://app.test/?token=opaque-token&lang=de' }, history);
    expect(readTokens()).toBeNull();
    expect(readStoredLanguage()).toBeNull();
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('accepts a language alone, on any page', () => {
    const history = fakeHistory();
    consumeQueryStringSession(
      { href: 'https://app.test/reset-password?token=abc&lang=fr' },
      history,
    );
    expect(readStoredLanguage()).toBe('fr');
    expect(readTokens()).toBeNull();
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/reset-password?token=abc');
  });
});
