import type { ToolboxLine } from '@clipmarket/contracts/tracked-links';
import {
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { IconTool } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useTranslation } from '../../../lib/use-translation';
import { useToolbox } from '../api/toolbox';
import { LinkSummary } from '../components/link-summary';
import { DeliveryFacts } from '../components/delivery-facts';
import { MissingPageAlert } from '../components/missing-page-alert';
import { toolboxLinePath } from '../paths';

/**
 * ToolBox (spec §2 `/toolbox`, issue 24 §5): each delivery the creator accepted, with its short
 * links per platform to copy and what they counted; a delivery opens its QR codes and the
 * places each link can go.
 */
export default function ToolboxPage() {
  const { t } = useTranslation('toolbox');
  const toolbox = useToolbox();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('list.title')}</Title>
        <Text c="dimmed">{t('list.intro')}</Text>
      </div>
      {toolbox.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('list.loading')} />
        </Center>
      ) : toolbox.isError ? (
        <LoadErrorAlert
          error={toolbox.error}
          message={t('list.loadError')}
          onRetry={() => void toolbox.refetch()}
        />
      ) : toolbox.data.length === 0 ? (
        <EmptyToolbox />
      ) : (
        <Stack gap="md">
          {toolbox.data.map((line) => (
            <DeliveryCard key={line.content_request_influencer_id} line={line} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function EmptyToolbox() {
  const { t } = useTranslation('toolbox');
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconTool size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('empty.title')}
        </Title>
        <Text c="dimmed" maw={480}>
          {t('empty.body')}
        </Text>
        <Group justify="center">
          <Button component={Link} to="/accept-requests" variant="light">
            {t('empty.requests')}
          </Button>
          <Button component={Link} to="/discover-opportunities" variant="light">
            {t('empty.opportunities')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DeliveryCard({ line }: { line: ToolboxLine }) {
  const { t } = useTranslation('toolbox');
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4" id={headingId}>
              {line.title || line.reference}
            </Title>
            <DeliveryFacts line={line} />
          </div>
          <Button
            component={Link}
            to={toolboxLinePath(line.content_request_influencer_id)}
            size="xs"
            variant="default"
            aria-label={t('list.openFor', { title: line.title || line.reference })}
          >
            {t('list.open')}
          </Button>
        </Group>
        {line.missing_reason ? (
          <MissingPageAlert />
        ) : (
          line.links.map((link, index) => (
            <Stack key={link.platform} gap="sm">
              {index > 0 && <Divider />}
              <LinkSummary link={link} />
            </Stack>
          ))
        )}
      </Stack>
    </Paper>
  );
}
