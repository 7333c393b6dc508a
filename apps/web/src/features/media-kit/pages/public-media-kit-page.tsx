import type { PublicMediaKit } from '@clipmarket/contracts/media-kit';
import { Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { IconDownload, IconSend } from '../../../components/icons';
import { LanguagePicker } from '../../../components/language-picker';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { routeNotFound } from '../../../lib/route-not-found';
import { readStoredRole, readTokens } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import {
  publicMediaKitPath,
  publicMediaKitQueryKey,
  usePublicMediaKit,
} from '../api/public-media-kit';
import { Flipbook } from '../components/flipbook';
import { kitPagesOf } from '../components/kit-pages';
import { KitSheet } from '../components/kit-sheet';
import { useKitLanguage } from '../kit-language';

/**
 * Spec §2 `/media_kit/{influencer_name}` (issue 25 §2): a creator's media kit for anyone, no
 * sign-in and no navigation. The kit is shown in its own language and direction whatever the
 * reader's; the page around it (the buttons, the language picker) follows the reader. A name
 * the creator used before moves the address to the current one; a hidden kit or an unknown
 * name is the app's not-found page.
 */
export default function PublicMediaKitPage() {
  const { t } = useTranslation('media-kit');
  const influencerName = useParams<{ influencer_name: string }>().influencer_name ?? '';
  const kit = usePublicMediaKit(influencerName);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  const currentName = kit.data?.influencer_name;
  useEffect(() => {
    if (!kit.data || currentName === undefined || currentName === influencerName) return;
    // A renamed creator: the answer is the kit already, kept under its new address.
    queryClient.setQueryData(publicMediaKitQueryKey(currentName), kit.data);
    void navigate(publicMediaKitPath(currentName), { replace: true });
  }, [currentName, influencerName, kit.data, navigate, queryClient]);

  if (kit.isError && kit.error instanceof ApiError && kit.error.status === 404) {
    throw routeNotFound();
  }
  if (kit.isPending) {
    return (
      <KitFrame>
        <Center py="xl">
          <Loader aria-label={t('public.loading')} />
        </Center>
      </KitFrame>
    );
  }
  if (kit.isError) {
    return (
      <KitFrame>
        <LoadErrorAlert
          error={kit.error}
          message={t('public.loadError')}
          onRetry={() => void kit.refetch()}
        />
      </KitFrame>
    );
  }
  return <KitView kit={kit.data} />;
}

/** The public page's frame: the app's name and the language picker, nothing of the app's menus. */
function KitFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('media-kit');
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        px="md"
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" maw={960} mx="auto" wrap="nowrap">
          <Text fw={800} fz={22} c="violet.7" lh={1.2}>
            {t('public.appName')}
          </Text>
          <LanguagePicker />
        </Group>
      </Box>
      <Box component="main" px="md" py="xl">
        <Stack maw={960} mx="auto" gap="lg">
          {children}
        </Stack>
      </Box>
    </Box>
  );
}

function KitView({ kit }: { kit: PublicMediaKit }) {
  const { t, i18n } = useTranslation('media-kit');
  const language = useKitLanguage(kit.language);
  const { profile } = kit.content;
  const documentTitle = t('public.documentTitle', { name: profile.display_name });
  // Not Mantine's useDocumentTitle: of the first screens only /login uses it, and sharing it
  // would cut a file off /login's chunks for one line (vite.config.ts, secondaryFirstScreens).
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  const pages = kitPagesOf(kit.content, language);
  return (
    <KitFrame>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600}>
            {t('public.kicker')}
          </Text>
          <Title order={1} lang={language.lang} dir={language.dir}>
            {profile.display_name}
          </Title>
        </Stack>
        <Group gap="sm">
          <Button
            component="a"
            href={kit.rendering.pdf_url}
            download
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {t('public.downloadPdf')}
          </Button>
          <RequestCreatorButton influencerId={kit.influencer_id} />
        </Group>
      </Group>
      <KitSheet theme={kit.theme}>
        <Flipbook pages={pages} dir={language.dir} />
      </KitSheet>
      <Group justify="space-between" align="flex-end" gap="md" component="footer">
        <Text size="sm" c="dimmed">
          {t('public.generated', { date: formatDate(kit.content.generated_at, i18n.language) })}
        </Text>
        <figure style={{ margin: 0, textAlign: 'center' }}>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(kit.qr_svg)}`}
            alt={t('public.qr', { name: profile.display_name })}
            width={112}
            height={112}
          />
          <Text component="figcaption" size="xs" c="dimmed">
            {t('public.qrCaption')}
          </Text>
        </figure>
      </Group>
    </KitFrame>
  );
}

const REQUEST_PATH = '/request-content/add';

/**
 * "Request this creator": an advertiser goes to a new content request with the creator; a
 * visitor signs up as a brand first and comes back there; a creator (or the team) sees nothing.
 * The stored role stands in while the account is read.
 */
function RequestCreatorButton({ influencerId }: { influencerId: number }) {
  const { t } = useTranslation('media-kit');
  const hasSession = readTokens() !== null;
  const me = useMe();
  const role = me.data?.role ?? (hasSession ? readStoredRole() : null);
  const target = `${REQUEST_PATH}?influencer_id=${influencerId}`;
  const to = !hasSession
    ? `/sign-up?as=brand&redirect=${encodeURIComponent(target)}`
    : role === 'BRAND' || role === 'AGENCY'
      ? target
      : null;
  if (to === null) return null;
  return (
    <Button component={Link} to={to} leftSection={<IconSend size={18} aria-hidden />}>
      {t('public.request')}
    </Button>
  );
}
