import { Image, Modal, SimpleGrid, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';

type ProductImage = { file_id: number; url: string };

/** The request's product images as thumbnails; one opens larger in a dialog. */
export function ProductImages({ images }: { images: readonly ProductImage[] }) {
  const { t } = useTranslation('accept-requests');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const open = openIndex === null ? null : images[openIndex];
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
        {images.map((image, index) => (
          <li key={image.file_id}>
            <UnstyledButton
              onClick={() => setOpenIndex(index)}
              aria-label={t('details.openImage', { number: index + 1 })}
              style={{ display: 'block', width: '100%' }}
            >
              <Image src={image.url} alt="" radius="md" h={96} fit="cover" loading="lazy" />
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
      <Modal
        opened={open !== null && open !== undefined}
        onClose={() => setOpenIndex(null)}
        title={openIndex === null ? '' : t('details.productImage', { number: openIndex + 1 })}
        size="xl"
        closeButtonProps={{ 'aria-label': t('details.closeImage') }}
      >
        {open && (
          <Image
            src={open.url}
            alt={t('details.productImage', { number: (openIndex ?? 0) + 1 })}
            fit="contain"
            mah="75vh"
          />
        )}
      </Modal>
    </>
  );
}
