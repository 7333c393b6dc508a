import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'wouter';
import { IconAlertTriangle, IconCheck, IconCircleX, IconSettings } from '../../../components/icons';
import { Money } from '../../../components/checkout/money';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { type CreatorLineView, creatorLineQueryKey } from '../api/get-creator-line';
import { useTransitionLine } from '../api/transition-line';
import { formatDateTime } from '../../../lib/tunis-time';
import { DeclineModal } from './decline-modal';

/** Accepting needs a validated account with its financial info (issue 10 §4): said, with the way. */
const accountCodes = ['FINANCIAL_INFO_REQUIRED', 'ACCOUNT_NOT_VALIDATED'] as const;
type AccountCode = (typeof accountCodes)[number];
const accountCodeOf = (error: unknown): AccountCode | null =>
  error instanceof ApiError && (accountCodes as readonly string[]).includes(error.code)
    ? (error.code as AccountCode)
    : null;

/**
 * The creator's answer to a new request: Accept (after a confirmation) or Decline (with a
 * reason). Only the transitions the server lists for this line are offered.
 */
export function AnswerPanel({ line }: { line: CreatorLineView }) {
  const { t, i18n } = useTranslation('accept-requests');
  const headingId = useId();
  const id = line.content_request_influencer_id;
  const transition = useTransitionLine(id);
  const queryClient = useQueryClient();
  const errorMessage = useApiErrorMessage();
  const [, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const canAccept = line.allowed_transitions.includes('accept');
  const canDecline = line.allowed_transitions.includes('decline');
  if (!canAccept && !canDecline) return null;

  const onError = (error: unknown) => {
    setDialog(null);
    setFailure(error);
    // Someone or something acted first (the window closed, the advertiser cancelled): show
    // where the line stands now.
    if (
      error instanceof ApiError &&
      (error.code === 'INVALID_TRANSITION' || error.status === 404)
    ) {
      void queryClient.invalidateQueries({ queryKey: creatorLineQueryKey(id) });
      toasts.show({ color: 'orange', message: t('answer.moved'), autoClose: 8000 });
    }
  };

  const accept = () => {
    setFailure(null);
    transition.mutate(
      { transition: 'accept' },
      {
        onSuccess: () => {
          setDialog(null);
          toasts.show({ color: 'teal', message: t('answer.accepted'), autoClose: 6000 });
        },
        onError,
      },
    );
  };

  const decline = (reason: string) => {
    setFailure(null);
    transition.mutate(
      { transition: 'decline', reason },
      {
        onSuccess: () => {
          setDialog(null);
          toasts.show({ color: 'teal', message: t('answer.declined'), autoClose: 6000 });
        },
        onError,
      },
    );
  };

  const openFinancialInfo = () =>
    setSearchParams(
      (params) => {
        params.set('settings', 'financial-infos');
        return params;
      },
      { replace: true },
    );

  const accountCode = accountCodeOf(failure);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('answer.title')}
        </Title>
        <Text size="sm">{t('answer.intro')}</Text>
        {accountCode ? (
          <Alert color="orange" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {accountCode === 'FINANCIAL_INFO_REQUIRED'
                  ? t('answer.financialInfoRequired')
                  : t('answer.accountNotValidated')}
              </Text>
              <Button
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconSettings size={14} aria-hidden />}
                onClick={openFinancialInfo}
              >
                {t('answer.openFinancialInfo')}
              </Button>
            </Stack>
          </Alert>
        ) : failure ? (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
            <Text size="sm">
              {failure instanceof ApiError && failure.code === 'INVALID_TRANSITION'
                ? t('answer.moved')
                : `${t('answer.failed')} ${errorMessage(failure)}`}
            </Text>
          </Alert>
        ) : null}
        <Group gap="sm">
          {canAccept && (
            <Button
              leftSection={<IconCheck size={18} aria-hidden />}
              onClick={() => setDialog('accept')}
            >
              {t('answer.accept')}
            </Button>
          )}
          {canDecline && (
            <Button
              variant="outline"
              color="red"
              leftSection={<IconCircleX size={18} aria-hidden />}
              onClick={() => setDialog('decline')}
            >
              {t('answer.decline')}
            </Button>
          )}
        </Group>
      </Stack>

      <Modal
        opened={dialog === 'accept'}
        onClose={() => setDialog(null)}
        title={t('answer.confirmAcceptTitle')}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('answer.confirmAcceptBody', {
              date: formatDateTime(line.delivery_deadline, i18n.language),
              price: '\u2068PRICE\u2069',
            })
              .split('\u2068PRICE\u2069')
              .flatMap((part, index) =>
                index === 0 ? [part] : [<Money key="price" millimes={line.price} />, part],
              )}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setDialog(null)}
              disabled={transition.isPending}
            >
              {t('answer.cancel')}
            </Button>
            <Button onClick={accept} loading={transition.isPending}>
              {t('answer.confirmAccept')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <DeclineModal
        opened={dialog === 'decline'}
        isSubmitting={transition.isPending}
        onClose={() => setDialog(null)}
        onDecline={decline}
      />
    </Paper>
  );
}
