import type { MediaKitView } from '@clipmarket/contracts/media-kit';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconInfoCircle,
  IconRefresh,
} from '../../../components/icons';
import { formatDateTime } from '../../../lib/tunis-time';
import { useTranslation } from '../../../lib/use-translation';

/**
 * Where the kit's rendering stands, in a polite live region so that "Rendering…" and then
 * "Ready" are heard without moving the focus; a failure says why and offers to try again.
 */
export function RenderStatus({
  kit,
  onRetry,
  isRetrying,
}: {
  kit: MediaKitView;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t, i18n } = useTranslation('media-kit');
  const state = kit.render_state;
  return (
    <div role="status" aria-live="polite">
      {state === 'rendering' && (
        <Alert color="blue" icon={<Loader size={18} aria-hidden />}>
          <Text size="sm">{t('builder.render.rendering')}</Text>
        </Alert>
      )}
      {state === 'ready' && kit.rendering && (
        <Alert color="teal" icon={<IconCircleCheck size={20} aria-hidden />}>
          <Text size="sm">
            {t('builder.render.ready', {
              date: formatDateTime(kit.rendering.rendered_at, i18n.language),
            })}
          </Text>
        </Alert>
      )}
      {state === 'none' && (
        <Alert color="gray" icon={<IconInfoCircle size={20} aria-hidden />}>
          <Text size="sm">{t('builder.render.none')}</Text>
        </Alert>
      )}
      {state === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {t('builder.render.failed', {
                reason: t(`builder.render.reasons.${kit.render_error ?? 'unknown'}`, {
                  defaultValue: t('builder.render.reasons.unknown'),
                }),
              })}
            </Text>
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={isRetrying}
              onClick={onRetry}
            >
              {t('builder.render.retry')}
            </Button>
          </Group>
        </Alert>
      )}
    </div>
  );
}
