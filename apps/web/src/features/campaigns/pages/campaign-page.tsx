import type { CampaignDetail, CampaignItem } from '@clipmarket/contracts/campaigns';
import {
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { BackIcon } from '../../../components/back-icon';
import { CampaignReportButton } from '../../../components/campaign-report-button';
import { ConfirmModal } from '../../../components/confirm-modal';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import {
  IconChartBar,
  IconPencil,
  IconPlaylistAdd,
  IconPlus,
  IconTrash,
} from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { CAMPAIGN_PARAM } from '../../../lib/campaign-items';
import { formatMoney } from '../../../lib/format';
import { routeNotFound } from '../../../lib/route-not-found';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import {
  useAttachableItems,
  useAttachItem,
  useCampaign,
  useDeleteCampaign,
  useDetachItem,
} from '../api/campaigns';
import { deliveriesCsv, itemsCsv } from '../components/campaign-csv';
import { CampaignFormModal } from '../components/campaign-form-modal';
import { CampaignBadges, CampaignFigures } from '../components/campaign-summary';
import { ShareReportCard } from '../components/share-report-card';
import { CAMPAIGNS_PATH, parseId } from '../paths';

/** Where the advertiser opens a request or an opportunity of the campaign. */
const itemPath = (item: Pick<CampaignItem, 'kind' | 'id'>) =>
  item.kind === 'content-request'
    ? `/request-content/${item.id}`
    : `/publish-opportunity/${item.id}`;

/**
 * One campaign (spec §2 `/campaign/{campaign_id}`): its figures, the requests and opportunities
 * it holds (added from the advertiser's own, or taken out), and their deliveries.
 */
export default function CampaignPage() {
  const { t } = useTranslation('campaigns');
  const id = parseId(useParams<{ campaign_id: string }>().campaign_id);
  const campaign = useCampaign(id ?? 0);

  if (id === null) throw routeNotFound();

  if (campaign.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (campaign.isError) {
    if (campaign.error instanceof ApiError && campaign.error.status === 404) throw routeNotFound();
    return (
      <LoadErrorAlert
        error={campaign.error}
        message={t('common.loadError')}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  return <CampaignView campaign={campaign.data} />;
}

function CampaignView({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation('campaigns');
  const [, navigate] = useLocation();
  const errorMessage = useApiErrorMessage();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCampaign();
  const detach = useDetachItem(campaign.campaign_id);

  const confirmDelete = () =>
    remove.mutate(campaign.campaign_id, {
      onSuccess: () => {
        toasts.show({ color: 'teal', message: t('messages.deleted') });
        navigate(CAMPAIGNS_PATH);
      },
      onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
    });

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={CAMPAIGNS_PATH} size="sm">
        <Group gap={4} component="span">
          <BackIcon />
          {t('detail.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap="xs">
          <Title order={1}>{campaign.name}</Title>
          <CampaignBadges campaign={campaign} />
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/campaign/${campaign.campaign_id}/performance-mixed`}
            variant="light"
            leftSection={<IconChartBar size={18} aria-hidden />}
          >
            {t('detail.performance')}
          </Button>
          <CampaignReportButton campaignId={campaign.campaign_id} />
          <Button
            variant="default"
            leftSection={<IconPencil size={18} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {t('detail.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => setDeleting(true)}
          >
            {t('detail.delete')}
          </Button>
        </Group>
      </Group>
      <Card withBorder padding="lg">
        <CampaignFigures campaign={campaign} />
        {campaign.target_url && (
          <Text size="sm" mt="sm">
            {t('detail.targetUrl')}{' '}
            <Anchor href={campaign.target_url} target="_blank" rel="noreferrer" dir="ltr">
              {campaign.target_url}
            </Anchor>
          </Text>
        )}
      </Card>
      <ShareReportCard campaignId={campaign.campaign_id} />

      <TableSection
        id="campaign-items"
        title={t('detail.itemsTitle')}
        actions={
          <Group gap="xs">
            {campaign.items.length > 0 && (
              <CsvDownloadButton
                filename={`campaign-${campaign.campaign_id}-items.csv`}
                rows={() => itemsCsv(t, campaign.items)}
                label={t('export.csvItems')}
              >
                {t('export.csv')}
              </CsvDownloadButton>
            )}
            <Button
              variant="light"
              leftSection={<IconPlaylistAdd size={18} aria-hidden />}
              onClick={() => setAdding(true)}
            >
              {t('detail.add')}
            </Button>
            <Button
              component={Link}
              to={`/request-content/add?${CAMPAIGN_PARAM}=${campaign.campaign_id}`}
              variant={campaign.visibility === 'private' ? 'filled' : 'default'}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('detail.newRequest')}
            </Button>
            <Button
              component={Link}
              to={`/publish-opportunity/add?${CAMPAIGN_PARAM}=${campaign.campaign_id}`}
              variant={campaign.visibility === 'public' ? 'filled' : 'default'}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('detail.newOpportunity')}
            </Button>
          </Group>
        }
        emptyText={t('detail.noItems')}
        columns={[
          t('detail.reference'),
          t('detail.title'),
          t('detail.kind'),
          t('detail.status'),
          <VisuallyHidden key="actions">{t('detail.actions')}</VisuallyHidden>,
        ]}
        rows={campaign.items.map((item) => (
          <Table.Tr key={`${item.kind}:${item.id}`}>
            <Table.Td dir="ltr">
              <Anchor component={Link} to={itemPath(item)}>
                {item.reference}
              </Anchor>
            </Table.Td>
            <Table.Td>{item.title || t('common.untitled')}</Table.Td>
            <Table.Td>{t(`kinds.${item.kind}`)}</Table.Td>
            <Table.Td>{t(`itemStatus.${item.kind}.${item.status}`)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={detach.isPending && detach.variables?.id === item.id}
                aria-label={t('detail.removeItem', { reference: item.reference })}
                onClick={() =>
                  detach.mutate(item, {
                    onSuccess: () =>
                      toasts.show({ color: 'teal', message: t('messages.detached') }),
                    onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
                  })
                }
              >
                {t('detail.remove')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      />

      <TableSection
        id="campaign-deliveries"
        title={t('detail.deliveriesTitle')}
        actions={
          campaign.deliveries.length > 0 && (
            <CsvDownloadButton
              filename={`campaign-${campaign.campaign_id}-deliveries.csv`}
              rows={() => deliveriesCsv(t, campaign.deliveries)}
              label={t('export.csvDeliveries')}
            >
              {t('export.csv')}
            </CsvDownloadButton>
          )
        }
        emptyText={t('detail.noDeliveries')}
        columns={[
          t('detail.reference'),
          t('detail.creator'),
          t('detail.title'),
          t('detail.state'),
          t('detail.price'),
          t('detail.published'),
        ]}
        rows={campaign.deliveries.map((line) => (
          <Table.Tr key={line.content_request_influencer_id}>
            <Table.Td dir="ltr">
              <Anchor component={Link} to={`/manage-content/${line.content_request_influencer_id}`}>
                {line.reference}
              </Anchor>
            </Table.Td>
            <Table.Td>{line.creator_name}</Table.Td>
            <Table.Td>{line.title || t('common.untitled')}</Table.Td>
            <Table.Td>{t(`lineStates.${line.state}`)}</Table.Td>
            <Table.Td>
              <LineMoney amount={line.price} />
            </Table.Td>
            <Table.Td>{line.published_links > 0 ? t('detail.yes') : t('detail.notYet')}</Table.Td>
          </Table.Tr>
        ))}
      />

      {editing && (
        <CampaignFormModal opened campaign={campaign} onClose={() => setEditing(false)} />
      )}
      {adding && <AttachModal campaign={campaign} onClose={() => setAdding(false)} />}
      <ConfirmModal
        opened={deleting}
        title={t('detail.deleteTitle')}
        text={t('detail.deleteText', { name: campaign.name })}
        confirmLabel={t('detail.confirmDelete')}
        cancelLabel={t('detail.keep')}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

/** A section of the page: its title and actions, then its table, or a line when it has no row. */
function TableSection({
  id,
  title,
  actions,
  emptyText,
  columns,
  rows,
}: {
  id: string;
  title: string;
  actions: ReactNode;
  emptyText: string;
  columns: readonly ReactNode[];
  rows: readonly ReactNode[];
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, index) => (
                  <Table.Th key={index}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function LineMoney({ amount }: { amount: number }) {
  const { i18n } = useTranslation('campaigns');
  return <span dir="ltr">{formatMoney(amount, i18n.language)}</span>;
}

/** The advertiser's requests and opportunities not in this campaign, each added in one click. */
function AttachModal({ campaign, onClose }: { campaign: CampaignDetail; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const errorMessage = useApiErrorMessage();
  const items = useAttachableItems(campaign.campaign_id, true);
  const attach = useAttachItem(campaign.campaign_id);

  let body;
  if (items.isPending) {
    body = (
      <Center py="md">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (items.isError) {
    body = (
      <LoadErrorAlert
        error={items.error}
        message={t('common.loadError')}
        onRetry={() => void items.refetch()}
      />
    );
  } else if (items.data.length === 0) {
    body = <Text c="dimmed">{t('attach.empty')}</Text>;
  } else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.data.map((item) => (
          <Card key={`${item.kind}:${item.id}`} withBorder padding="sm" component="li">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <div>
                <Text fw={600}>{item.title || t('common.untitled')}</Text>
                <Text size="sm" c="dimmed">
                  <span dir="ltr">{item.reference}</span> · {t(`kinds.${item.kind}`)} ·{' '}
                  {t(`itemStatus.${item.kind}.${item.status}`)}
                </Text>
                {item.campaign_name && (
                  <Text size="sm" c="orange.8">
                    {t('attach.movesFrom', { name: item.campaign_name })}
                  </Text>
                )}
              </div>
              <Button
                size="xs"
                variant="light"
                loading={attach.isPending && attach.variables?.id === item.id}
                aria-label={t('attach.addItem', { reference: item.reference })}
                onClick={() =>
                  attach.mutate(
                    { kind: item.kind, id: item.id },
                    {
                      onSuccess: () =>
                        toasts.show({ color: 'teal', message: t('messages.attached') }),
                      onError: (error) =>
                        toasts.show({ color: 'red', message: errorMessage(error) }),
                    },
                  )
                }
              >
                {t('attach.add')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Modal opened onClose={onClose} title={t('attach.title')} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('attach.intro')}</Text>
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('attach.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
