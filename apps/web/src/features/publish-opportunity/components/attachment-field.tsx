import { Anchor, Button, FileButton, Group, Input, Progress, Stack } from '@mantine/core';
import { useState } from 'react';
import { IconFileText, IconTrash, IconUpload } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { usePrivateMediaUrlQuery } from '../../../lib/private-media';
import { toasts } from '../../../lib/toasts';
import { uploadFile } from '../../../lib/upload';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The brief's PDF: uploaded as a document (lib/upload.ts, as product images are), kept as its
 * file id, opened from its read URL (`/media/private-url`, the id is all the draft keeps).
 */
export function AttachmentField({
  fileId,
  onChange,
  disabled = false,
  error,
}: {
  fileId: number | null;
  onChange: (fileId: number | null) => void;
  disabled?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation('publish-opportunity');
  const [progress, setProgress] = useState<number | null>(null);
  const read = usePrivateMediaUrlQuery(fileId, 'full');

  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.type !== 'application/pdf') {
      toasts.show({ color: 'red', message: t('info.pdfOnly') });
      return;
    }
    setProgress(0);
    try {
      const efile = await uploadFile(file, 'document', setProgress);
      onChange(efile.file_id);
    } catch (failure) {
      toasts.show({
        color: 'red',
        message:
          failure instanceof ApiError && failure.message ? failure.message : t('info.uploadFailed'),
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Input.Wrapper
      id="opportunity-attachment_file_id"
      label={t('info.attachment')}
      description={t('info.attachmentHint')}
      error={error}
    >
      <Stack gap="xs" mt={4}>
        {fileId !== null && (
          <Group gap="sm">
            {read.data ? (
              <Anchor href={read.data.url} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconFileText size={16} aria-hidden />
                  {t('info.viewAttachment')}
                </Group>
              </Anchor>
            ) : null}
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onChange(null)}
              disabled={disabled}
            >
              {t('info.removeAttachment')}
            </Button>
          </Group>
        )}
        <Group>
          <FileButton onChange={(file) => void upload(file)} accept="application/pdf">
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="sm"
                leftSection={<IconUpload size={16} aria-hidden />}
                disabled={disabled || progress !== null}
              >
                {fileId === null ? t('info.addAttachment') : t('info.replaceAttachment')}
              </Button>
            )}
          </FileButton>
        </Group>
        {progress !== null && (
          <Progress
            value={progress}
            maw={240}
            size="sm"
            aria-label={t('info.uploading', { percent: progress })}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
