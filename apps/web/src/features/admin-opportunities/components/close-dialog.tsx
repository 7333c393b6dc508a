import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminOpportunityDetail } from '../api/admin-opportunities';

/** The API's limit on the reason (adminOpportunityCloseBodySchema). */
export const CLOSE_REASON_MAX_LENGTH = 1000;

/** Line states that have ended: closing changes nothing to them. */
const ENDED = ['declined', 'expired', 'cancelled', 'completed', 'closed'];

/**
 * What closing will do to this opportunity, counted from what the page shows: the applications
 * under review closed, the deliveries without a video cancelled (their price back to the
 * advertiser), the others delivered to their end (the API's `admin_close`).
 */
function consequencesOf(opportunity: AdminOpportunityDetail) {
  const toReview = opportunity.applications.filter(
    (application) => application.state === 'submitted' || application.state === 'debriefed',
  ).length;
  const notStarted = opportunity.lines.filter((line) => line.state === 'accepted').length;
  const started = opportunity.lines.filter(
    (line) => line.state !== 'accepted' && !ENDED.includes(line.state),
  ).length;
  return { toReview, notStarted, started };
}

/**
 * "Close this opportunity?": what it does, and the reason (required) that the advertiser and
 * the creators whose delivery is cancelled will read.
 */
export function CloseDialog({
  opportunity,
  opened,
  pending,
  onClose,
  onConfirm,
}: {
  opportunity: AdminOpportunityDetail;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-opportunities');
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : t('close.reasonRequired')) },
  });
  // Cancelled, it starts from an empty reason the next time.
  const cancel = () => {
    form.reset();
    onClose();
  };
  const consequences = consequencesOf(opportunity);
  const count = (value: number) => formatNumber(value, i18n.language);

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={t('close.title', { reference: opportunity.reference })}
      centered
    >
      <form noValidate onSubmit={form.onSubmit((values) => onConfirm(values.reason.trim()))}>
        <Stack gap="md">
          <Text size="sm">{t('close.intro')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>
              {t('close.applications', { total: count(consequences.toReview) })}
            </List.Item>
            <List.Item>
              {t('close.notStarted', { total: count(consequences.notStarted) })}
            </List.Item>
            <List.Item>{t('close.started', { total: count(consequences.started) })}</List.Item>
          </List>
          <Textarea
            label={t('close.reasonLabel')}
            description={t('close.reasonHint')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            maxLength={CLOSE_REASON_MAX_LENGTH}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Text size="xs" c="dimmed" ta="end" aria-live="polite">
            {t('close.counter', {
              used: count(form.values.reason.length),
              max: count(CLOSE_REASON_MAX_LENGTH),
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={pending}>
              {t('close.cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {t('close.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
