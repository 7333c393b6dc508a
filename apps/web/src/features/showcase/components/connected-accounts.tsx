import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  IconBrandInstagram,
  IconBrandTiktok,
  IconCircleCheck,
  IconInfoCircle,
} from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate } from '../../../lib/format';
import { CREATOR_HOME } from '../../../lib/roles';
import { toasts } from '../../../lib/toasts';
import { Trans, useTranslation } from '../../../lib/use-translation';
import {
  type MetricPlatform,
  type SocialAccount,
  metricPlatforms,
  useDisconnectAccount,
  useSocialAccounts,
  useStartConnection,
} from '../api/social-accounts';
import { goToAuthorizePage } from '../authorize-page';

/** The disconnect dialog (Mantine's Modal and its focus trap) comes when first asked for. */
const ConfirmModal = lazy(() =>
  import('../../../components/confirm-modal').then((m) => ({ default: m.ConfirmModal })),
);

const platformIcons: Record<MetricPlatform, TablerIcon> = {
  instagram: IconBrandInstagram,
  tiktok: IconBrandTiktok,
};

const connectErrors = ['invalid', 'denied', 'failed'] as const;
type Outcome = { kind: 'connected' | (typeof connectErrors)[number]; platform: MetricPlatform };

const isPlatform = (value: string | null): value is MetricPlatform =>
  value === 'instagram' || value === 'tiktok';

/** What the OAuth return put in the address (`?connected=` or `?connect_error=&platform=`). */
function outcomeOf(search: string): Outcome | null {
  const params = new URLSearchParams(search);
  const connected = params.get('connected');
  if (isPlatform(connected)) return { kind: 'connected', platform: connected };
  const error = params.get('connect_error');
  const platform = params.get('platform');
  const kind = connectErrors.find((known) => known === error);
  return kind && isPlatform(platform) ? { kind, platform } : null;
}

/**
 * The OAuth return's outcome, read once from the address, which is then cleaned so that a
 * reload or a shared link does not say it again.
 */
function useConnectionOutcome() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<Outcome | null>(() => outcomeOf(search));
  const hasOutcomeInAddress = /(?:^|&)(?:connected|connect_error)=/.test(search);
  useEffect(() => {
    if (!hasOutcomeInAddress) return;
    const found = outcomeOf(search);
    if (found) setOutcome(found);
    navigate(CREATOR_HOME, { replace: true });
  }, [hasOutcomeInAddress, search, navigate]);
  return [outcome, () => setOutcome(null)] as const;
}

function AccountRow({
  platform,
  account,
  busy,
  onConnect,
  onDisconnect,
}: {
  platform: MetricPlatform;
  account: SocialAccount | undefined;
  busy: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
}) {
  const { t, i18n } = useTranslation('publication-metrics');
  const nameId = useId();
  const Icon = platformIcons[platform];
  const name = t(`platforms.${platform}`);
  const status = account?.status ?? 'not_connected';
  const needsReconnect = status === 'reconnect_needed';
  return (
    <Card withBorder padding="md" component="li" aria-labelledby={nameId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
            <Icon size={22} />
          </ThemeIcon>
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600} id={nameId}>
                {name}
              </Text>
              <Badge
                variant="light"
                color={status === 'connected' ? 'teal' : needsReconnect ? 'orange' : 'gray'}
              >
                {t(`accounts.status.${status}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t(platform === 'instagram' ? 'accounts.instagramKind' : 'accounts.tiktokKind')}
            </Text>
            {account ? (
              <>
                <Text size="sm">
                  <Trans
                    t={t}
                    i18nKey="accounts.connectedAs"
                    values={{ username: `@${account.username}` }}
                    components={{ name: <bdi dir="ltr" /> }}
                  />
                </Text>
                <Text size="sm" c="dimmed">
                  {t('accounts.since', { date: formatDate(account.connected_at, i18n.language) })}
                </Text>
                {needsReconnect && (
                  <Text size="sm" c="orange.8">
                    {t('accounts.reconnectHint')}
                  </Text>
                )}
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('accounts.notConnectedHint')}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs">
          {(!account || needsReconnect) && (
            <Button
              onClick={onConnect}
              loading={busy}
              aria-label={t(needsReconnect ? 'accounts.reconnectLabel' : 'accounts.connectLabel', {
                platform: name,
              })}
            >
              {t(needsReconnect ? 'accounts.reconnect' : 'accounts.connect')}
            </Button>
          )}
          {account && (
            <Button
              variant="default"
              color="red"
              onClick={onDisconnect}
              disabled={busy}
              aria-label={t('accounts.disconnectLabel', { platform: name })}
            >
              {t('accounts.disconnect')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/**
 * "Connected accounts" on the creator's own showcase (issue 24 §2): Instagram (a professional
 * account) and TikTok, connected by OAuth so that the figures of their published videos are
 * read automatically; otherwise they submit them with a screenshot. Says how the platform's
 * return went (`?connected=` / `?connect_error=`), then cleans the address.
 */
export function ConnectedAccounts() {
  const { t } = useTranslation('publication-metrics');
  const titleId = useId();
  const errorMessage = useApiErrorMessage();
  const accounts = useSocialAccounts();
  const start = useStartConnection();
  const disconnect = useDisconnectAccount();
  const [outcome, dismissOutcome] = useConnectionOutcome();
  const [connecting, setConnecting] = useState<MetricPlatform | null>(null);
  const [disconnecting, setDisconnecting] = useState<MetricPlatform | null>(null);
  // Mounted from the first ask on, so that it can play its closing transition.
  const [disconnectAsked, setDisconnectAsked] = useState(false);

  const connect = async (platform: MetricPlatform) => {
    setConnecting(platform);
    try {
      goToAuthorizePage(await start.mutateAsync(platform));
    } catch (error) {
      toasts.show({ color: 'red', message: errorMessage(error) });
      setConnecting(null);
    }
  };

  const confirmDisconnect = async () => {
    const platform = disconnecting;
    if (!platform) return;
    try {
      await disconnect.mutateAsync(platform);
      toasts.show({
        color: 'teal',
        message: t('accounts.disconnected', { platform: t(`platforms.${platform}`) }),
      });
    } catch (error) {
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
    setDisconnecting(null);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('accounts.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('accounts.intro')}
        </Text>
        {outcome && (
          <Alert
            color={outcome.kind === 'connected' ? 'teal' : 'red'}
            icon={
              outcome.kind === 'connected' ? (
                <IconCircleCheck size={20} aria-hidden />
              ) : (
                <IconInfoCircle size={20} aria-hidden />
              )
            }
            role={outcome.kind === 'connected' ? 'status' : 'alert'}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm">
                {t(`accounts.outcome.${outcome.kind}`, {
                  platform: t(`platforms.${outcome.platform}`),
                })}
              </Text>
              <CloseButton size="sm" aria-label={t('accounts.cancel')} onClick={dismissOutcome} />
            </Group>
          </Alert>
        )}
        {accounts.isPending ? (
          <Loader size="sm" aria-label={t('accounts.loading')} />
        ) : accounts.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              {t('accounts.loadError')}
              <Button size="xs" variant="light" onClick={() => void accounts.refetch()}>
                {t('accounts.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {metricPlatforms.map((platform) => (
              <AccountRow
                key={platform}
                platform={platform}
                account={accounts.data.find((account) => account.platform === platform)}
                busy={connecting === platform}
                onConnect={() => void connect(platform)}
                onDisconnect={() => {
                  setDisconnectAsked(true);
                  setDisconnecting(platform);
                }}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {disconnectAsked && (
        <Suspense fallback={null}>
          <ConfirmModal
            opened={disconnecting !== null}
            title={
              disconnecting
                ? t('accounts.disconnectTitle', { platform: t(`platforms.${disconnecting}`) })
                : ''
            }
            text={t('accounts.disconnectText')}
            confirmLabel={t('accounts.disconnect')}
            cancelLabel={t('accounts.cancel')}
            isBusy={disconnect.isPending}
            onConfirm={() => void confirmDisconnect()}
            onClose={() => setDisconnecting(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}
