import type { DeclaredStatsBody } from '@clipmarket/contracts/discovery';
import { DECLARED_STATS_MAX } from '@clipmarket/contracts/discovery-limits';
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
import { useTranslation } from 'react-i18next';
import { IconCheck } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatNumber, formatPercent } from '../../../lib/format';
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

  const validate = (): DeclaredStatsBody | null => {
    const found: Errors = {};
    for (const field of fields) {
      const value = values[field];
      if (value === '') found[field] = t('statsForm.errors.required');
      else if (!Number.isInteger(value) || value < 0 || value > statsLimits[field]) {
        found[field] = t('statsForm.errors.range', {
          max: formatNumber(statsLimits[field], language),
        });
      }
    }
    setErrors(found);
    return Object.keys(found).length === 0 ? (values as DeclaredStatsBody) : null;
  };

  const submit = () => {
    setSaved(false);
    const body = validate();
    if (!body) return;
    update.mutate({ platform, stats: body }, { onSuccess: () => setSaved(true) });
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
              allowNegative={false}
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
              rate: `${formatPercent(current.engagement_rate, language)} %`,
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
