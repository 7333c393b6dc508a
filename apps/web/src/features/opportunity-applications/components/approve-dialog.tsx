import type { Application } from '@clipmarket/contracts/opportunities';
import { Alert, Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { Money } from '../../../components/checkout/money';
import { IconCreditCard, IconInfoCircle } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';
import { goToPaymentPage, usePaymentAttempt } from '../../../lib/payment-page';
import { useTranslation } from '../../../lib/use-translation';
import {
  useApprovalQuote,
  useDecideApplication,
  useStartApprovalPayment,
} from '../api/applications';
import { WALLET_PATH } from '../paths';

/** Answers after which the wallet is read again: it changed since the dialog opened. */
const walletChangedCodes: readonly string[] = ['INSUFFICIENT_FUNDS', 'WALLET_COVERS_PRICE'];

/**
 * "Approve this application?" (issue 23 §4, spec: "Approving takes a spot and holds the agreed
 * price in the ledger — from the wallet; when the wallet does not cover it, through the
 * checkout"): the creator's price and the wallet's available money, read when the dialog
 * opens. When the wallet covers the price, approving holds it at once; when not, the dialog
 * says what is missing and offers to pay that by card (the gateway's page, the application
 * approved once the payment is confirmed) or to top up the wallet first.
 */
export function ApproveDialog({
  opened,
  opportunityId,
  application,
  onApproved,
  onClose,
}: {
  opened: boolean;
  opportunityId: number;
  application: Application;
  onApproved: (application: Application) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('opportunity-applications');
  return (
    <Modal opened={opened} onClose={onClose} title={t('decision.approveTitle')} centered>
      {/* Mounted while open only: each opening reads the wallet again. */}
      {opened && (
        <ApproveForm
          opportunityId={opportunityId}
          application={application}
          onApproved={onApproved}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ApproveForm({
  opportunityId,
  application,
  onApproved,
  onClose,
}: Omit<Parameters<typeof ApproveDialog>[0], 'opened'>) {
  const { t, i18n } = useTranslation('opportunity-applications');
  const errorMessage = useApiErrorMessage();
  const applicationId = application.content_opportunity_influencer_id;
  const quote = useApprovalQuote(opportunityId, applicationId, true);
  const decide = useDecideApplication(opportunityId);
  const payment = useStartApprovalPayment();
  const attempt = usePaymentAttempt();
  const [failure, setFailure] = useState<unknown>(null);
  const [isLeaving, setIsLeaving] = useState(false);

  const name = application.creator.name;
  const inText = (millimes: number) => `\u2066${formatMoney(millimes, i18n.language)}\u2069`;
  const busy = decide.isPending || payment.isPending || isLeaving;

  const failed = (error: unknown) => {
    setFailure(error);
    if (error instanceof ApiError && walletChangedCodes.includes(String(error.code))) {
      void quote.refetch();
    }
  };

  const approve = () => {
    setFailure(null);
    decide.mutate(
      { applicationId, decision: { decision: 'accept' } },
      { onSuccess: onApproved, onError: failed },
    );
  };

  const pay = (missing: number) => {
    const idempotencyKey = attempt.begin({ applicationId, missing });
    if (!idempotencyKey) return;
    setFailure(null);
    payment.mutate(
      { opportunityId, applicationId, idempotencyKey },
      {
        onSettled: () => attempt.end(),
        onSuccess: (started) => {
          setIsLeaving(true);
          goToPaymentPage(started.payment_url);
        },
        onError: (error) => {
          attempt.failed(error instanceof ApiError ? String(error.code) : 'INTERNAL');
          failed(error);
        },
      },
    );
  };

  const data = quote.data;
  return (
    <Stack gap="md">
      <Text>{t('decision.approveText', { name, price: inText(application.price) })}</Text>
      {quote.isError ? (
        <LoadErrorAlert
          error={quote.error}
          message={t('decision.walletError')}
          onRetry={() => void quote.refetch()}
        />
      ) : !data ? (
        <Skeleton height={96} radius="md" />
      ) : (
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('decision.price')}</Table.Th>
              <Table.Td>
                <Money millimes={data.price} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('decision.walletAvailable')}</Table.Th>
              <Table.Td>
                <Money millimes={data.wallet_available} />
              </Table.Td>
            </Table.Tr>
            {!data.wallet_covers && (
              <Table.Tr>
                <Table.Th>{t('decision.missing')}</Table.Th>
                <Table.Td fw={700}>
                  <Money millimes={data.missing} />
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
      {data && !data.wallet_covers && (
        <Alert color="blue" role="note" icon={<IconInfoCircle size={20} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('decision.missingText', { missing: inText(data.missing) })}</Text>
            <Button component={Link} to={WALLET_PATH} size="xs" variant="light">
              {t('decision.topUp')}
            </Button>
          </Stack>
        </Alert>
      )}
      {failure !== null && (
        <Alert color="red" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        {data && !data.wallet_covers ? (
          <Button
            color="teal"
            leftSection={<IconCreditCard size={18} aria-hidden />}
            loading={busy}
            onClick={() => pay(data.missing)}
          >
            {t('decision.payAndApprove', { amount: inText(data.missing) })}
          </Button>
        ) : (
          <Button
            color="teal"
            loading={busy}
            disabled={!data || quote.isFetching}
            onClick={approve}
          >
            {t('decision.approveConfirm')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
