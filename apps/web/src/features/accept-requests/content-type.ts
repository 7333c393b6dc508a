import { contentTypeKeyOf, contentTypes } from '@clipmarket/contracts/content-types';
import { useCallback } from 'react';
import { useTranslation } from '../../lib/use-translation';

const keys: readonly string[] = contentTypes.map((type) => type.key);

/**
 * A request's content type in the interface language (`pages:contentTypes.*`). Requests store
 * the type's key (`product_demo`); the spec's English text is understood too; anything else is
 * shown as written.
 */
export function useContentTypeLabel() {
  const { t } = useTranslation('pages');
  return useCallback(
    (value: string) => {
      const key = keys.includes(value) ? value : contentTypeKeyOf(value);
      return key ? t(`contentTypes.${key}`) : value;
    },
    [t],
  );
}
