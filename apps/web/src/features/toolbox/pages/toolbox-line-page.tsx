import type { ToolboxLineDetail } from '@clipmarket/contracts/tracked-links';
import {
  Anchor,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link, useParams } from 'wouter';
import { BackIcon } from '../../../components/back-icon';
import { IconDownload } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { routeNotFound } from '../../../lib/route-not-found';
import { useTranslation } from '../../../lib/use-translation';
import { useToolboxLine } from '../api/toolbox';
import { DeliveryFacts } from '../components/delivery-facts';
import { LinkSummary } from '../components/link-summary';
import { MissingPageAlert } from '../components/missing-page-alert';
import { PlacementHints } from '../components/placement-hints';
import { PlatformName } from '../components/platform-name';
import { TOOLBOX_PATH } from '../paths';

const parseId = (value: string | undefined) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** The QR code (SVG text from the API) as an image: an image cannot run anything it holds. */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function BackLink() {
  const { t } = useTranslation('toolbox');
  return (
    <Anchor component={Link} to={TOOLBOX_PATH} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <BackIcon />
        {t('line.back')}
      </Group>
    </Anchor>
  );
}

/**
 * `/toolbox/{session_id}` (the session is the delivery line): the delivery's short links with
 * their QR codes, where each goes, and the places a link can go on each platform.
 */
export default function ToolboxLinePage() {
  const { t } = useTranslation('toolbox');
  const id = parseId(useParams().session_id);
  const line = useToolboxLine(id);

  if (id === null) throw routeNotFound();
  if (line.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('line.loading')} />
      </Center>
    );
  }
  if (line.isError) {
    if (line.error instanceof ApiError && line.error.status === 404) throw routeNotFound();
    return (
      <Stack gap="md">
        <BackLink />
        <LoadErrorAlert
          error={line.error}
          message={t('line.loadError')}
          onRetry={() => void line.refetch()}
        />
      </Stack>
    );
  }
  return <LineView line={line.data} />;
}

function LineView({ line }: { line: ToolboxLineDetail }) {
  const { t } = useTranslation('toolbox');
  return (
    <Stack gap="lg">
      <BackLink />
      <div>
        <Title order={1}>{line.title || line.reference}</Title>
        <DeliveryFacts line={line} />
      </div>
      {line.missing_reason && <MissingPageAlert />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {line.links.map((link) => {
          const platform = t(`platforms.${link.platform}`);
          return (
            <Section key={link.platform} title={t('line.linkTitle', { platform })}>
              <LinkSummary link={link} />
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {t('line.leadsTo')}
                </Text>
                <Text size="xs" c="dimmed" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                  {link.target_url}
                </Text>
              </Stack>
              <Group align="flex-end" gap="md">
                <Image
                  src={svgDataUrl(link.qr_svg)}
                  alt={t('line.qrAlt', { platform, url: link.short_url })}
                  w={160}
                  h={160}
                  bg="white"
                />
                <Anchor
                  href={svgDataUrl(link.qr_svg)}
                  download={`${link.code}.svg`}
                  size="sm"
                  aria-label={t('line.downloadQrFor', { platform })}
                >
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconDownload size={16} aria-hidden />
                    {t('line.downloadQr')}
                  </Group>
                </Anchor>
              </Group>
            </Section>
          );
        })}
      </SimpleGrid>
      <Section title={t('hints.title')}>
        <Text size="sm" c="dimmed">
          {t('hints.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {line.hints.map((hint) => (
            <Stack key={hint.platform} gap="xs">
              <PlatformName platform={hint.platform} />
              <PlacementHints
                places={hint.places}
                label={t('hints.listLabel', { platform: t(`platforms.${hint.platform}`) })}
              />
            </Stack>
          ))}
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
