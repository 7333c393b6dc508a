import { useCallback } from 'react';
import { useTranslation } from './use-translation';
import { ApiError } from './api-client';

/** Translates an API failure by its stable code (`errors` namespace), for any screen. */
export function useApiErrorMessage() {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown): string =>
      error instanceof ApiError ? t(error.code, { defaultValue: t('INTERNAL') }) : t('INTERNAL'),
    [t],
  );
}

/**
 * The translated reason of an API failure (`WRONG_PASSWORD` → "The old password is incorrect."),
 * or null when there is none to tell (an internal error, a code without a text): the screen then
 * shows its own generic message.
 */
export function useApiErrorReason() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown): string | null => {
      if (!(error instanceof ApiError) || error.code === 'INTERNAL') return null;
      return i18n.exists(error.code, { ns: 'errors' }) ? t(error.code) : null;
    },
    [t, i18n],
  );
}
