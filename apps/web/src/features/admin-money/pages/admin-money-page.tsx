import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { useParams, useSearchParams } from 'wouter';
import { LedgerPanel } from '../components/ledger-panel';
import { PaymentsPanel } from '../components/payments-panel';
import { ReconciliationPanel } from '../components/reconciliation-panel';
import { isPaymentState } from '../money-format';

const tabs = ['ledger', 'payments', 'reconciliation'] as const;
type MoneyTab = (typeof tabs)[number];
const isTab = (value: string | null): value is MoneyTab =>
  value !== null && (tabs as readonly string[]).includes(value);

/**
 * `/admin/payments` (ADMIN, issue 9 point 8): the ledger's overview with the books check, the
 * payments with their gateway reference, and the reconciliation of our payments against the
 * gateway (where an admin repairs a mismatch). The tab and the status filter live in the URL;
 * `/admin/payments/{payment_id}` (a notification's link) opens the payments with that one
 * highlighted.
 */
export default function AdminMoneyPage() {
  const { t } = useTranslation('admin-money');
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const currentPaymentId = params.payment_id ? Number(params.payment_id) : null;
  const requested = searchParams.get('tab');
  const tab: MoneyTab = isTab(requested) ? requested : currentPaymentId ? 'payments' : 'ledger';
  const requestedStatus = searchParams.get('status');
  const status = isPaymentState(requestedStatus) ? requestedStatus : null;

  const update = (changes: Record<string, string | null>) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value)) update({ tab: value });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')}>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="ledger" pt="md">
          <LedgerPanel />
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsPanel
            status={status}
            onStatusChange={(next) => update({ status: next })}
            currentPaymentId={currentPaymentId}
          />
        </Tabs.Panel>
        <Tabs.Panel value="reconciliation" pt="md">
          <ReconciliationPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
