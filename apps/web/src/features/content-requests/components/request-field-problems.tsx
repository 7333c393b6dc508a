import { contentRequestMessages } from '@clipmarket/contracts/content-requests';
import type { FieldError } from '@clipmarket/contracts/errors';
import { requestDateRuleOf } from '@clipmarket/contracts/request-dates';
import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { infoLabelKeys } from '../draft-form';
import { REQUESTS_PATH } from '../paths';

/** The label key of each field the checkout may refuse (the form's own labels). */
const fieldLabelKeys: Readonly<Record<string, string>> = {
  ...infoLabelKeys,
  publishing_deadline: 'info.publishingDeadline',
  script: 'script.label',
};

/** The fields of a checkout refusal the request form can show (CONTENT_REQUEST_INCOMPLETE). */
export function refusedFieldsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.code !== 'CONTENT_REQUEST_INCOMPLETE') return [];
  return error.fields.filter((problem) => problem.field in fieldLabelKeys);
}

/** The request form opened on a field (the script has a step of its own). */
export function fieldPath(id: number, field: string | undefined): string {
  const base = `${REQUESTS_PATH}/${id}`;
  if (!field) return base;
  return field === 'script' ? `${base}?step=script&field=script` : `${base}?field=${field}`;
}

/**
 * What the checkout refused, field by field, in the interface language: each field's name
 * leads to it in the request form, followed by the server's reason (a required field, the
 * script, or one of the date rules the form's step 2 also checks).
 */
export function RequestFieldProblems({ id, fields }: { id: number; fields: FieldError[] }) {
  const { t } = useTranslation('content-requests');
  const reasonOf = ({ message }: FieldError) => {
    if (message === contentRequestMessages.requiredFields) return t('common.required');
    if (message === contentRequestMessages.scriptRequired) return t('messages.scriptRequired');
    const rule = requestDateRuleOf(message);
    return rule ? t(`dates.${rule}`) : message;
  };
  return (
    <Stack gap={4}>
      <Text size="sm">{t('checkout.fieldProblems')}</Text>
      <List size="sm" spacing={2}>
        {fields.map((problem) => (
          <List.Item key={`${problem.field}:${problem.message}`}>
            <Anchor component={Link} to={fieldPath(id, problem.field)} size="sm" fw={600}>
              {t(fieldLabelKeys[problem.field] ?? problem.field)}
            </Anchor>
            {' — '}
            {reasonOf(problem)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
