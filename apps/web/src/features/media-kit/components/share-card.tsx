import type { MediaKitView } from '@clipmarket/contracts/media-kit';
import {
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from 'react';
import { IconCheck, IconDownload, IconExternalLink, IconLink } from '../../../components/icons';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/** The kit's public link to copy, its PDF, and how many times it was viewed and downloaded. */
export function ShareCard({ kit, isPublished }: { kit: MediaKitView; isPublished: boolean }) {
  const { t, i18n } = useTranslation('media-kit');
  const headingId = useId();
  const url = `${window.location.origin}${kit.public_path}`;
  const isLive = isPublished && kit.rendering !== null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('builder.share.title')}
        </Title>
        <TextInput label={t('builder.share.link')} value={url} readOnly dir="ltr" />
        <Group gap="xs">
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => (
              <>
                <Button
                  size="sm"
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? (
                      <IconCheck size={16} aria-hidden />
                    ) : (
                      <IconLink size={16} aria-hidden />
                    )
                  }
                  onClick={copy}
                >
                  {copied ? t('builder.share.copied') : t('builder.share.copy')}
                </Button>
                <VisuallyHidden role="status">
                  {copied ? t('builder.share.copied') : ''}
                </VisuallyHidden>
              </>
            )}
          </CopyButton>
          {isLive && (
            <Button
              component="a"
              href={kit.public_path}
              target="_blank"
              rel="noopener"
              size="sm"
              variant="default"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('builder.share.open')}
            </Button>
          )}
          {kit.rendering && (
            <Button
              component="a"
              href={kit.rendering.pdf_url}
              download
              size="sm"
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('builder.share.pdf')}
            </Button>
          )}
        </Group>
        {!isPublished && (
          <Text size="sm" c="dimmed">
            {t('builder.share.notPublished')}
          </Text>
        )}
        {!kit.rendering && (
          <Text size="sm" c="dimmed">
            {t('builder.share.noPdf')}
          </Text>
        )}
        <SimpleGrid cols={2} spacing="sm" component="dl" m={0}>
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('builder.share.views')}
            </Text>
            <Text component="dd" m={0} fw={700} fz="xl">
              {formatNumber(kit.views, i18n.language)}
            </Text>
          </div>
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('builder.share.downloads')}
            </Text>
            <Text component="dd" m={0} fw={700} fz="xl">
              {formatNumber(kit.downloads, i18n.language)}
            </Text>
          </div>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('builder.share.countsNote')}
        </Text>
      </Stack>
    </Paper>
  );
}
