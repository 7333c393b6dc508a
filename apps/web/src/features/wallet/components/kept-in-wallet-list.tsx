import type { WalletCredit } from '@clipmarket/contracts/wallet';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { Money } from '../../../components/checkout/money';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The wallet's history of card payments that arrived when their purchase no longer needed them
 * (paid another way, e.g. from the wallet in another tab): each amount went into the wallet,
 * and this says when, how much and why, with the purchase it was for (its page, named by its
 * reference: a request, a line's content fee, an opportunity or an approval). Stacked rows,
 * readable at phone width.
 */
export function KeptInWalletList({ credits }: { credits: readonly WalletCredit[] }) {
  const { t, i18n } = useTranslation('wallet');
  const headingId = useId();
  if (credits.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('kept.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('kept.intro')}
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {credits.map((credit) => (
          <Paper component="li" withBorder radius="md" p="sm" key={credit.payment_id}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Text fw={600}>{t(`kept.reason.${credit.reason}`)}</Text>
                <Text size="sm" c="dimmed">
                  {credit.paid_at
                    ? t('kept.paidOn', { date: formatDate(credit.paid_at, i18n.language) })
                    : null}
                </Text>
                {credit.page && credit.reference && (
                  <Anchor component={Link} to={credit.page} size="sm">
                    {t('kept.open', { reference: credit.reference })}
                  </Anchor>
                )}
              </Stack>
              <Text fw={700}>
                <Money millimes={credit.amount} />
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
