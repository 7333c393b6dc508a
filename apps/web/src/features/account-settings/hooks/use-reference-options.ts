import { useMemo } from 'react';
import { useBusinessSectors, useCategories, useCountries } from '../../../lib/reference-data';
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
