import type { Application } from '@clipmarket/contracts/opportunities';
import { Button, Group, Modal, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { FileAvatar } from '../../../components/file-avatar';
import { usePhoneLayout } from '../../../components/stacked-rows';
import { useTranslation } from '../../../lib/use-translation';
import { type ApplicationFact, applicationFacts } from './application-facts';

export const COMPARE_MAX = 4;
export const COMPARE_MIN = 2;

/**
 * The bar under the list while applications are chosen for comparison: how many (up to 4),
 * the button that opens them side by side (from 2), and a way to start again.
 */
export function CompareBar({
  count,
  onOpen,
  onClear,
}: {
  count: number;
  onOpen: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('opportunity-applications');
  const headingId = useId();
  const hintId = useId();
  const isReady = count >= COMPARE_MIN;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      style={{ position: 'sticky', insetBlockEnd: 'var(--mantine-spacing-md)', zIndex: 2 }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h5" id={headingId}>
            {t('applications.compareBar')}
          </Title>
          <Text size="sm" c="dimmed" role="status">
            {t('applications.compareCount', { count })}
          </Text>
          {!isReady && (
            <Text size="xs" c="dimmed" id={hintId}>
              {t('applications.compareHint')}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button variant="subtle" onClick={onClear}>
            {t('applications.compareClear')}
          </Button>
          <Button
            onClick={onOpen}
            disabled={!isReady}
            aria-describedby={isReady ? undefined : hintId}
          >
            {t('applications.compareOpen')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The chosen applications side by side: a table on wide screens (one column per creator,
 * one row per fact); on phones, where four columns do not fit, each fact with every
 * creator's value under it.
 */
export function CompareModal({
  opened,
  applications,
  questions,
  onClose,
}: {
  opened: boolean;
  applications: readonly Application[];
  questions: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('opportunity-applications');
  const isPhone = usePhoneLayout();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('applications.compareTitle')}
      size="100%"
      fullScreen={isPhone}
    >
      {opened && (
        <CompareFacts applications={applications} questions={questions} isPhone={isPhone} />
      )}
    </Modal>
  );
}

function CompareFacts({
  applications,
  questions,
  isPhone,
}: {
  applications: readonly Application[];
  questions: readonly string[];
  isPhone: boolean;
}) {
  const { t, i18n } = useTranslation('opportunity-applications');
  const columns = applications.map((application) => ({
    application,
    facts: applicationFacts(
      application,
      questions,
      { t, language: i18n.language },
      { withStatus: true },
    ),
  }));
  const rows = (columns[0]?.facts ?? []).map((fact) => ({
    key: fact.key,
    label: fact.label,
    values: columns.map(({ application, facts }) => ({
      application,
      value: facts.find((other) => other.key === fact.key)?.value ?? '—',
    })),
  }));
  // Facts only some have (a reason, a video): rows of their own, after the shared ones.
  const extra = new Map<string, ApplicationFact>();
  for (const { facts } of columns)
    for (const fact of facts)
      if (!rows.some((row) => row.key === fact.key) && !extra.has(fact.key))
        extra.set(fact.key, fact);
  for (const fact of extra.values()) {
    rows.push({
      key: fact.key,
      label: fact.label,
      values: columns.map(({ application, facts }) => ({
        application,
        value: facts.find((other) => other.key === fact.key)?.value ?? '—',
      })),
    });
  }
  return isPhone ? (
    <FactsByRow rows={rows} />
  ) : (
    <FactsTable rows={rows} applications={applications} />
  );
}

type Row = {
  key: string;
  label: string;
  values: { application: Application; value: ApplicationFact['value'] }[];
};

function CreatorName({ application }: { application: Application }) {
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      <FileAvatar
        fileId={application.creator.profile_file_id}
        name={application.creator.name}
        size={28}
      />
      <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
        {application.creator.name}
      </Text>
    </Group>
  );
}

function FactsTable({ rows, applications }: { rows: Row[]; applications: readonly Application[] }) {
  const { t } = useTranslation('opportunity-applications');
  return (
    <ScrollArea type="auto">
      <Table
        verticalSpacing="sm"
        withRowBorders
        style={{ tableLayout: 'fixed', minWidth: 160 + applications.length * 220 }}
      >
        <Table.Caption>{t('applications.compareTable')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={160}>
              {t('applications.compareCreator')}
            </Table.Th>
            {applications.map((application) => (
              <Table.Th key={application.content_opportunity_influencer_id} scope="col">
                <CreatorName application={application} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" style={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                {row.label}
              </Table.Th>
              {row.values.map(({ application, value }) => (
                <Table.Td
                  key={application.content_opportunity_influencer_id}
                  style={{ verticalAlign: 'top' }}
                >
                  {value}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function FactsByRow({ rows }: { rows: Row[] }) {
  return (
    <Stack gap="md">
      {rows.map((row) => (
        <Paper key={row.key} component="section" withBorder radius="md" p="sm">
          <Title order={3} size="h6" mb="xs" style={{ overflowWrap: 'anywhere' }}>
            {row.label}
          </Title>
          <Stack component="dl" gap="xs" m={0}>
            {row.values.map(({ application, value }) => (
              <div key={application.content_opportunity_influencer_id}>
                <Text component="dt" size="xs" c="dimmed" fw={600}>
                  {application.creator.name}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {value}
                </Text>
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
