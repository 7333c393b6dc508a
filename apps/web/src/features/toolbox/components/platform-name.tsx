import type { LinkPlatform as Platform } from '@clipmarket/contracts/tracked-links';
import { Group, Text } from '@mantine/core';
import { IconBrandInstagram, IconBrandTiktok } from '../../../components/icons';
import { useTranslation } from '../../../lib/use-translation';

const icons = { instagram: IconBrandInstagram, tiktok: IconBrandTiktok } as const;

export function PlatformName({ platform }: { platform: Platform }) {
  const { t } = useTranslation('toolbox');
  const Icon = icons[platform];
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Icon size={18} aria-hidden />
      <Text span fw={600}>
        {t(`platforms.${platform}`)}
      </Text>
    </Group>
  );
}
