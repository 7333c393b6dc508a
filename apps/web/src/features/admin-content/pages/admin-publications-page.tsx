import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { IconCircleCheck, IconCircleX, IconExternalLink } from '../../../components/icons';
import { AdminQueue } from '../../../components/admin-queue';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import {
  type AdminPublicationLink,
  useAdminPublications,
  useDecideLink,
} from '../api/publications';
import { ReasonModal } from '../components/reason-modal';

function LinkCard({
  link,
  busy,
  onApprove,
  onDecline,
}: {
  link: AdminPublicationLink;
  busy: boolean;
  onApprove: () => void;
  onDecline: () => void;
}) {
  const { t, i18n } = useTranslation('admin-content');
  const titleId = useId();
  const platform = t(`platforms.${link.platform}`);
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {link.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('publications.parties', {
                creator: link.creator_name,
                advertiser: link.advertiser_name,
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {/* An opportunity's line has no request: its reference names the opportunity. */}
              {link.content_request_id === null
                ? t('publications.opportunityReference', { reference: link.reference })
                : t('publications.reference', { reference: link.reference })}
            </Text>
          </div>
          <Badge variant="light">{platform}</Badge>
        </Group>
        <Anchor
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          style={{ wordBreak: 'break-all' }}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <span>{link.url}</span>
            <IconExternalLink size={16} aria-hidden />
            <VisuallyHidden>{t('publications.opensInNewTab')}</VisuallyHidden>
          </Group>
        </Anchor>
        <Text size="sm">
          {t('publications.submittedAt', { date: formatDate(link.submitted_at, i18n.language) })}
          {link.publishing_deadline &&
            ` · ${t('publications.deadline', {
              date: formatDate(link.publishing_deadline, i18n.language),
            })}`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            leftSection={<IconCircleX size={16} aria-hidden />}
            onClick={onDecline}
            disabled={busy}
            aria-label={t('publications.declineLabel', { platform, title: link.title })}
          >
            {t('publications.decline')}
          </Button>
          <Button
            color="teal"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            onClick={onApprove}
            loading={busy}
            aria-label={t('publications.approveLabel', { platform, title: link.title })}
          >
            {t('publications.approve')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * `/admin/publications` (ADMIN, issue 11 §5): the creators' links to their published videos,
 * oldest first. The admin opens each post, then approves it or declines it with a reason the
 * creator reads (who then sends that platform's link again).
 */
export default function AdminPublicationsPage() {
  const { t } = useTranslation('admin-content');
  const errorMessage = useApiErrorMessage();
  const links = useAdminPublications();
  const decide = useDecideLink();
  const [declining, setDeclining] = useState<AdminPublicationLink | null>(null);
  const [approvingId, setApprovingId] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // The card decided on leaves the list: keyboard focus goes to the list, not to nowhere.
  const focusList = () => requestAnimationFrame(() => listRef.current?.focus());

  const send = async (link: AdminPublicationLink, reason: string | null) => {
    try {
      const result = await decide.mutateAsync({
        linkId: link.link_id,
        body: reason === null ? { decision: 'approve' } : { decision: 'decline', reason },
      });
      toasts.show({
        color: 'teal',
        message:
          reason === null
            ? result.line_state === 'completed'
              ? t('publications.doneCompleted', { title: link.title })
              : t('publications.doneApproved')
            : t('publications.doneDeclined'),
      });
    } catch (error) {
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
  };

  const approve = async (link: AdminPublicationLink) => {
    setApprovingId(link.link_id);
    await send(link, null);
    setApprovingId(null);
    focusList();
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('publications.title')}</Title>
        <Text c="dimmed">{t('publications.intro')}</Text>
      </div>
      <AdminQueue
        query={links}
        items={links.data?.pages.flatMap((page) => page.data) ?? []}
        listRef={listRef}
        listLabel={t('publications.listLabel')}
        texts={{ loading: t('loading'), retry: t('retry'), loadMore: t('loadMore') }}
        empty={{
          icon: <IconCircleCheck size={28} aria-hidden />,
          title: t('publications.empty.title'),
          body: t('publications.empty.body'),
        }}
        itemKey={(link) => link.link_id}
        renderItem={(link) => (
          <LinkCard
            link={link}
            busy={approvingId === link.link_id}
            onApprove={() => void approve(link)}
            onDecline={() => setDeclining(link)}
          />
        )}
      />
      <ReasonModal
        // Each link starts with an empty reason.
        key={declining?.link_id ?? 'closed'}
        opened={declining !== null}
        title={t('publications.declineTitle')}
        description={
          declining
            ? t('publications.declineBody', {
                platform: t(`platforms.${declining.platform}`),
                creator: declining.creator_name,
              })
            : ''
        }
        label={t('reason.label')}
        required
        confirmLabel={t('publications.declineConfirm')}
        confirmColor="red"
        pending={decide.isPending}
        onClose={() => setDeclining(null)}
        onConfirm={(reason) => {
          const link = declining;
          if (!link) return;
          void send(link, reason).then(() => {
            setDeclining(null);
            focusList();
          });
        }}
      />
    </Stack>
  );
}
