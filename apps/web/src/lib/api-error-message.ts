import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
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
