import type { ContentVideo } from '@clipmarket/contracts/content-delivery';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useDeleteVideo } from '../api/content-delivery';

/** A version that failed processing can go (after a confirmation); a submitted one never. */
export function DeleteVideoButton({ lineId, video }: { lineId: number; video: ContentVideo }) {
  const { t } = useTranslation('accept-requests');
  const errorMessage = useApiErrorMessage();
  const remove = useDeleteVideo(lineId);
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    remove.reset();
  };

  return (
    <>
      <Group>
        <Button variant="default" color="red" size="xs" onClick={() => setOpened(true)}>
          {t('videos.delete.open', { version: video.version })}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title={t('videos.delete.title', { version: video.version })}
      >
        <Stack gap="md">
          <Text size="sm">{t('videos.delete.body')}</Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {errorMessage(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('answer.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(video.video_id, {
                  onSuccess: () => {
                    setOpened(false);
                    toasts.show({ color: 'green', message: t('videos.delete.done') });
                  },
                })
              }
            >
              {t('videos.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
