import { ChoiceField } from '../../../components/choice-field/choice-field';
import { useTranslation } from '../../../lib/use-translation';
import { useCityOptions } from '../../../lib/reference-data';

export interface CityFilterProps {
  country: string;
  countryLabel: string;
  value: string[];
  onChange: (cities: string[]) => void;
}

/** Cities of one chosen country, loaded for that country (spec §2 advanced filters). */
export function CityFilter({ country, countryLabel, value, onChange }: CityFilterProps) {
  const { t } = useTranslation('discovery');
  // Values are the stored English names; labels follow the interface language.
  const cities = useCityOptions(country, value);
  return (
    <ChoiceField
      multiple
      label={t('filters.cityOf', { country: countryLabel })}
      placeholder={cities.isLoading ? t('filters.loading') : t('filters.searchPlaceholder')}
      data={cities.options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('filters.nothingFound')}
      disabled={cities.isError && cities.options.length === 0}
    />
  );
}
