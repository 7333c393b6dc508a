import { useMemo, useSyncExternalStore } from 'react';
import i18n from './i18n';
import { ApiError } from './api-client';

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const currentLanguage = () => i18n.language;

/**
 * The API's error texts (`errors` namespace) without waiting for them: screens call this on their
 * first render, long before anything fails, and the texts arrive with the first failure
 * (api-client.ts `failWith`). Should they be missing still, the generic text of `common`.
 */
function useErrorTexts() {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return useMemo(() => {
    const t = i18n.fixedT(['errors']);
    return {
      reason: (code: string): string | null =>
        i18n.exists(code, { ns: 'errors' }) ? t(code) : null,
      generic: (): string =>
        i18n.exists('INTERNAL', { ns: 'errors' })
          ? t('INTERNAL')
          : i18n.t('genericError', { ns: 'common' }),
    };
    // A new lookup per language, so memoised messages follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `language` is what changes
  }, [language]);
}

/** Translates an API failure by its stable code (`errors` namespace), for any screen. */
export function useApiErrorMessage() {
  const texts = useErrorTexts();
  return useMemo(
    () =>
      (error: unknown): string =>
        (error instanceof ApiError ? texts.reason(error.code) : null) ?? texts.generic(),
    [texts],
  );
}

/**
 * The translated reason of an API failure (`WRONG_PASSWORD` → "The old password is incorrect."),
 * or null when there is none to tell (an internal error, a code without a text): the screen then
 * shows its own generic message.
 */
export function useApiErrorReason() {
  const texts = useErrorTexts();
  return useMemo(
    () =>
      (error: unknown): string | null => {
        if (!(error instanceof ApiError) || error.code === 'INTERNAL') return null;
        return texts.reason(error.code);
      },
    [texts],
  );
}
