import { Anchor, Group, Image, Modal, SimpleGrid, Skeleton, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { IconFileText } from '../../../components/icons';
import { usePrivateMediaUrlQuery } from '../../../lib/private-media';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The opportunity's PDF brief: its read URL comes from the API (GET /v2/media/private-url),
 * which lets the creators who may see the opportunity read it.
 */
export function AttachmentLink({ fileId }: { fileId: number }) {
  const { t } = useTranslation('discover-opportunities');
  const url = usePrivateMediaUrlQuery(fileId, 'full');
  if (url.isPending) return <Skeleton h={20} w={180} aria-label={t('common.loading')} />;
  if (url.isError) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <IconFileText size={18} aria-hidden />
      <Anchor href={url.data.url} target="_blank" rel="noopener noreferrer">
        {t('details.openAttachment')}
      </Anchor>
    </Group>
  );
}

function ProductImage({
  fileId,
  number,
  onOpen,
}: {
  fileId: number;
  number: number;
  onOpen: (url: string) => void;
}) {
  const { t } = useTranslation('discover-opportunities');
  const url = usePrivateMediaUrlQuery(fileId, 'medium');
  if (!url.data) return <Skeleton h={96} radius="md" />;
  return (
    <UnstyledButton
      onClick={() => onOpen(url.data.url)}
      aria-label={t('details.openImage', { number })}
      style={{ display: 'block', width: '100%' }}
    >
      <Image src={url.data.url} alt="" radius="md" h={96} fit="cover" loading="lazy" />
    </UnstyledButton>
  );
}

/** The product images as thumbnails; one opens larger in a dialog. */
export function ProductImages({ fileIds }: { fileIds: readonly number[] }) {
  const { t } = useTranslation('discover-opportunities');
  const [open, setOpen] = useState<{ url: string; number: number } | null>(null);
  return (
    <>
      <SimpleGrid
        cols={{ base: 3, sm: 5 }}
        spacing="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {fileIds.map((fileId, index) => (
          <li key={fileId}>
            <ProductImage
              fileId={fileId}
              number={index + 1}
              onOpen={(url) => setOpen({ url, number: index + 1 })}
            />
          </li>
        ))}
      </SimpleGrid>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('details.productImage', { number: open.number }) : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': t('details.closeImage') }}
      >
        {open && (
          <Image
            src={open.url}
            alt={t('details.productImage', { number: open.number })}
            fit="contain"
            mah="75vh"
          />
        )}
      </Modal>
    </>
  );
}
