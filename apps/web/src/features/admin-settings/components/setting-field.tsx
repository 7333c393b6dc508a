import type { BusinessSetting } from '@clipmarket/contracts/settings';
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { useUpdateBusinessSetting } from '../api/business-settings';
import { fromInputText, toInputText } from '../setting-values';

/**
 * One business setting: its value as typed in its unit, the bounds it may take, and Save
 * once changed. The server checks the bounds again (and the pairs: pack minimum ≤ maximum);
 * its reason shows under the field.
 */
export function SettingField({
  setting,
  label,
  compact = false,
}: {
  setting: BusinessSetting;
  label: string;
  /** In the prices grid: no description, the column says the unit. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const errorMessage = useApiErrorMessage();
  const update = useUpdateBusinessSetting();
  const saved = toInputText(setting.unit, setting.value);
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // A count has no unit to show.
  const unit = setting.unit === 'count' ? '' : t(`settings.units.${setting.unit}`);
  // Amounts as everywhere (the shared money format: `100,000.000 TND`); others in their unit.
  const bound = (value: number) =>
    setting.unit === 'millimes'
      ? formatMoney(value, i18n.language)
      : `${toInputText(setting.unit, value)} ${unit}`.trim();

  const save = () => {
    const value = fromInputText(setting.unit, text);
    if (value === null) {
      setError(t('settings.unreadable'));
      return;
    }
    if (value < setting.min || value > setting.max) {
      setError(t('settings.outOfBounds', { min: bound(setting.min), max: bound(setting.max) }));
      return;
    }
    update.mutate(
      { key: setting.key, value },
      {
        onSuccess: (next) => {
          setText(toInputText(next.unit, next.value));
          toasts.show({ color: 'green', message: t('settings.saved', { setting: label }) });
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" maw={compact ? undefined : 560}>
      <TextInput
        label={compact ? undefined : label}
        aria-label={compact ? label : undefined}
        description={
          compact
            ? undefined
            : t('settings.bounds', {
                default: bound(setting.default),
                min: bound(setting.min),
                max: bound(setting.max),
              })
        }
        value={text}
        inputMode={
          setting.unit === 'millimes' || setting.unit === 'basis_points' ? 'decimal' : 'numeric'
        }
        rightSection={unit ? <span aria-hidden>{unit}</span> : undefined}
        rightSectionWidth={unit ? Math.max(36, unit.length * 9) : undefined}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
        style={{ flex: 1, minWidth: compact ? 110 : 180 }}
      />
      <Button
        variant="light"
        mb={error ? 22 : 0}
        disabled={text === saved}
        loading={update.isPending}
        onClick={save}
        aria-label={t('settings.saveLabel', { setting: label })}
      >
        {t('settings.save')}
      </Button>
    </Group>
  );
}
