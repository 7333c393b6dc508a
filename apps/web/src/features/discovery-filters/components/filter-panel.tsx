import { isAdvertiserRole, type SizeBand } from '@clipmarket/contracts/enums';
import type { CommunityBand, EngagementBand } from '@clipmarket/contracts/reference-data';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAdjustments, IconChevronDown } from '../../../components/icons';
import { useMe } from '../../../lib/me';
import { useCategories, useCountries, useReferenceEnums } from '../../../lib/reference-data';
import {
  buildAgeOptions,
  countActiveFilters,
  emptyFilters,
  keepCitiesOf,
  rebuildAges,
  type DiscoveryFilters,
  type Gender,
  type Platform,
} from '../filter-state';
import { CityFilter } from './city-filter';

export interface FilterPanelProps {
  /** Filters to start from (e.g. the last saved search). */
  initialFilters?: DiscoveryFilters;
  /** Refine: the search runs with these filters. */
  onRefine: (filters: DiscoveryFilters) => void;
  /** Every change, so the page can save filters as they change (spec §4). */
  onChange?: (filters: DiscoveryFilters) => void;
  /** Reset all filters: the page also clears its results (spec §4). */
  onReset?: () => void;
  defaultOpened?: boolean;
}

/**
 * Search filters for advertisers (spec §2 "Filter panel"), meant for the inline-end side of
 * the search screens (AppShell.Aside). Creators and visitors never see it (spec §6).
 */
export function FilterPanel(props: FilterPanelProps) {
  const me = useMe();
  if (!me.data || !isAdvertiserRole(me.data.role)) return null;
  return <FilterPanelBody {...props} />;
}

function FilterPanelBody({
  initialFilters = emptyFilters,
  onRefine,
  onChange,
  onReset,
  defaultOpened = true,
}: FilterPanelProps) {
  const { t } = useTranslation('pages');
  const ids = useId();
  const [opened, panel] = useDisclosure(defaultOpened);
  const [advancedOpened, advanced] = useDisclosure(false);
  const [filters, setFilters] = useState<DiscoveryFilters>(initialFilters);
  const enums = useReferenceEnums();
  const categories = useCategories();
  const countries = useCountries();

  const update = (patch: Partial<DiscoveryFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    onChange?.(next);
  };

  const ageOptions = useMemo(
    () =>
      buildAgeOptions(filters.gender, enums.data?.age_intervals ?? [], (gender) =>
        t(`filters.genderGroups.${gender}`),
      ),
    [filters.gender, enums.data, t],
  );
  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((c) => ({ value: String(c.category_id), label: c.label })),
    [categories.data],
  );
  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: c.value, label: `${c.icon} ${c.label}` })),
    [countries.data],
  );
  const countryLabel = (code: string) =>
    countries.data?.find((c) => c.value === code)?.label ?? code;
  const bandOptions = (list: readonly { value: string; label: string }[] | undefined) =>
    (list ?? []).map(({ value, label }) => ({ value, label }));

  const reset = () => {
    setFilters(emptyFilters);
    onChange?.(emptyFilters);
    onReset?.();
  };
  const active = countActiveFilters(filters);
  const bodyId = `${ids}-body`;
  const advancedId = `${ids}-advanced`;

  return (
    <Paper component="aside" withBorder p="md" aria-labelledby={`${ids}-title`}>
      <Title order={2} size="h4" id={`${ids}-title`}>
        <UnstyledButton
          onClick={panel.toggle}
          aria-expanded={opened}
          aria-controls={bodyId}
          w="100%"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <IconAdjustments size={20} aria-hidden />
              <span>{t('filters.title')}</span>
              {active > 0 && (
                <Badge size="sm" circle aria-label={t('filters.activeCount', { count: active })}>
                  {active}
                </Badge>
              )}
            </Group>
            <IconChevronDown
              size={18}
              aria-hidden
              style={{
                transform: opened ? 'rotate(180deg)' : undefined,
                transition: 'transform 150ms ease',
              }}
            />
          </Group>
        </UnstyledButton>
      </Title>

      <Collapse expanded={opened}>
        <form
          id={bodyId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onRefine(filters);
          }}
        >
          <Stack gap="md" mt="md">
            <Radio.Group
              label={t('filters.platform')}
              value={filters.platform}
              onChange={(value) => update({ platform: value as Platform })}
            >
              <Group gap="md" mt={4}>
                {(enums.data?.platforms ?? []).map((platform) => (
                  <Radio key={platform.value} value={platform.value} label={platform.label} />
                ))}
              </Group>
            </Radio.Group>

            <MultiSelect
              label={t('filters.categories')}
              placeholder={t('filters.searchPlaceholder')}
              data={categoryOptions}
              value={filters.categories.map(String)}
              onChange={(values) => update({ categories: values.map(Number) })}
              searchable
              clearable
              nothingFoundMessage={t('filters.nothingFound')}
            />

            <Checkbox.Group
              label={t('filters.gender')}
              value={filters.gender}
              onChange={(values) => {
                const gender = values as Gender[];
                update({ gender, age: rebuildAges(filters.age, gender) });
              }}
            >
              <Group gap="md" mt={4}>
                {(enums.data?.genders ?? []).map((gender) => (
                  <Checkbox key={gender.value} value={gender.value} label={gender.label} />
                ))}
              </Group>
            </Checkbox.Group>

            <MultiSelect
              label={t('filters.age')}
              placeholder={t('filters.choose')}
              data={ageOptions}
              value={filters.age}
              onChange={(age) => update({ age })}
              clearable
            />

            <MultiSelect
              label={t('filters.residence')}
              placeholder={t('filters.searchPlaceholder')}
              data={countryOptions}
              value={filters.residence}
              onChange={(residence) =>
                update({ residence, city: keepCitiesOf(filters.city, residence) })
              }
              searchable
              clearable
              nothingFoundMessage={t('filters.nothingFound')}
            />

            <MultiSelect
              label={t('filters.followers')}
              placeholder={t('filters.choose')}
              data={bandOptions(enums.data?.size_bands)}
              value={filters.followersCount}
              onChange={(values) => update({ followersCount: values as SizeBand[] })}
              clearable
            />

            <Button
              variant="subtle"
              justify="space-between"
              onClick={advanced.toggle}
              aria-expanded={advancedOpened}
              aria-controls={advancedId}
              rightSection={
                <IconChevronDown
                  size={16}
                  aria-hidden
                  style={{ transform: advancedOpened ? 'rotate(180deg)' : undefined }}
                />
              }
            >
              {t('filters.advanced')}
            </Button>
            <Collapse expanded={advancedOpened}>
              <Stack gap="md" id={advancedId}>
                {filters.residence.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('filters.cityHint')}
                  </Text>
                ) : (
                  filters.residence.map((country) => (
                    <CityFilter
                      key={country}
                      country={country}
                      countryLabel={countryLabel(country)}
                      value={filters.city[country] ?? []}
                      onChange={(cities) =>
                        update({ city: { ...filters.city, [country]: cities } })
                      }
                    />
                  ))
                )}
                <MultiSelect
                  label={t('filters.engagement')}
                  placeholder={t('filters.choose')}
                  data={bandOptions(enums.data?.engagement_bands)}
                  value={filters.engagementRate}
                  onChange={(values) => update({ engagementRate: values as EngagementBand[] })}
                  clearable
                />
                <MultiSelect
                  label={t('filters.community')}
                  placeholder={t('filters.choose')}
                  data={bandOptions(enums.data?.community_bands)}
                  value={filters.personReached}
                  onChange={(values) => update({ personReached: values as CommunityBand[] })}
                  clearable
                />
              </Stack>
            </Collapse>

            <Button type="submit" fullWidth>
              {t('filters.refine')}
            </Button>
            <Anchor component="button" type="button" onClick={reset} ta="center" size="sm">
              {t('filters.reset')}
            </Anchor>
          </Stack>
        </form>
      </Collapse>
    </Paper>
  );
}
