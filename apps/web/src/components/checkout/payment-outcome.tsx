import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { BackIcon } from '../back-icon';
import { IconCircleCheck, IconCircleX, IconCoin, IconRefresh } from '../icons';

/** The advertiser's wallet, where a payment its purchase could not use stays. */
const WALLET_PATH = '/track-payments/my-wallet';

/** What a payment's result page tells: decided by the purchase's own state, never by the URL. */
export type PaymentOutcome = 'paid' | 'waiting' | 'failed';

export interface PaymentOutcomeTexts {
  loading: string;
  paidTitle: string;
  paidText: ReactNode;
  /** A second, quieter line under a paid answer (e.g. the total charged). */
  paidNote?: ReactNode;
  waitingTitle: string;
  waitingText: ReactNode;
  failedTitle: string;
  failedText: ReactNode;
}

/**
 * The card of a payment's result page (wallet packs, content requests): a loader until the
 * purchase is read, then paid, waiting or failed, announced as it changes (`role="status"`).
 * A final answer moves focus to its heading, so keyboard and screen reader users start there.
 * `actions` (try again, back to the list) and `footer` (an error) sit under it.
 */
export function PaymentOutcomeCard({
  outcome,
  texts,
  actions,
  footer,
}: {
  /** null while the purchase is being read. */
  outcome: PaymentOutcome | null;
  texts: PaymentOutcomeTexts;
  actions?: ReactNode;
  footer?: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome === 'paid' || outcome === 'failed') headingRef.current?.focus();
  }, [outcome]);

  const finalHeading = (title: string) => (
    <Title order={1} size="h2" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
      {title}
    </Title>
  );

  return (
    <Paper withBorder radius="md" p="xl">
      <div role="status">
        {outcome === null ? (
          <Center py="lg">
            <Loader aria-label={texts.loading} />
          </Center>
        ) : outcome === 'paid' ? (
          <Stack align="center" gap="sm" ta="center">
            <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
            {finalHeading(texts.paidTitle)}
            <Text>{texts.paidText}</Text>
            {texts.paidNote && (
              <Text size="sm" c="dimmed">
                {texts.paidNote}
              </Text>
            )}
          </Stack>
        ) : outcome === 'waiting' ? (
          <Stack align="center" gap="sm" ta="center">
            <Loader aria-hidden />
            <Title order={1} size="h2">
              {texts.waitingTitle}
            </Title>
            <Text>{texts.waitingText}</Text>
          </Stack>
        ) : (
          <Stack align="center" gap="sm" ta="center">
            <IconCircleX size={56} color="var(--mantine-color-red-6)" aria-hidden />
            {finalHeading(texts.failedTitle)}
            <Text>{texts.failedText}</Text>
          </Stack>
        )}
      </div>
      {actions}
      {footer}
    </Paper>
  );
}

/**
 * The actions under a payment's result: try again after a failure, the wallet when the money
 * stayed there (`kept`: paid, but its purchase could not use it), and the way back (the main
 * action once paid). Each page names its places and words; the way back may also show after a
 * failure (`alsoAfterFailure`).
 */
export function PaymentOutcomeActions({
  outcome,
  retry,
  walletLabel,
  back,
}: {
  outcome: PaymentOutcome | 'kept' | null;
  retry: { to: string; label: string };
  walletLabel: string;
  back: { to: string; label: string; withIcon?: boolean; alsoAfterFailure?: boolean };
}) {
  if (!outcome) return null;
  return (
    <Group justify="center" mt="lg">
      {outcome === 'failed' && (
        <Button component={Link} to={retry.to} leftSection={<IconRefresh size={18} aria-hidden />}>
          {retry.label}
        </Button>
      )}
      {outcome === 'kept' && (
        <Button component={Link} to={WALLET_PATH} leftSection={<IconCoin size={18} aria-hidden />}>
          {walletLabel}
        </Button>
      )}
      {(outcome !== 'failed' || back.alsoAfterFailure) && (
        <Button
          component={Link}
          to={back.to}
          variant={outcome === 'paid' ? 'filled' : 'default'}
          leftSection={back.withIcon ? <BackIcon /> : undefined}
        >
          {back.label}
        </Button>
      )}
    </Group>
  );
}
