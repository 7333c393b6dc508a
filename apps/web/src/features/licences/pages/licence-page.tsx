import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useParams } from 'wouter';
import { LicenceRenewal } from '../../../components/licences/licence-renewal';
import { SparkCodeForm, SparkCodeView } from '../../../components/licences/spark-code';
import { IconPrinter } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { type LicencePage, useLicence } from '../../../lib/licences';
import { useBusinessSectors } from '../../../lib/reference-data';
import { routeNotFound } from '../../../lib/route-not-found';
import { formatDay } from '../../../lib/tunis-time';
import { useTranslation } from '../../../lib/use-translation';
import './licence-page.css';

const parseId = (value: string | undefined) =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;

const stateColours = {
  active: 'teal',
  expired: 'orange',
  perpetual: 'blue',
  not_started: 'gray',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
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

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/**
 * `/licences/{content_request_influencer_id}` (issue 27 §1: "the licence terms are a readable
 * page per line, in the three languages"): the parties, the video, what may be done with it
 * (channels, territory, duration, exclusivity), its start and end, each term's price and the
 * Spark code; the advertiser renews from here, the creator enters the Spark code. Laid out to
 * print (the buttons are left off the paper). Both parties and admins; anyone else a 404.
 */
export default function LicencePageScreen() {
  const { t } = useTranslation('licences');
  const id = parseId(useParams().content_request_influencer_id);
  const licence = useLicence(id);
  if (id === null) throw routeNotFound();
  if (licence.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('page.loading')} />
      </Center>
    );
  }
  if (licence.isError) {
    if (licence.error instanceof ApiError && licence.error.status === 404) throw routeNotFound();
    return (
      <LoadErrorAlert
        error={licence.error}
        message={t('page.loadError')}
        onRetry={() => void licence.refetch()}
      />
    );
  }
  return <LicenceView page={licence.data} />;
}

function LicenceView({ page }: { page: LicencePage }) {
  const { t, i18n } = useTranslation('licences');
  const sectors = useBusinessSectors(page.exclusivity_category_id !== null);
  const { licence } = page;
  const day = (value: string | null) => (value ? formatDay(value, i18n.language) : '—');
  const money = (millimes: number) => formatMoney(millimes, i18n.language);
  const sectorName =
    page.exclusivity_category_id === null
      ? null
      : (sectors.data?.find((s) => s.business_sector_id === page.exclusivity_category_id)?.label ??
        null);
  const isSpark = licence.channels.includes('spark_ads');

  return (
    <Stack gap="lg" className="licence-page">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            <span dir="ltr">{page.reference}</span>
          </Text>
          <Title order={1}>{t('page.title')}</Title>
          <Text dir="auto">{page.title}</Text>
        </div>
        <Group gap="sm">
          <Badge color={stateColours[licence.state]} variant="light" size="lg">
            {t(`state.${licence.state}`)}
          </Badge>
          <Button
            variant="default"
            className="licence-no-print"
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => window.print()}
          >
            {t('page.print')}
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={t('page.parties')}>
          <Stack gap="xs" component="dl" m={0}>
            <Fact label={t('page.advertiser')}>{page.advertiser_name || '—'}</Fact>
            <Fact label={t('page.creator')}>{page.creator_name || '—'}</Fact>
            <Fact label={t('page.video')}>
              {page.video ? (
                <>
                  <span dir="ltr">{page.reference}</span>{' '}
                  {t('page.version', { version: page.video.version })}
                </>
              ) : (
                t('page.noVideo')
              )}
            </Fact>
          </Stack>
        </Section>

        <Section title={t('page.terms')}>
          <Stack gap="xs" component="dl" m={0}>
            <Fact label={t('page.channels')}>
              {licence.channels.map((channel) => t(`channels.${channel}`)).join(', ')}
            </Fact>
            <Fact label={t('page.territory')}>{t(`territories.${licence.territory}`)}</Fact>
            <Fact label={t('page.duration')}>{t(`durations.${licence.duration}`)}</Fact>
            <Fact label={t('page.exclusivity')}>
              {page.exclusivity_days === 0
                ? t('page.noExclusivity')
                : sectorName
                  ? t('page.exclusivityIn', { days: page.exclusivity_days, category: sectorName })
                  : t('page.exclusivityDays', { days: page.exclusivity_days })}
            </Fact>
            <Fact label={t('page.start')}>
              {licence.starts_at ? day(page.terms[0]?.starts_at ?? null) : t('page.notStarted')}
            </Fact>
            <Fact label={t('page.end')}>
              {licence.state === 'perpetual'
                ? t('page.noEnd')
                : licence.expires_at
                  ? day(licence.expires_at)
                  : t('page.notStarted')}
            </Fact>
          </Stack>
        </Section>
      </SimpleGrid>

      <Section title={t('page.history')}>
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('page.term')}</Table.Th>
                <Table.Th>{t('page.from')}</Table.Th>
                <Table.Th>{t('page.to')}</Table.Th>
                <Table.Th>{t('page.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.terms.map((term) => (
                <Table.Tr key={term.term}>
                  <Table.Td>
                    {term.term === 1
                      ? t('page.firstTerm')
                      : t('page.renewalTerm', { n: term.term })}
                  </Table.Td>
                  <Table.Td>{term.starts_at ? day(term.starts_at) : t('page.notStarted')}</Table.Td>
                  <Table.Td>
                    {term.expires_at
                      ? day(term.expires_at)
                      : term.starts_at
                        ? t('page.noEnd')
                        : '—'}
                  </Table.Td>
                  <Table.Td>
                    <span dir="ltr">{money(term.price)}</span>
                    {term.base_price !== null && term.add_on_price !== null && (
                      <Text size="xs" c="dimmed">
                        {t('page.priceDetail', {
                          base: money(term.base_price),
                          addOns: money(term.add_on_price),
                        })}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      {isSpark && licence.spark_code && (
        <Section title={t('spark.title')}>
          {page.can_edit_spark_code ? (
            <SparkCodeForm
              lineId={page.content_request_influencer_id}
              sparkCode={licence.spark_code}
            />
          ) : (
            <SparkCodeView sparkCode={licence.spark_code} />
          )}
        </Section>
      )}

      {page.viewer_side === 'advertiser' && licence.state !== 'not_started' && (
        <Section title={t('renewal.title')}>
          <div className="licence-no-print">
            <LicenceRenewal
              lineId={page.content_request_influencer_id}
              licence={licence}
              showPageLink={false}
            />
          </div>
          {page.wallet_available !== null && licence.renewal_price !== null && (
            <Text size="sm" c="dimmed" className="licence-no-print">
              {t('renewal.wallet', { amount: money(page.wallet_available) })}
            </Text>
          )}
        </Section>
      )}
    </Stack>
  );
}
