import type { Efile } from '@clipmarket/contracts/users';
import { Avatar, Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import IconUpload from '@tabler/icons-react/dist/esm/icons/IconUpload.mjs';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-client';
import { mediaUrl } from '../../../lib/media';
import { uploadFile } from '../../../lib/upload';

/** Spec §5: profile picture and CIN accept image files only. */
export const isImageFile = (file: File) => file.type.startsWith('image/');

export function showUploadFailure(error: unknown, fallback: string) {
  notifications.show({
    color: 'red',
    message: error instanceof ApiError && error.message ? error.message : fallback,
  });
}

/** Shared upload state: progress in percent while sending, null otherwise. */
export function useImageUpload(purpose: 'profile' | 'cin', onUploaded: (efile: Efile) => void) {
  const { t } = useTranslation('settings');
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    if (!isImageFile(file)) {
      notifications.show({ color: 'red', message: t('messages.imageOnly') });
      return;
    }
    setProgress(0);
    try {
      const efile = await uploadFile(file, purpose, setProgress);
      onUploaded(efile);
      notifications.show({
        color: 'green',
        message: t(purpose === 'cin' ? 'messages.cinUploaded' : 'messages.imageUploaded'),
      });
    } catch (error) {
      showUploadFailure(error, t('messages.somethingWrongSpaced'));
    } finally {
      setProgress(null);
    }
  };
  return { progress, upload };
}

interface ProfilePictureUploadProps {
  efile: Pick<Efile, 'token' | 'file_extension'> | null;
  error?: React.ReactNode;
  onUploaded: (efile: Efile) => void;
  /** Spec §6: advertisers change their picture on the profile tab only. */
  canUpload: boolean;
}

export function ProfilePictureUpload({
  efile,
  error,
  onUploaded,
  canUpload,
}: ProfilePictureUploadProps) {
  const { t } = useTranslation('settings');
  const { progress, upload } = useImageUpload('profile', onUploaded);
  return (
    <Stack align="center" gap={6}>
      <Avatar
        src={mediaUrl(efile, 'thumb') ?? null}
        alt={t('picture.alt')}
        size={96}
        radius={96}
        color="violet"
      />
      {canUpload ? (
        <FileButton onChange={(file) => void upload(file)} accept="image/*">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} aria-hidden />}
              disabled={progress !== null}
            >
              {t(efile ? 'picture.change' : 'picture.upload')}
            </Button>
          )}
        </FileButton>
      ) : null}
      {progress !== null && (
        <Progress
          value={progress}
          w={96}
          size="sm"
          aria-label={t('picture.progress', { percent: progress })}
        />
      )}
      {error ? (
        <Text c="red" size="xs" ta="center" maw={160}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
