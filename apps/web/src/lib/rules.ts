import { createRules, type Rules } from '@clipmarket/contracts/validation';
import { useMemo } from 'react';
import { useTranslate } from './validation-translate';

/** The shared validation rules (spec §5, zod) speaking the interface language. */
export function useRules(): Rules {
  const translate = useTranslate();
  return useMemo(() => createRules(translate), [translate]);
}
