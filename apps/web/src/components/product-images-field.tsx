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
import { useTranslation } from '../lib/use-translation';
import { IconTrash, IconUpload } from './icons';
import { ApiError } from '../lib/api-client';
import { mediaUrl } from '../lib/media';
import { usePrivateMediaUrlQuery } from '../lib/private-media';
import { toasts } from '../lib/toasts';
import { uploadFile } from '../lib/upload';
import { PRODUCT_IMAGES_MAX } from '../lib/video-options';

export interface ProductImage {
  file_id: number;
  /** Its thumbnail's address; absent when only the id is known (read then from the API). */
  url?: string;
}

/**
 * The product's pictures (at most five) of a content request or an opportunity: uploaded like
 * a profile picture (lib/upload.ts), kept as file ids, shown as thumbnails with a button to
 * remove each. `error` is the server's word on the field (an unknown file).
 */
export function ProductImagesField({
  images,
  onChange,
  disabled = false,
  id,
  error,
}: {
  images: ProductImage[];
  onChange: (images: ProductImage[]) => void;
  disabled?: boolean;
  id?: string;
  error?: string | null;
}) {
  const { t } = useTranslation('pages');
  const [progress, setProgress] = useState<number | null>(null);
  const labelId = useId();

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toasts.show({ color: 'red', message: t('productImages.imageOnly') });
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
          error instanceof ApiError && error.message
            ? error.message
            : t('productImages.uploadFailed'),
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Input.Wrapper
      label={t('productImages.label')}
      description={t('productImages.hint', { max: PRODUCT_IMAGES_MAX })}
      id={id ?? labelId}
      error={error}
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
                <Thumbnail image={image} alt={t('productImages.imageAlt', { index: index + 1 })} />
                <ActionIcon
                  variant="filled"
                  color="red"
                  size="sm"
                  pos="absolute"
                  top={6}
                  style={{ insetInlineEnd: 6 }}
                  aria-label={t('productImages.removeImage', { index: index + 1 })}
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
                  {t('productImages.addImage')}
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
            aria-label={t('productImages.uploading', { percent: progress })}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** A picture from its address, or from its id (`/media/private-url`) when only that is known. */
function Thumbnail({ image, alt }: { image: ProductImage; alt: string }) {
  const read = usePrivateMediaUrlQuery(image.url ? null : image.file_id, 'thumb');
  return (
    <Image src={image.url ?? read.data?.url} alt={alt} w={88} h={88} fit="cover" radius="sm" />
  );
}
