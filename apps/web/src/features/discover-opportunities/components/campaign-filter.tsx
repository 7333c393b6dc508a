import {
  Anchor,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { ChoiceField } from '../../../components/choice-field/choice-field';
import { IconAdjustments, IconChevronDown } from '../../../components/icons';
import { useCategories, useCityOptions, useCountries } from '../../../lib/reference-data';
import { useTranslation } from '../../../lib/use-translation';
import { countActiveFilters, emptyFilters, type OpportunityFilters } from '../filter-state';

const toDinars = (millimes: number | null) => (millimes === null ? '' : millimes / 1000);
const toMillimes = (dinars: number | string) =>
  typeof dinars === 'number' && Number.isFinite(dinars) ? Math.round(dinars) * 1000 : null;

/** Cross-field problems of the filter (each shown under the later field). */
function problemsOf(filters: OpportunityFilters) {
  return {
    maxPrice:
      filters.minPrice !== null && filters.maxPrice !== null && filters.maxPrice < filters.minPrice,
    endDate:
      filters.startDate !== null && filters.endDate !== null && filters.endDate < filters.startDate,
  };
}

/**
 * Spec §3 "Campaign filter for creators": categories, country and its cities, the dates the
 * application deadline falls between, and the price band. "Apply filters" runs the search
 * (the page writes it into the address); "Reset all filters" clears them.
 */
export function CampaignFilter({
  filters,
  filtersKey,
  onApply,
  onReset,
  defaultOpened,
}: {
  /** The filters of the address: the form starts from them. */
  filters: OpportunityFilters;
  /** Changes with the address's filters: the form starts again from them (reset, back). */
  filtersKey: string;
  onApply: (filters: OpportunityFilters) => void;
  onReset: () => void;
  /** Open on wide screens, closed on phones until its button is pressed. */
  defaultOpened: boolean;
}) {
  const { t } = useTranslation('discover-opportunities');
  const ids = useId();
  const [opened, setOpened] = useState<boolean | null>(null);
  const isOpen = opened ?? defaultOpened;
  const [draft, setDraft] = useState<OpportunityFilters>(filters);
  // Not a new form (the focus stays where it is): its values follow the address.
  const [seenKey, setSeenKey] = useState(filtersKey);
  if (seenKey !== filtersKey) {
    setSeenKey(filtersKey);
    setDraft(filters);
  }
  const [showProblems, setShowProblems] = useState(false);
  const categories = useCategories();
  const countries = useCountries();
  const cities = useCityOptions(draft.country, draft.cities);

  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((c) => ({ value: String(c.category_id), label: c.label })),
    [categories.data],
  );
  const countryOptions = useMemo(
    () => [
      { value: '', label: t('filters.anyCountry') },
      ...(countries.data ?? []).map((c) => ({ value: c.value, label: `${c.icon} ${c.label}` })),
    ],
    [countries.data, t],
  );
  const update = (patch: Partial<OpportunityFilters>) => setDraft({ ...draft, ...patch });
  const problems = problemsOf(draft);
  const active = countActiveFilters(filters);
  const bodyId = `${ids}-body`;
  const titleId = `${ids}-title`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.maxPrice || problems.endDate) {
      setShowProblems(true);
      return;
    }
    setShowProblems(false);
    onApply(draft);
  };

  return (
    <Paper component="aside" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        <UnstyledButton
          onClick={() => setOpened(!isOpen)}
          aria-expanded={isOpen}
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
              style={{ transform: isOpen ? 'rotate(180deg)' : undefined }}
            />
          </Group>
        </UnstyledButton>
      </Title>
      <div id={bodyId} hidden={!isOpen}>
        <form noValidate role="search" aria-label={t('filters.formLabel')} onSubmit={submit}>
          <Stack gap="md" mt="md">
            <ChoiceField
              multiple
              label={t('filters.categories')}
              placeholder={t('filters.searchPlaceholder')}
              data={categoryOptions}
              value={draft.categoryIds.map(String)}
              onChange={(values) => update({ categoryIds: values.map(Number) })}
              searchable
              clearable
              nothingFoundMessage={t('filters.nothingFound')}
            />
            <ChoiceField
              label={t('filters.country')}
              placeholder={t('filters.searchPlaceholder')}
              data={countryOptions}
              value={draft.country ?? ''}
              // Another country has other cities: the chosen ones go.
              onChange={(value) =>
                update({
                  country: value || null,
                  cities: value === draft.country ? draft.cities : [],
                })
              }
              searchable
              nothingFoundMessage={t('filters.nothingFound')}
            />
            <ChoiceField
              multiple
              label={t('filters.cities')}
              placeholder={
                draft.country
                  ? cities.isLoading
                    ? t('filters.loading')
                    : t('filters.searchPlaceholder')
                  : t('filters.chooseCountryFirst')
              }
              data={cities.options}
              value={draft.cities}
              onChange={(values) => update({ cities: values })}
              searchable
              clearable
              disabled={!draft.country}
              nothingFoundMessage={t('filters.nothingFound')}
            />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                type="date"
                label={t('filters.startDate')}
                value={draft.startDate ?? ''}
                onChange={(event) => update({ startDate: event.currentTarget.value || null })}
              />
              <TextInput
                type="date"
                label={t('filters.endDate')}
                value={draft.endDate ?? ''}
                min={draft.startDate ?? undefined}
                onChange={(event) => update({ endDate: event.currentTarget.value || null })}
                error={showProblems && problems.endDate ? t('filters.dateOrder') : undefined}
              />
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="sm">
              <NumberInput
                label={t('filters.minPrice')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={toDinars(draft.minPrice)}
                onChange={(value) => update({ minPrice: toMillimes(value) })}
              />
              <NumberInput
                label={t('filters.maxPrice')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={toDinars(draft.maxPrice)}
                onChange={(value) => update({ maxPrice: toMillimes(value) })}
                error={showProblems && problems.maxPrice ? t('filters.priceOrder') : undefined}
              />
            </SimpleGrid>
            <Button type="submit" fullWidth>
              {t('filters.apply')}
            </Button>
            <Anchor
              component="button"
              type="button"
              ta="center"
              size="sm"
              onClick={() => {
                setDraft(emptyFilters);
                setShowProblems(false);
                onReset();
              }}
            >
              {t('filters.reset')}
            </Anchor>
          </Stack>
        </form>
      </div>
    </Paper>
  );
}
