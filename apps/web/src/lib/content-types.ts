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
