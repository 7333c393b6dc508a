import { Paper, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import type { Wallet } from '../api/get-wallet';

/** The wallet's balance, the part held for work in progress, and what can be spent now. */
export function BalanceCards({
  wallet,
}: {
  wallet: Pick<Wallet, 'balance' | 'reserved' | 'available'>;
}) {
  const { t } = useTranslation('wallet');
  const headingId = useId();
  const cards = [
    { key: 'available', amount: wallet.available, emphasis: true },
    { key: 'reserved', amount: wallet.reserved, emphasis: false },
    { key: 'balance', amount: wallet.balance, emphasis: false },
  ] as const;
  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden>
        <Title order={2} id={headingId}>
          {t('balances.title')}
        </Title>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {cards.map((card) => (
          <Paper key={card.key} withBorder radius="md" p="md">
            <Text size="sm" c="dimmed" fw={500} id={`${headingId}-${card.key}`}>
              {t(`balances.${card.key}`)}
            </Text>
            <Text
              fz={card.emphasis ? 28 : 24}
              fw={700}
              c={card.emphasis ? 'teal' : undefined}
              aria-describedby={`${headingId}-${card.key}-hint`}
              data-testid={`wallet-${card.key}`}
            >
              <Money millimes={card.amount} />
            </Text>
            <Text size="xs" c="dimmed" id={`${headingId}-${card.key}-hint`}>
              {t(`balances.${card.key}Hint`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
