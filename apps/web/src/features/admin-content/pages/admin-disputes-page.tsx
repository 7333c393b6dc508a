import {
  Anchor,
  Blockquote,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../../lib/use-translation';
import { IconCircleCheck, IconCircleX, IconScale } from '../../../components/icons';
import { AdminQueue } from '../../../components/admin-queue';
import { formatDeliveryTime } from '../../../components/content-delivery/format';
import { VideoVersion } from '../../../components/content-delivery/video-versions';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate, formatMoney } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { type AdminDispute, useAdminDisputes, useDecideDispute } from '../api/disputes';
import { ReasonModal } from '../components/reason-modal';

type Decision = 'approve' | 'uphold';

function DisputeCard({
  dispute,
  onDecide,
}: {
  dispute: AdminDispute;
  onDecide: (decision: Decision) => void;
}) {
  const { t, i18n } = useTranslation('admin-content');
  const titleId = useId();
  const rejection = dispute.rejection;
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {dispute.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('disputes.parties', {
              creator: dispute.creator_name,
              advertiser: dispute.advertiser_name,
            })}
          </Text>
          <Text size="sm">
            {t('disputes.meta', {
              price: formatMoney(dispute.price, i18n.language),
              date: formatDate(dispute.disputed_at, i18n.language),
            })}
          </Text>
          <Group gap="xs">
            {/* An opportunity's line leads to its opportunity; a request's to its lines. */}
            {dispute.content_opportunity_id !== null ? (
              <>
                <Text size="xs" c="dimmed">
                  {t('disputes.opportunityReference', { reference: dispute.reference })}
                </Text>
                <Anchor
                  component={Link}
                  to={`/admin/opportunities/${dispute.content_opportunity_id}`}
                  size="xs"
                >
                  {t('disputes.openOpportunity', { opportunity: dispute.request_reference })}
                </Anchor>
              </>
            ) : (
              <>
                <Text size="xs" c="dimmed">
                  {t('disputes.reference', { reference: dispute.reference })}
                </Text>
                <Anchor
                  component={Link}
                  to={`/admin/content-requests?request=${dispute.content_request_id}`}
                  size="xs"
                >
                  {t('disputes.openRequest', { request: dispute.request_reference })}
                </Anchor>
              </>
            )}
          </Group>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <section aria-labelledby={`${titleId}-video`}>
            <Title order={3} size="h6" id={`${titleId}-video`} mb={4}>
              {t('disputes.videoTitle')}
            </Title>
            {dispute.videos.length > 0 ? (
              <Stack gap="sm">
                {[...dispute.videos]
                  .sort((a, b) => b.version - a.version)
                  .map((video) => (
                    <VideoVersion key={video.video_id} video={video} ns="admin-content" />
                  ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('disputes.noVideo')}
              </Text>
            )}
          </section>
          <DisputeBrief dispute={dispute} headingId={`${titleId}-brief`} />
        </SimpleGrid>
        <section aria-label={t('disputes.advertiserSide', { name: dispute.advertiser_name })}>
          <Title order={3} size="h6">
            {t('disputes.advertiserSide', { name: dispute.advertiser_name })}
          </Title>
          {rejection ? (
            <>
              {rejection.feedback_reasons.length > 0 && (
                <List size="sm" mt={4}>
                  {rejection.feedback_reasons.map((reason) => (
                    <List.Item key={reason}>
                      {t(`feedbackReasons.${reason}`, { defaultValue: reason })}
                    </List.Item>
                  ))}
                </List>
              )}
              {rejection.comment && (
                <Blockquote p="sm" mt="xs" dir="auto">
                  {rejection.comment}
                </Blockquote>
              )}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('disputes.noRejection')}
            </Text>
          )}
        </section>
        <section aria-label={t('disputes.creatorSide', { name: dispute.creator_name })}>
          <Title order={3} size="h6">
            {t('disputes.creatorSide', { name: dispute.creator_name })}
          </Title>
          <Blockquote p="sm" mt="xs" dir="auto">
            {dispute.dispute_reason ?? t('disputes.noReason')}
          </Blockquote>
        </section>
        <DisputeHistory history={dispute.history} headingId={`${titleId}-history`} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            leftSection={<IconCircleX size={16} aria-hidden />}
            onClick={() => onDecide('uphold')}
            aria-label={t('disputes.upholdLabel', { title: dispute.title })}
          >
            {t('disputes.uphold')}
          </Button>
          <Button
            color="teal"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            onClick={() => onDecide('approve')}
            aria-label={t('disputes.approveLabel', { title: dispute.title })}
          >
            {t('disputes.approve')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** What the advertiser asked for: the video is judged against its brief and script. */
function DisputeBrief({ dispute, headingId }: { dispute: AdminDispute; headingId: string }) {
  const { t, i18n } = useTranslation('admin-content');
  const brief = dispute.brief;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId} mb={4}>
        {t('disputes.briefTitle')}
      </Title>
      <Stack gap={4}>
        {brief.product_name && (
          <Text size="sm">{t('disputes.briefProduct', { name: brief.product_name })}</Text>
        )}
        {brief.video_duration !== null && (
          <Text size="sm">
            {t('disputes.briefLength', {
              seconds: brief.video_duration,
              format: brief.format ? t(`disputes.formats.${brief.format}`) : '',
            })}
          </Text>
        )}
        {brief.platforms.length > 0 && (
          <Text size="sm">
            {t('disputes.briefPlatforms', {
              platforms: brief.platforms.map((p) => t(`platforms.${p}`)).join(', '),
            })}
          </Text>
        )}
        {brief.delivery_deadline && (
          <Text size="sm">
            {t('disputes.briefDeadline', {
              date: formatDate(brief.delivery_deadline, i18n.language),
            })}
          </Text>
        )}
        {brief.description && (
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {brief.description}
          </Text>
        )}
      </Stack>
      <Title order={4} size="h6" mt="sm" mb={4}>
        {t('disputes.scriptTitle')}
      </Title>
      <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {brief.script ?? t('disputes.noScript')}
      </Text>
    </section>
  );
}

/** The line's recorded steps, oldest first: who moved it where, when and why. */
function DisputeHistory({
  history,
  headingId,
}: {
  history: AdminDispute['history'];
  headingId: string;
}) {
  const { t, i18n } = useTranslation('admin-content');
  const state = (value: string) => t(`contentRequests.states.${value}`, { defaultValue: value });
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId} mb={4}>
        {t('disputes.historyTitle')}
      </Title>
      <List size="sm" type="ordered" spacing={4}>
        {history.map((step, index) => (
          <List.Item key={`${step.at}-${index}`}>
            <Text size="sm" span c="dimmed">
              {t('disputes.historyWho', {
                date: formatDeliveryTime(step.at, i18n.language),
                actor: t(`disputes.actors.${step.actor_role}`, { defaultValue: step.actor_role }),
              })}
            </Text>{' '}
            <Text size="sm" span fw={600}>
              {t('disputes.historyStep', {
                from: state(step.from_state),
                to: state(step.to_state),
              })}
            </Text>
            {step.reason && (
              <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {step.reason}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </section>
  );
}

/**
 * `/admin/disputes` (ADMIN, issue 11 §7): creators who contest a rejection. Everything needed
 * to decide on one card: the video (the original playable), the brief and script, both sides'
 * words and the line's history; the admin approves the video for the creator (the advertiser pays) or upholds
 * the rejection (the reserved fee goes back to the advertiser), with a reason both will read.
 */
export default function AdminDisputesPage() {
  const { t } = useTranslation('admin-content');
  const errorMessage = useApiErrorMessage();
  const disputes = useAdminDisputes();
  const decide = useDecideDispute();
  const [dialog, setDialog] = useState<{ dispute: AdminDispute; decision: Decision } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const confirm = async (reason: string) => {
    if (!dialog) return;
    const { dispute, decision } = dialog;
    try {
      await decide.mutateAsync({
        lineId: dispute.content_request_influencer_id,
        body:
          decision === 'uphold'
            ? { decision, reason }
            : { decision, ...(reason ? { reason } : {}) },
      });
      toasts.show({
        color: 'teal',
        message: t(`disputes.done.${decision}`, { title: dispute.title }),
      });
    } catch (error) {
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
    setDialog(null);
    requestAnimationFrame(() => listRef.current?.focus());
  };

  const decision = dialog?.decision ?? 'approve';
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('disputes.title')}</Title>
        <Text c="dimmed">{t('disputes.intro')}</Text>
      </div>
      <AdminQueue
        query={disputes}
        items={disputes.data?.pages.flatMap((page) => page.data) ?? []}
        listRef={listRef}
        listLabel={t('disputes.listLabel')}
        texts={{ loading: t('loading'), retry: t('retry'), loadMore: t('loadMore') }}
        empty={{
          icon: <IconScale size={28} aria-hidden />,
          title: t('disputes.empty.title'),
          body: t('disputes.empty.body'),
        }}
        itemKey={(dispute) => dispute.content_request_influencer_id}
        renderItem={(dispute) => (
          <DisputeCard
            dispute={dispute}
            onDecide={(decision) => setDialog({ dispute, decision })}
          />
        )}
      />
      <ReasonModal
        key={dialog ? `${dialog.dispute.content_request_influencer_id}-${decision}` : 'closed'}
        opened={dialog !== null}
        title={t(`disputes.${decision}Title`)}
        description={
          dialog
            ? t(`disputes.${decision}Body`, {
                creator: dialog.dispute.creator_name,
                advertiser: dialog.dispute.advertiser_name,
              })
            : ''
        }
        label={t('reason.label')}
        required={decision === 'uphold'}
        confirmLabel={t(`disputes.${decision}`)}
        confirmColor={decision === 'uphold' ? 'red' : 'teal'}
        pending={decide.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => void confirm(reason)}
      />
    </Stack>
  );
}
