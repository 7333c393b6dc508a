import { Alert, Anchor, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconExternalLink } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { usePrivateMediaUrlQuery } from '../../../lib/private-media';
import type { AdminCreator } from '../api/get-admin-creators';
import { adminCreatorName } from './admin-creator-card';

/**
 * A creator's identity card scan. CIN scans are private (owner and admins, DESIGN §3): they
 * are read through short-lived signed URLs the API gives, never with a token in the URL.
 */
export function CinScanModal({
  creator,
  onClose,
}: {
  creator: AdminCreator | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const errorMessage = useApiErrorMessage();
  const file = creator?.cin_efile ?? null;
  const name = creator ? adminCreatorName(creator) : '';
  const isPdf = file?.file_extension.toLowerCase() === 'pdf';
  const preview = usePrivateMediaUrlQuery(file && !isPdf ? file.file_id : null, 'medium');
  const original = usePrivateMediaUrlQuery(file?.file_id ?? null, 'full');

  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={t('creators.cinScan.title', { name })}
      size="lg"
      centered
    >
      {file && (
        <Stack gap="sm">
          {isPdf ? (
            <Text size="sm">{t('creators.cinScan.pdf')}</Text>
          ) : preview.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(preview.error)}
            </Alert>
          ) : preview.data ? (
            <Image
              src={preview.data.url}
              alt={t('creators.cinScan.alt', { name })}
              radius="sm"
              fit="contain"
              mah="60vh"
            />
          ) : (
            <Center mih={200}>
              <Loader aria-label={t('creators.cinScan.loading')} />
            </Center>
          )}
          {creator?.cin && (
            <Text size="sm">{t('creators.cinScan.number', { cin: creator.cin })}</Text>
          )}
          {original.data && (
            <Group>
              <Anchor href={original.data.url} target="_blank" rel="noopener noreferrer" size="sm">
                <Group component="span" gap={4} wrap="nowrap">
                  {t('creators.cinScan.openOriginal')}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
