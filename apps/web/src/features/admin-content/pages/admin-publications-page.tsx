import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { IconExternalLink } from '../../../components/icons';
import { formatDate } from '../../../lib/format';
import {
  type AdminPublicationLink,
  useAdminPublications,
  useDecideLink,
} from '../api/publications';
import {
  ApproveDeclineQueue,
  type ApproveOrDecline,
  type DecisionActions,
  DecisionButtons,
} from '../components/approve-decline-queue';

function LinkCard({ link, actions }: { link: AdminPublicationLink; actions: DecisionActions }) {
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
        <DecisionButtons
          actions={actions}
          texts={{
            approve: t('publications.approve'),
            decline: t('publications.decline'),
            approveLabel: t('publications.approveLabel', { platform, title: link.title }),
            declineLabel: t('publications.declineLabel', { platform, title: link.title }),
          }}
        />
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
  const links = useAdminPublications();
  const decide = useDecideLink();

  const send = async (link: AdminPublicationLink, body: ApproveOrDecline) => {
    const result = await decide.mutateAsync({ linkId: link.link_id, body });
    if (body.decision === 'decline') return t('publications.doneDeclined');
    return result.line_state === 'completed'
      ? t('publications.doneCompleted', { title: link.title })
      : t('publications.doneApproved');
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('publications.title')}</Title>
        <Text c="dimmed">{t('publications.intro')}</Text>
      </div>
      <ApproveDeclineQueue
        query={links}
        items={links.data?.pages.flatMap((page) => page.data) ?? []}
        listLabel={t('publications.listLabel')}
        empty={{ title: t('publications.empty.title'), body: t('publications.empty.body') }}
        itemKey={(link) => link.link_id}
        renderItem={(link, actions) => <LinkCard link={link} actions={actions} />}
        decide={send}
        pending={decide.isPending}
        declineDialog={{
          title: t('publications.declineTitle'),
          confirmLabel: t('publications.declineConfirm'),
          description: (link) =>
            t('publications.declineBody', {
              platform: t(`platforms.${link.platform}`),
              creator: link.creator_name,
            }),
        }}
      />
    </Stack>
  );
}
