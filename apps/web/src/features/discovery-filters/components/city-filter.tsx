import { MultiSelect } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStates } from '../api/get-states';

export interface CityFilterProps {
  country: string;
  countryLabel: string;
  value: string[];
  onChange: (cities: string[]) => void;
}

/** Cities of one chosen country, loaded for that country (spec §2 advanced filters). */
export function CityFilter({ country, countryLabel, value, onChange }: CityFilterProps) {
  const { t } = useTranslation('pages');
  const states = useStates(country);
  const data = useMemo(() => {
    const names = new Set((states.data ?? []).map((state) => state.name));
    // A chosen city stays visible even if the list is still loading or changed.
    for (const name of value) names.add(name);
    return [...names].map((name) => ({ value: name, label: name }));
  }, [states.data, value]);
  return (
    <MultiSelect
      label={t('filters.cityOf', { country: countryLabel })}
      placeholder={states.isPending ? t('filters.loading') : t('filters.searchPlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('filters.nothingFound')}
      disabled={states.isError && data.length === 0}
    />
  );
}
