import type { CreatorValidationStatus } from '@clipmarket/contracts/creator-validation';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconAlertTriangle, IconHourglass } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useResubmitValidation } from '../api/resubmit-validation';
import { isAllowed } from '../validation-status';

export interface ValidationBannerProps {
  validation: CreatorValidationStatus;
  /** Opens the account settings on the profile, where a rejected creator fixes it. */
  onEditProfile?: () => void;
}

/**
 * A creator's account review (issue 7, spec §4 "account pending validation"): pending says
 * advertisers cannot find them yet; rejected gives the team's reason and, when the process
 * allows it, asks for a new review. Validated accounts see nothing.
 */
export function ValidationBanner({ validation, onEditProfile }: ValidationBannerProps) {
  const { t } = useTranslation('shell');
  const resubmit = useResubmitValidation();
  const errorMessage = useApiErrorMessage();

  if (validation.state === 'pending') {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconHourglass size={20} aria-hidden />}
        title={t('validation.pending.title')}
        mb="md"
        role="status"
        data-testid="validation-banner"
      >
        {t('validation.pending.message')}
      </Alert>
    );
  }
  if (validation.state !== 'rejected') return null;

  const onResubmit = () =>
    resubmit.mutate(undefined, {
      onSuccess: () =>
        toasts.show({ color: 'teal', message: t('validation.rejected.resubmitted') }),
      onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
    });
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('validation.rejected.title')}
      mb="md"
      role="status"
      data-testid="validation-banner"
    >
      <Stack gap="xs">
        {validation.rejection_reason && (
          <Text size="sm">
            <Text span fw={700} size="sm">
              {t('validation.rejected.reason')}
            </Text>{' '}
            <Text span size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {validation.rejection_reason}
            </Text>
          </Text>
        )}
        <Text size="sm">{t('validation.rejected.message')}</Text>
        <Group gap="sm">
          {onEditProfile && (
            <Button size="xs" variant="default" onClick={onEditProfile}>
              {t('validation.rejected.editProfile')}
            </Button>
          )}
          {isAllowed(validation, 'resubmit') && (
            <Button size="xs" color="red" loading={resubmit.isPending} onClick={onResubmit}>
              {t('validation.rejected.resubmit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
