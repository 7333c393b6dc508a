import { createContactMessageSchema } from '@clipmarket/contracts/support';
import { useMemo } from 'react';
import { useRules } from '../../../lib/rules';

/** The API's contact schema speaking the interface language (shared `validation` texts). */
export function useContactSchema() {
  const rules = useRules();
  return useMemo(() => createContactMessageSchema(rules), [rules]);
}
