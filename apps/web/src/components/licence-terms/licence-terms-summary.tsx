import type { LicenceTerms } from '@clipmarket/contracts/licences';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useLicenceWording } from '../../lib/licence-terms';
import { useTranslation } from '../../lib/use-translation';

type WordedTerms = Omit<LicenceTerms, 'exclusivity_days'> & { exclusivity_days: number };

/**
 * The usage rights a sent request or a published opportunity bought, read-only (issue 27 §1):
 * "Usage rights: organic + paid ads, 90 days, MENA, 30-day exclusivity", in the wording the
 * creator's views use (`licence.forCreator`). `children` adds what the page knows more.
 */
export function LicenceTermsSummary({
  terms,
  children,
}: {
  terms: WordedTerms;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const wording = useLicenceWording();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap={4}>
        <Title order={2} size="h4" id={titleId}>
          {t('licence.legend')}
        </Title>
        <Text size="sm">{t('licence.forCreator', { terms: wording.terms(terms) })}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
