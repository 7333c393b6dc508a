import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Paper,
  Progress,
  Stack,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { IconTrash, IconUpload } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { mediaUrl } from '../../../lib/media';
import { toasts } from '../../../lib/toasts';
import { uploadFile } from '../../../lib/upload';
import { PRODUCT_IMAGES_MAX } from './constants';

export interface ProductImage {
  file_id: number;
  url: string;
}

/**
 * The product's pictures (at most five): uploaded like a profile picture (lib/upload.ts), kept
 * as file ids, shown as thumbnails with a button to remove each.
 */
export function ProductImagesField({
  images,
  onChange,
  disabled = false,
}: {
  images: ProductImage[];
  onChange: (images: ProductImage[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('content-requests');
  const [progress, setProgress] = useState<number | null>(null);
  const labelId = useId();

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toasts.show({ color: 'red', message: t('info.imageOnly') });
      return;
    }
    setProgress(0);
    try {
      const efile = await uploadFile(file, 'profile', setProgress);
      onChange([...images, { file_id: efile.file_id, url: mediaUrl(efile, 'thumb') ?? '' }]);
    } catch (error) {
      toasts.show({
        color: 'red',
        message:
          error instanceof ApiError && error.message ? error.message : t('info.uploadFailed'),
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Input.Wrapper
      label={t('info.images')}
      description={t('info.imagesHint', { max: PRODUCT_IMAGES_MAX })}
      id={labelId}
    >
      <Stack gap="xs" mt={4}>
        {images.length > 0 && (
          <Group
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
          >
            {images.map((image, index) => (
              <Paper component="li" key={image.file_id} withBorder radius="sm" p={4} pos="relative">
                <Image
                  src={image.url}
                  alt={t('info.imageAlt', { index: index + 1 })}
                  w={88}
                  h={88}
                  fit="cover"
                  radius="sm"
                />
                <ActionIcon
                  variant="filled"
                  color="red"
                  size="sm"
                  pos="absolute"
                  top={6}
                  style={{ insetInlineEnd: 6 }}
                  aria-label={t('info.removeImage', { index: index + 1 })}
                  disabled={disabled}
                  onClick={() =>
                    onChange(images.filter((other) => other.file_id !== image.file_id))
                  }
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Paper>
            ))}
          </Group>
        )}
        {images.length < PRODUCT_IMAGES_MAX && (
          <Group>
            <FileButton onChange={(file) => void upload(file)} accept="image/*">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="sm"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  disabled={disabled || progress !== null}
                >
                  {t('info.addImage')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
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
