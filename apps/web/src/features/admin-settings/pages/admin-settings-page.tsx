import {
  businessSettingDefinitions,
  isBusinessSettingKey,
  type BusinessSettingKey,
} from '@clipmarket/contracts/business-settings';
import { suggestedPriceSettingKey } from '@clipmarket/contracts/creator-prices';
import { videoDurations } from '@clipmarket/contracts/content-requests';
import { sizeBands } from '@clipmarket/contracts/enums';
import type { BusinessSetting } from '@clipmarket/contracts/settings';
import { Center, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatDate } from '../../../lib/format';
import { useBusinessSettingChanges, useBusinessSettings } from '../api/business-settings';
import { SettingField } from '../components/setting-field';
import { toInputText } from '../setting-values';

const isSuggestedPrice = (key: string) => key.startsWith('suggested_price_');

/** A setting's name: its own label, or band and length for a suggested price. */
function settingLabel(t: TFunction, key: BusinessSettingKey): string {
  for (const band of sizeBands) {
    for (const duration of videoDurations) {
      if (suggestedPriceSettingKey(band.value, duration) === key) {
        return t('settings.suggestedPrice', {
          band: t(`settings.bands.${band.value}`),
          length: duration,
        });
      }
    }
  }
  return t(`settings.keys.${key}`);
}

/**
 * `/admin/settings` (ADMIN, ADR 011): the values the business tunes without a release — fees,
 * tax, delays, caps, limits, and the suggested creator prices by size band and video length
 * (issue 10 §1) — each within its bounds, and the latest changes with who made them.
 */
export default function AdminSettingsPage() {
  const { t, i18n } = useTranslation('admin');
  const settings = useBusinessSettings();
  const changes = useBusinessSettingChanges();

  if (settings.isError) {
    return (
      <LoadErrorAlert
        error={settings.error}
        message={t('settings.loadError')}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  if (settings.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('settings.loading')} />
      </Center>
    );
  }
  const byKey = new Map(settings.data.map((setting) => [setting.key, setting]));
  const rules = settings.data.filter((setting) => !isSuggestedPrice(setting.key));
  const field = (setting: BusinessSetting, compact = false) => (
    // Keyed by value too: a change saved elsewhere resets what the field shows.
    <SettingField
      key={`${setting.key}:${setting.value}`}
      setting={setting}
      label={settingLabel(t, setting.key)}
      compact={compact}
    />
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('settings.title')}</Title>
        <Text c="dimmed">{t('settings.intro')}</Text>
      </div>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-rules">
        <Title order={2} size="h3" id="settings-rules" mb="sm">
          {t('settings.rulesTitle')}
        </Title>
        <Stack gap="md">{rules.map((setting) => field(setting))}</Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-prices">
        <Title order={2} size="h3" id="settings-prices">
          {t('settings.pricesTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('settings.pricesIntro')}
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.band')}</Table.Th>
                {videoDurations.map((duration) => (
                  <Table.Th key={duration}>
                    {t('settings.lengthColumn', { length: duration })}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sizeBands.map((band) => (
                <Table.Tr key={band.value}>
                  <Table.Th scope="row">{t(`settings.bands.${band.value}`)}</Table.Th>
                  {videoDurations.map((duration) => {
                    const setting = byKey.get(suggestedPriceSettingKey(band.value, duration));
                    return <Table.Td key={duration}>{setting && field(setting, true)}</Table.Td>;
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-changes">
        <Title order={2} size="h3" id="settings-changes" mb="sm">
          {t('settings.changesTitle')}
        </Title>
        {changes.isPending ? (
          <Loader size="sm" aria-label={t('settings.loading')} />
        ) : changes.isError ? (
          <LoadErrorAlert
            error={changes.error}
            message={t('settings.loadError')}
            onRetry={() => void changes.refetch()}
          />
        ) : changes.data.length === 0 ? (
          <Text size="sm">{t('settings.noChanges')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.changedAt')}</Table.Th>
                  <Table.Th>{t('settings.setting')}</Table.Th>
                  <Table.Th>{t('settings.change')}</Table.Th>
                  <Table.Th>{t('settings.changedBy')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.data.map((change) => {
                  // A setting retired since is shown by its key, its values as stored.
                  const known = isBusinessSettingKey(change.key) ? change.key : null;
                  const shown = (value: number | null) =>
                    value === null
                      ? t('settings.defaultValue')
                      : known
                        ? toInputText(businessSettingDefinitions[known].unit, value)
                        : String(value);
                  return (
                    <Table.Tr key={change.id}>
                      <Table.Td>{formatDate(change.changed_at, i18n.language)}</Table.Td>
                      <Table.Td>{known ? settingLabel(t, known) : change.key}</Table.Td>
                      <Table.Td>
                        <bdi>{`${shown(change.old_value)} → ${shown(change.new_value)}`}</bdi>
                      </Table.Td>
                      <Table.Td>
                        {t('settings.adminNumber', { id: change.changed_by_user_id })}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
