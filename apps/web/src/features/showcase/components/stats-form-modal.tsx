import type { DeclaredStatsBody } from '@clipmarket/contracts/discovery';
import {
  DECLARED_STATS_MAX,
  findImplausibleStats,
  type ImplausibleStat,
} from '@clipmarket/contracts/discovery-limits';
import type { InfluencerStat } from '@clipmarket/contracts/users';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { IconCheck } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatNumber, formatPercent, formatPercentage } from '../../../lib/format';
import { type StatsPlatform, useUpdateDeclaredStats } from '../api/update-declared-stats';

type StatsField = keyof DeclaredStatsBody;

/** The contract's upper bounds, from its zod-free module (the schema would bring zod). */
const statsLimits: Record<StatsField, number> = DECLARED_STATS_MAX;
const fields = Object.keys(statsLimits) as StatsField[];

type Values = Record<StatsField, number | ''>;
type Errors = Partial<Record<StatsField, string>>;

const valuesOf = (stat: InfluencerStat | undefined): Values =>
  Object.fromEntries(fields.map((field) => [field, stat ? stat[field] : ''])) as Values;

export interface StatsFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The creator's current figures, per platform (from the showcase profile). */
  stats: InfluencerStat[];
}

/**
 * The creator's own audience figures for one platform (source "self-declared"). The
 * engagement rate and the size band are derived by the server, never typed in.
 */
export function StatsFormModal({ opened, onClose, stats }: StatsFormModalProps) {
  const { t } = useTranslation('discovery');
  return (
    <Modal opened={opened} onClose={onClose} title={t('statsForm.title')} size="lg" centered>
      {opened && <StatsForm stats={stats} onClose={onClose} />}
    </Modal>
  );
}

function StatsForm({ stats, onClose }: Omit<StatsFormModalProps, 'opened'>) {
  const { t, i18n } = useTranslation(['discovery', 'pages', 'common']);
  const language = i18n.language;
  const platformLabelId = useId();
  const errorMessage = useApiErrorMessage();
  const update = useUpdateDeclaredStats();
  const [platform, setPlatform] = useState<StatsPlatform>(stats[0]?.platform ?? 'instagram');
  const current = stats.find((stat) => stat.platform === platform);
  const [values, setValues] = useState<Values>(() => valuesOf(current));
  const [errors, setErrors] = useState<Errors>({});
  const [isSaved, setSaved] = useState(false);

  const choosePlatform = (next: StatsPlatform) => {
    setPlatform(next);
    setValues(valuesOf(stats.find((stat) => stat.platform === next)));
    setErrors({});
    setSaved(false);
    update.reset();
  };

  /** The contract's rules, in the interface language (the API refuses the same figures). */
  const implausibleMessage = (problem: ImplausibleStat, followers: number) =>
    problem.rule === 'engagementAbove100'
      ? t('statsForm.errors.engagementAbove100')
      : t(`statsForm.errors.${problem.rule}`, {
          max: formatNumber(problem.max, language),
          followers: formatNumber(followers, language),
        });

  const validate = (): DeclaredStatsBody | null => {
    const found: Errors = {};
    for (const field of fields) {
      const value = values[field];
      if (value === '') found[field] = t('statsForm.errors.required');
      else if (Number.isInteger(value) && value < 0) found[field] = t('statsForm.errors.negative');
      else if (!Number.isInteger(value) || value > statsLimits[field]) {
        found[field] = t('statsForm.errors.range', {
          max: formatNumber(statsLimits[field], language),
        });
      }
    }
    if (Object.keys(found).length === 0) {
      const figures = values as DeclaredStatsBody;
      for (const problem of findImplausibleStats(figures)) {
        found[problem.field] = implausibleMessage(problem, figures.followers_count);
      }
    }
    setErrors(found);
    return Object.keys(found).length === 0 ? (values as DeclaredStatsBody) : null;
  };

  const submit = () => {
    setSaved(false);
    const body = validate();
    if (!body) return;
    update.mutate(
      { platform, stats: body },
      {
        onSuccess: () => setSaved(true),
        // A rule this form does not know yet (an older page): the server's reason on its field.
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const known = error.fields.filter((f): f is { field: StatsField; message: string } =>
            fields.includes(f.field as StatsField),
          );
          if (known.length > 0) {
            setErrors(Object.fromEntries(known.map((f) => [f.field, f.message])) as Errors);
          }
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('statsForm.intro')}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={platformLabelId}>
            {t('statsForm.platform')}
          </Text>
          <SegmentedControl
            aria-labelledby={platformLabelId}
            value={platform}
            onChange={(value) => choosePlatform(value as StatsPlatform)}
            data={[
              { value: 'instagram', label: t('pages:platforms.instagram') },
              { value: 'tiktok', label: t('pages:platforms.tiktok') },
            ]}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {fields.map((field) => (
            <NumberInput
              key={`${platform}-${field}`}
              label={t(`statsForm.fields.${field}`)}
              description={
                field === 'persons_reached' ? t('statsForm.personsReachedHint') : undefined
              }
              value={values[field]}
              onChange={(value) => {
                setValues((previous) => ({
                  ...previous,
                  [field]: typeof value === 'number' ? value : value === '' ? '' : Number(value),
                }));
                setErrors((previous) => ({ ...previous, [field]: undefined }));
                setSaved(false);
              }}
              error={errors[field]}
              min={0}
              max={statsLimits[field]}
              allowDecimal={false}
              // A typed "-5" stays visible and is refused, instead of being saved as 5.
              allowNegative
              clampBehavior="none"
              hideControls
              inputMode="numeric"
              required
            />
          ))}
          <TextInput
            label={t('statsForm.engagement')}
            description={t('statsForm.engagementHint')}
            value={current ? `${formatPercent(current.engagement_rate, language)} %` : '—'}
            readOnly
            variant="filled"
          />
          <TextInput
            label={t('statsForm.sizeBand')}
            description={t('statsForm.sizeBandHint')}
            value={current ? t(`pages:sizeBands.${current.size_band}`) : '—'}
            readOnly
            variant="filled"
          />
        </SimpleGrid>
        {isSaved && current && (
          <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} role="status">
            {t('statsForm.saved', {
              platform: t(`pages:platforms.${platform}`),
              rate: formatPercentage(current.engagement_rate, language),
            })}
          </Alert>
        )}
        {update.isError && (
          <Alert color="red" role="alert">
            {errorMessage(update.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
