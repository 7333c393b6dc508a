import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { CreatePromoCodeForm } from '../components/create-promo-code-form';
import { PromoCodesTable } from '../components/promo-codes-table';

/**
 * `/admin/promo-codes` (ADMIN, issue 9 point 7): the codes advertisers may use at checkout,
 * with how much each has been used, an on/off switch, and a form to create one.
 */
export default function AdminPromoCodesPage() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('promoCodes.title')}</Title>
        <Text c="dimmed">{t('promoCodes.intro')}</Text>
      </div>
      <CreatePromoCodeForm />
      <Stack gap="sm" component="section" aria-labelledby="promo-codes-list-title">
        <Title order={2} size="h3" id="promo-codes-list-title">
          {t('promoCodes.list.title')}
        </Title>
        <PromoCodesTable />
      </Stack>
    </Stack>
  );
}
