import type { AdvertiserLine, ContentRequest } from '@clipmarket/contracts/content-requests';
import {
  type ContentRequestLineState,
  lineLabelOf,
} from '@clipmarket/contracts/workflows/content-request-line';
import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { IconPencil, IconTrash, IconUserCheck } from '../../../components/icons';
import { initialsOf } from '../../../lib/creator-name';
import { formatDate, formatMoney } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';

const labelColors: Record<string, string> = {
  sent: 'blue',
  accepted: 'teal',
  declined: 'red',
  expired: 'gray',
  cancelled: 'gray',
  in_review: 'yellow',
  debriefed: 'orange',
  disputed: 'grape',
  approved: 'teal',
  completed: 'green',
};

/** States whose reason the advertiser reads (a creator's decline, a cancellation). */
const statesWithReason: readonly ContentRequestLineState[] = [
  'declined',
  'rejected',
  'closed',
  'cancelled',
];

/** A line's state in words (spec §4 labels); the colour only repeats it. */
export function LineStatusBadge({ status }: { status: ContentRequestLineState }) {
  const { t } = useTranslation('content-requests');
  const label = lineLabelOf[status];
  return (
    <Badge color={labelColors[label] ?? 'gray'} variant="light">
      {t(`labels.${label}`)}
    </Badge>
  );
}

export function formatDeadline(value: string, language: string) {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Tunis',
    numberingSystem: 'latn',
  }).format(new Date(value));
}

/**
 * A sent request: what was asked, and each creator's line with its state and what the usage
 * rights add to its price (issue 27 §1; nothing on lines sent before licences).
 */
export function RequestCard({
  request,
  onCancelLine,
  headingOrder = 2,
}: {
  request: ContentRequest;
  onCancelLine: (line: AdvertiserLine) => void;
  /** 1 on the request's own page, 2 in the list. */
  headingOrder?: 1 | 2;
}) {
  const { t, i18n } = useTranslation('content-requests');
  const headingId = useId();
  const title = request.title || t('common.untitled');
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={headingOrder} size={headingOrder === 1 ? 'h2' : 'h4'} id={headingId}>
          {title}
        </Title>
        <Group gap="lg" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('list.reference', { reference: request.reference })}
          </Text>
          <Text size="sm" c="dimmed">
            {request.delivery_deadline
              ? t('list.deadline', {
                  date: formatDeadline(request.delivery_deadline, i18n.language),
                })
              : t('list.noDeadline')}
          </Text>
          {request.video_duration !== null && (
            <Text size="sm" c="dimmed">
              {t('list.length', { count: request.video_duration })}
            </Text>
          )}
          {request.format !== null && (
            <Text size="sm" c="dimmed">
              {t('list.format', { format: t(`info.formats.${request.format}`) })}
            </Text>
          )}
        </Group>
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('list.creators')}
          style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
        >
          {request.lines.map((line) => (
            <Group
              component="li"
              key={line.content_request_influencer_id}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Avatar src={line.profile_picture_url} alt="" size={36} radius="xl" aria-hidden>
                  {initialsOf(line.influencer_name)}
                </Avatar>
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{line.influencer_name}</Text>
                    <LineStatusBadge status={line.status} />
                    {line.funds_secured && (
                      <Badge
                        color="teal"
                        variant="outline"
                        leftSection={<IconUserCheck size={12} aria-hidden />}
                      >
                        {t('list.fundsSecured')}
                      </Badge>
                    )}
                  </Group>
                  {line.licence_price !== null && (
                    <Text size="sm" c="dimmed">
                      {line.licence_price.add_on_price > 0
                        ? t('list.licenceAddOn', {
                            amount: formatMoney(line.licence_price.add_on_price, i18n.language),
                          })
                        : t('list.licenceNoSurcharge')}
                    </Text>
                  )}
                  {line.reason && statesWithReason.includes(line.status) && (
                    <Text size="sm" c="dimmed">
                      {t('list.reason', { reason: line.reason })}
                    </Text>
                  )}
                </Stack>
              </Group>
              {line.status === 'sent' && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={t('list.cancelLabel', { name: line.influencer_name })}
                  onClick={() => onCancelLine(line)}
                >
                  {t('list.cancel')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** A draft: what it is so far, continue writing it, or delete it. */
export function DraftCard({
  request,
  onDelete,
}: {
  request: ContentRequest;
  onDelete: (request: ContentRequest) => void;
}) {
  const { t, i18n } = useTranslation('content-requests');
  const headingId = useId();
  const title = request.title || t('common.untitled');
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {`${t('list.draftUpdated', { date: formatDate(request.updated_at, i18n.language) })} · ${t('list.draftCreators', { count: request.creators.length })}`}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/request-content/${request.content_request_id}`}
            size="sm"
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={t('list.continueLabel', { title })}
          >
            {t('list.continue')}
          </Button>
          <Button
            size="sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={t('list.deleteLabel', { title })}
            onClick={() => onDelete(request)}
          >
            {t('list.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
