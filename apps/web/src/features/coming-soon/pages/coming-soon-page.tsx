import { Badge, Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation } from 'wouter';
import { IconClock, IconHome } from '../../../components/icons';
import { findComingSoonArea } from '../../../lib/coming-soon';
import { comingSoonAreaIcons } from '../area-icons';

/**
 * Issue 8 point 6: what a menu item or a notification opens while its page is not built yet
 * (lib/coming-soon.ts lists those areas). It names the area, says what it will do, and leads
 * back home, instead of "Page not found".
 */
export default function ComingSoonPage() {
  const { t } = useTranslation('coming-soon');
  const [pathname] = useLocation();
  const area = findComingSoonArea(pathname)?.id;
  const Icon = (area && comingSoonAreaIcons[area]) || IconClock;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center" data-testid="coming-soon">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <Icon size={40} stroke={1.5} />
        </ThemeIcon>
        <Badge
          variant="light"
          color="orange"
          size="lg"
          leftSection={<IconClock size={14} aria-hidden />}
        >
          {t('badge')}
        </Badge>
        <Title order={1} size="h2">
          {area ? t(`areas.${area}.title`) : t('badge')}
        </Title>
        {area && (
          <Text size="lg" style={{ textWrap: 'pretty' }}>
            {t(`areas.${area}.body`)}
          </Text>
        )}
        <Text c="dimmed">{t('note')}</Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />}>
          {t('home')}
        </Button>
      </Stack>
    </Center>
  );
}
