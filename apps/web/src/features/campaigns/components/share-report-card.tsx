import type { CampaignShareLink } from '@clipmarket/contracts/campaign-sharing';
import {
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { IconCheck, IconExternalLink, IconLink, IconTrash } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate, formatNumber } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import {
  shareLinkUrl,
  useCreateShareLink,
  useRevokeShareLink,
  useShareLink,
} from '../api/share-link';

/**
 * "Share the report" (issue 24 §4): a public link to a read-only page of the campaign's figures
 * (`/campaigns/{token}`, no sign-in, no money on it), copied, opened or revoked here.
 */
export function ShareReportCard({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('campaigns');
  const errorMessage = useApiErrorMessage();
  const link = useShareLink(campaignId);
  const create = useCreateShareLink(campaignId);

  let body;
  if (link.isPending) {
    body = <Loader size="sm" aria-label={t('common.loading')} />;
  } else if (link.isError) {
    body = (
      <LoadErrorAlert
        error={link.error}
        message={t('share.loadError')}
        onRetry={() => void link.refetch()}
      />
    );
  } else if (link.data === null) {
    body = (
      <Group>
        <Button
          leftSection={<IconLink size={18} aria-hidden />}
          loading={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: () => toasts.show({ color: 'teal', message: t('share.created') }),
              onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
            })
          }
        >
          {t('share.create')}
        </Button>
      </Group>
    );
  } else {
    body = <ActiveLink campaignId={campaignId} link={link.data} />;
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="campaign-share">
      <Stack gap="sm">
        <Title order={2} size="h3" id="campaign-share">
          {t('share.title')}
        </Title>
        <Text size="sm">{t('share.intro')}</Text>
        {body}
      </Stack>
    </Card>
  );
}

function ActiveLink({ campaignId, link }: { campaignId: number; link: CampaignShareLink }) {
  const { t, i18n } = useTranslation('campaigns');
  const errorMessage = useApiErrorMessage();
  const revoke = useRevokeShareLink(campaignId);
  const [revoking, setRevoking] = useState(false);
  const url = shareLinkUrl(link);

  const confirmRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setRevoking(false);
        toasts.show({ color: 'teal', message: t('share.revoked') });
      },
      onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
    });

  return (
    <Stack gap="xs">
      <TextInput
        label={t('share.linkLabel')}
        value={url}
        readOnly
        dir="ltr"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group gap="xs">
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <>
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={18} aria-hidden /> : <IconLink size={18} aria-hidden />
                }
                aria-label={copied ? t('share.copied') : t('share.copyLabel')}
                onClick={copy}
              >
                {copied ? t('share.copied') : t('share.copy')}
              </Button>
              <VisuallyHidden role="status">{copied ? t('share.copied') : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          leftSection={<IconExternalLink size={18} aria-hidden />}
          aria-label={t('share.openLabel')}
        >
          {t('share.open')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setRevoking(true)}
        >
          {t('share.revoke')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {link.visits === 0 || link.last_visited_at === null
          ? t('share.notVisited')
          : t('share.visits', {
              count: link.visits,
              visits: formatNumber(link.visits, i18n.language),
              date: formatDate(link.last_visited_at, i18n.language),
            })}
      </Text>
      <ConfirmModal
        opened={revoking}
        title={t('share.revokeTitle')}
        text={t('share.revokeText')}
        confirmLabel={t('share.confirmRevoke')}
        cancelLabel={t('share.keep')}
        isBusy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(false)}
      />
    </Stack>
  );
}
