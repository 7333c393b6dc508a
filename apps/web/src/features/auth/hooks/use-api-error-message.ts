import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

/** Translates an API failure by its stable code (`errors` namespace). */
export function useApiErrorMessage() {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        return t(error.code, { defaultValue: t('INTERNAL') });
      }
      return t('INTERNAL');
    },
    [t],
  );
}
