import { englishFieldNames, type FieldName } from '@clipmarket/contracts/validation-messages';
import { Text } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { intlLocale } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';

/**
 * One message naming every field the account settings still need before paying, by the names
 * the validation messages give them inside a sentence (their catalog loads on first use: the
 * fallback shows meanwhile).
 */
export function LegalInfoMissing({ fields, fallback }: { fields: string[]; fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <MissingFields fields={fields} />
    </Suspense>
  );
}

function MissingFields({ fields }: { fields: string[] }) {
  const { t, i18n } = useTranslation(['checkout', 'validation']);
  const names = fields.map((field) =>
    t(`validation:fields.${field}`, {
      defaultValue: englishFieldNames[field as FieldName] ?? field,
    }),
  );
  const list = new Intl.ListFormat(intlLocale(i18n.language), { type: 'conjunction' });
  return <Text size="sm">{t('legalInfo.missing', { fields: list.format(names) })}</Text>;
}
