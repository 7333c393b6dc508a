import { contentTypeKeyOf, contentTypes } from '@clipmarket/contracts/content-types';
import { useCallback, useMemo } from 'react';
import { useTranslation } from './use-translation';

/**
 * A creator's specialization in the interface language: the spec's content types are
 * translated (`pages:contentTypes`), free text is shown as the creator wrote it.
 */
export function useSpecializationLabel() {
  const { t } = useTranslation('pages');
  return useCallback(
    (value: string) => {
      const key = contentTypeKeyOf(value);
      return key ? t(`contentTypes.${key}`) : value;
    },
    [t],
  );
}

/**
 * Options of the specializations field: the content types, translated, whose values stay the
 * stored English texts; values already chosen outside the list are kept as they are.
 */
export function useSpecializationOptions(chosen: readonly string[]) {
  const labelOf = useSpecializationLabel();
  return useMemo(() => {
    const known = contentTypes.map((type) => ({ value: type.value, label: labelOf(type.value) }));
    const others = chosen
      .filter((value) => contentTypeKeyOf(value) === null)
      .map((value) => ({ value, label: value }));
    return [...known, ...others];
  }, [chosen, labelOf]);
}

const contentTypeKeys: readonly string[] = contentTypes.map((type) => type.key);

/**
 * A request's or an opportunity's content type in the interface language
 * (`pages:contentTypes.*`). They store the type's key (`product_demo`); the spec's English text
 * is understood too; anything else is shown as written.
 */
export function useContentTypeLabel() {
  const { t } = useTranslation('pages');
  return useCallback(
    (value: string) => {
      const key = contentTypeKeys.includes(value) ? value : contentTypeKeyOf(value);
      return key ? t(`contentTypes.${key}`) : value;
    },
    [t],
  );
}
