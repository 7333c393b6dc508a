import type { SearchOrder } from '@clipmarket/contracts/discovery';
import type { SizeBand } from '@clipmarket/contracts/enums';
import type { CommunityBand, EngagementBand } from '@clipmarket/contracts/reference-data';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ChoiceField } from '../../../components/choice-field/choice-field';
import { CheckboxChoices } from '../../../components/checkbox-choices';
import { SegmentedChoice } from '../../../components/segmented-choice';
import { IconAdjustments, IconChevronDown, IconSearch } from '../../../components/icons';
import { useMe } from '../../../lib/me';
import { useCategories, useCountries, useReferenceEnums } from '../../../lib/reference-data';
import { isAdvertiser } from '../../../lib/roles';
import {
  buildAgeOptions,
  countActiveFilters,
  keepCitiesOf,
  rebuildAges,
  searchOrderValues,
  type DiscoveryFilters,
  type Platform,
} from '../filter-state';
import { CityFilter } from './city-filter';

export interface FilterPanelProps {
  /** The filters being edited (the page keeps them, saves them and restores them). */
  filters: DiscoveryFilters;
  /** Every change, so the page can save filters as they change (spec §4). */
  onChange: (filters: DiscoveryFilters) => void;
  /** Refine: the search runs with these filters. */
  onRefine: (filters: DiscoveryFilters) => void;
  /** Reset all filters: the page clears its filters and its results (spec §4). */
  onReset: () => void;
  /** A search is on its way: Refine shows it. */
  isSearching?: boolean;
  /** Above the filters: the search quota. */
  status?: ReactNode;
  /** Under the buttons: recent searches. */
  footer?: ReactNode;
  defaultOpened?: boolean;
  /**
   * `panel` (wide screens): a collapsible side panel. `drawer` (phones): the form alone, for
   * the drawer that holds it (its title names it).
   */
  variant?: 'panel' | 'drawer';
}

/**
 * Search filters for advertisers (spec §2 "Filter panel"), on the inline-end side of the
 * search screens. Creators and visitors never see it (spec §6).
 */
export function FilterPanel(props: FilterPanelProps) {
  const me = useMe();
  if (!me.data || me.data.isVisitor || !isAdvertiser(me.data.role)) return null;
  return <FilterPanelBody {...props} />;
}

function FilterPanelBody({
  filters,
  onChange,
  onRefine,
  onReset,
  isSearching = false,
  status,
  footer,
  defaultOpened = true,
  variant = 'panel',
}: FilterPanelProps) {
  const { t } = useTranslation(['discovery', 'pages']);
  const ids = useId();
  const [opened, panel] = useDisclosure(defaultOpened);
  const [advancedOpened, advanced] = useDisclosure(false);
  const enums = useReferenceEnums();
  const categories = useCategories();
  const countries = useCountries();

  const update = (patch: Partial<DiscoveryFilters>) => onChange({ ...filters, ...patch });

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
  const orderOptions = useMemo(
    () => searchOrderValues.map((value) => ({ value, label: t(`filters.orders.${value}`) })),
    [t],
  );
  const platformOptions = enums.data?.platforms ?? [
    { value: 'instagram', label: t('pages:platforms.instagram') },
    { value: 'tiktok', label: t('pages:platforms.tiktok') },
  ];
  const countryLabel = (code: string) =>
    countries.data?.find((c) => c.value === code)?.label ?? code;
  const bandOptions = (list: readonly { value: string; label: string }[] | undefined) =>
    (list ?? []).map(({ value, label }) => ({ value, label }));

  const active = countActiveFilters(filters);
  const bodyId = `${ids}-body`;
  const advancedId = `${ids}-advanced`;
  const platformLabelId = `${ids}-platform`;

  const form = (
    <form
      id={bodyId}
      noValidate
      role="search"
      aria-label={t('filters.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        onRefine(filters);
      }}
    >
      <Stack gap="md" mt={variant === 'drawer' ? 0 : 'md'}>
        {status}

        <TextInput
          type="search"
          label={t('filters.query')}
          placeholder={t('filters.queryPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.q}
          maxLength={100}
          onChange={(event) => update({ q: event.currentTarget.value })}
        />

        <Stack gap={4}>
          <Text size="sm" fw={500} id={platformLabelId}>
            {t('filters.platform')}
          </Text>
          <SegmentedChoice
            labelledBy={platformLabelId}
            value={filters.platform}
            onChange={(platform) => update({ platform: platform as Platform })}
            data={platformOptions}
          />
        </Stack>

        <ChoiceField
          multiple
          label={t('filters.categories')}
          placeholder={t('filters.searchPlaceholder')}
          data={categoryOptions}
          value={filters.categories.map(String)}
          onChange={(values) => update({ categories: values.map(Number) })}
          searchable
          clearable
          nothingFoundMessage={t('filters.nothingFound')}
        />

        <CheckboxChoices
          label={t('filters.gender')}
          value={filters.gender}
          onChange={(gender) => update({ gender, age: rebuildAges(filters.age, gender) })}
          data={enums.data?.genders ?? []}
        />

        <ChoiceField
          multiple
          label={t('filters.age')}
          placeholder={t('filters.choose')}
          data={ageOptions}
          value={filters.age}
          onChange={(age) => update({ age })}
          clearable
        />

        <ChoiceField
          multiple
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

        <ChoiceField
          multiple
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
        {/* Shown and hidden without Mantine's Collapse: the code of its height animation
            (~3 KB) weighed on the brand's first screen (first-load budget, ADR 029). */}
        <div id={advancedId} hidden={!advancedOpened}>
          <Stack gap="md">
            <ChoiceField
              multiple
              label={t('filters.origin')}
              placeholder={t('filters.searchPlaceholder')}
              data={countryOptions}
              value={filters.origin}
              onChange={(origin) => update({ origin })}
              searchable
              clearable
              nothingFoundMessage={t('filters.nothingFound')}
            />
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
                  onChange={(cities) => update({ city: { ...filters.city, [country]: cities } })}
                />
              ))
            )}
            <ChoiceField
              multiple
              label={t('filters.engagement')}
              placeholder={t('filters.choose')}
              data={bandOptions(enums.data?.engagement_bands)}
              value={filters.engagementRate}
              onChange={(values) => update({ engagementRate: values as EngagementBand[] })}
              clearable
            />
            <ChoiceField
              multiple
              label={t('filters.community')}
              placeholder={t('filters.choose')}
              data={bandOptions(enums.data?.community_bands)}
              value={filters.personReached}
              onChange={(values) => update({ personReached: values as CommunityBand[] })}
              clearable
            />
          </Stack>
        </div>

        <ChoiceField
          label={t('filters.orderBy')}
          data={orderOptions}
          value={filters.order_by}
          onChange={(value) => update({ order_by: value as SearchOrder })}
        />

        <Button type="submit" fullWidth loading={isSearching}>
          {t('filters.refine')}
        </Button>
        <Anchor component="button" type="button" onClick={onReset} ta="center" size="sm">
          {t('filters.reset')}
        </Anchor>
        {footer}
      </Stack>
    </form>
  );
  if (variant === 'drawer') return form;

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
                <Badge size="sm" circle aria-label={t('filters.activeCount', { total: active })}>
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

      <div hidden={!opened}>{form}</div>
    </Paper>
  );
}
