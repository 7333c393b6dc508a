import { useMemo } from 'react';
import { useBusinessSectors } from '../api/get-business-sectors';
import { useCategories } from '../api/get-categories';
import { useCountries } from '../api/get-countries';
import { useStates } from '../api/get-states';
import { normalizePrefix } from './settings-form';

export interface Option<V extends string | number = string> {
  value: V;
  label: string;
}

/** Countries and the phone prefixes they carry (one option per distinct prefix). */
export function useCountryOptions() {
  const countries = useCountries();
  return useMemo(() => {
    const list = countries.data ?? [];
    const countryOptions: Option[] = list.map((c) => ({ value: c.value, label: c.label }));
    const seen = new Set<string>();
    const prefixOptions: Option[] = [];
    for (const c of list) {
      const prefix = normalizePrefix(c.prefix);
      if (!prefix || seen.has(prefix)) continue;
      seen.add(prefix);
      prefixOptions.push({ value: prefix, label: prefix });
    }
    prefixOptions.sort((a, b) => Number(a.value.slice(1)) - Number(b.value.slice(1)));
    return { countryOptions, prefixOptions, isLoading: countries.isLoading };
  }, [countries.data, countries.isLoading]);
}

/**
 * Cities (states) of a country. The stored value is the English name, as everywhere else in
 * the product (discovery filters match on it); the label is the name in the interface language,
 * matched by ISO code. Chosen cities missing from the list stay selectable, so a saved value
 * is never shown blank.
 */
export function useCityOptions(country: string | null, chosen: readonly string[]) {
  const english = useStates(country, 'en');
  const localized = useStates(country);
  const chosenKey = chosen.join('\u0000');
  return useMemo(() => {
    const labels = new Map((localized.data ?? []).map((s) => [s.isoCode, s.name]));
    const options = new Map<string, string>();
    for (const state of english.data ?? []) {
      if (!options.has(state.name))
        options.set(state.name, labels.get(state.isoCode) ?? state.name);
    }
    for (const name of chosenKey ? chosenKey.split('\u0000') : []) {
      if (!options.has(name)) options.set(name, name);
    }
    const list: Option[] = [...options].map(([value, label]) => ({ value, label }));
    return { options: list, isLoading: english.isLoading || localized.isLoading };
  }, [english.data, english.isLoading, localized.data, localized.isLoading, chosenKey]);
}

export function useCategoryOptions(enabled = true) {
  const categories = useCategories(enabled);
  return useMemo(
    () =>
      (categories.data ?? []).map((c): Option<number> => ({
        value: c.category_id,
        label: c.label,
      })),
    [categories.data],
  );
}

export function useBusinessSectorOptions(enabled = true) {
  const sectors = useBusinessSectors(enabled);
  return useMemo(
    () =>
      (sectors.data ?? []).map((s): Option<number> => ({
        value: s.business_sector_id,
        label: s.label,
      })),
    [sectors.data],
  );
}
