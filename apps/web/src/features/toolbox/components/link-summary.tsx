import type { TrackedLink } from '@clipmarket/contracts/tracked-links';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { formatDate, formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { CopyLinkButton } from './copy-link-button';
import { PlatformName } from './platform-name';

/** One short link: its platform, the address to share, a copy button and what it counted. */
export function LinkSummary({ link }: { link: TrackedLink }) {
  const { t, i18n } = useTranslation('toolbox');
  const platform = t(`platforms.${link.platform}`);
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <PlatformName platform={link.platform} />
        <CopyLinkButton value={link.short_url} label={t('link.copyFor', { platform })} />
      </Group>
      {/* Addresses read left to right in every language. */}
      <Anchor href={link.short_url} target="_blank" rel="noreferrer" dir="ltr" size="sm">
        {link.short_url}
      </Anchor>
      <Text size="sm" c="dimmed">
        {t('link.counts', {
          clicks: formatNumber(link.clicks, i18n.language),
          previews: formatNumber(link.previews, i18n.language),
        })}
        {link.last_click_at
          ? ` · ${t('link.lastClick', { date: formatDate(link.last_click_at, i18n.language) })}`
          : ''}
      </Text>
    </Stack>
  );
}
