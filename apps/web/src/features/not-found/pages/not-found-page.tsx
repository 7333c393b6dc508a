import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { IconHome, IconMoodSad } from '../../../components/icons';

/** Spec §2 "other": any path the app does not know (yet). */
export default function NotFoundPage() {
  const { t } = useTranslation('pages');
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconMoodSad size={36} />
        </ThemeIcon>
        <Text c="dimmed" fw={700} size="xl" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
