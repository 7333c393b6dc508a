import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconInfoCircle } from '../../../components/icons';

/** Spec §1: creators whose profile is not complete are asked to fill it in. */
export function IncompleteProfileBanner({ onComplete }: { onComplete: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Alert
      color="pink"
      variant="light"
      icon={<IconInfoCircle size={20} aria-hidden />}
      mb="md"
      aria-live="polite"
    >
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{t('incompleteProfile.message')}</Text>
        <Button size="xs" color="pink" onClick={onComplete}>
          {t('incompleteProfile.action')}
        </Button>
      </Group>
    </Alert>
  );
}
