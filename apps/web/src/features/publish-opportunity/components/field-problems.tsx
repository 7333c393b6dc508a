import type { FieldError } from '@clipmarket/contracts/errors';
import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { serverMessages } from '../constants';
import { type FormField, fieldLabelKeys, formFieldOf, stepOfField } from '../draft-form';
import { opportunityPath } from '../paths';

/**
 * The form fields an API refusal names (a save's or the checkout's), with their reasons. The
 * legal info's refusal names the account settings' fields (some share a name: cities), not these.
 */
export function refusedFieldsOf(error: unknown): { field: FormField; message: string }[] {
  if (!(error instanceof ApiError) || error.code === 'LEGAL_INFO_REQUIRED') return [];
  return error.fields.flatMap((problem: FieldError) => {
    const field = formFieldOf(problem.field);
    return field ? [{ field, message: problem.message }] : [];
  });
}

/** The server's reason in the interface language when it is one the spec words (§8). */
export function useFieldReason() {
  const { t } = useTranslation('publish-opportunity');
  return (message: string) => {
    if (message === serverMessages.briefTooLong) return t('messages.briefTooLong');
    if (message === serverMessages.requiredFields) return t('messages.requiredFields');
    if (message === serverMessages.priceBelowSuggested) return t('messages.priceBelowSuggested');
    return message;
  };
}

/** The opportunity's form opened on a field (the brief and its checklist have a step). */
export function fieldPath(id: number, field: FormField | undefined): string {
  const base = opportunityPath(id);
  if (!field) return base;
  return stepOfField(field) === 'brief'
    ? `${base}?step=brief&field=${field}`
    : `${base}?field=${field}`;
}

/** What the checkout refused, field by field: each name leads to its field in the form. */
export function FieldProblems({
  id,
  fields,
}: {
  id: number;
  fields: { field: FormField; message: string }[];
}) {
  const { t } = useTranslation('publish-opportunity');
  const reasonOf = useFieldReason();
  return (
    <Stack gap={4}>
      <Text size="sm">{t('checkout.fieldProblems')}</Text>
      <List size="sm" spacing={2}>
        {fields.map((problem) => (
          <List.Item key={`${problem.field}:${problem.message}`}>
            <Anchor component={Link} to={fieldPath(id, problem.field)} size="sm" fw={600}>
              {t(fieldLabelKeys[problem.field])}
            </Anchor>
            {' — '}
            {reasonOf(problem.message)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
