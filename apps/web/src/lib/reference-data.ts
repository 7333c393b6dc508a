import type {
  BusinessSector,
  Category,
  Country,
  CountryState,
  ReferenceEnums,
} from '@clipmarket/contracts/reference-data';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from './use-translation';
import { apiRequest } from './api-client';
import { type ReferenceLanguage, toReferenceLanguage } from './reference-language';

/**
 * Reference data (spec §7) shared by several features: settings, filter panel, showcase.
 * The lists never change while the app runs, so they are fetched once per language.
 */

export type { ReferenceLanguage };

export function useReferenceLanguage(): ReferenceLanguage {
  const { i18n } = useTranslation();
  return toReferenceLanguage(i18n.language);
}

async function getReference<T>(path: string, language: ReferenceLanguage, signal?: AbortSignal) {
  const body = await apiRequest<{ data: T }>(path, {
    signal,
    headers: { 'accept-language': language },
  });
  return body.data;
}

function useReferenceQuery<T>(name: string, path: string, enabled: boolean) {
  const language = useReferenceLanguage();
  return useQuery({
    queryKey: ['reference', name, language],
    queryFn: ({ signal }) => getReference<T>(path, language, signal),
    staleTime: Infinity,
    enabled,
  });
}

/** GET /v2/category/find */
export const useCategories = (enabled = true) =>
  useReferenceQuery<Category[]>('categories', '/category/find', enabled);

/**
 * Category names by id in the interface language: the one category label map of the web
 * (creator cards, recent searches). Empty until the list has loaded; an id it does not know
 * is left to the caller (a card falls back to the label the server sent).
 */
export function useCategoryLabels(): ReadonlyMap<number, string> {
  const categories = useCategories();
  return useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.category_id, c.label])),
    [categories.data],
  );
}

/** GET /v2/country/find */
export const useCountries = (enabled = true) =>
  useReferenceQuery<Country[]>('countries', '/country/find', enabled);

/** GET /v2/business-sector/find */
export const useBusinessSectors = (enabled = true) =>
  useReferenceQuery<BusinessSector[]>('business-sectors', '/business-sector/find', enabled);

/** GET /v2/reference/enums: genders, ages, platforms and search bands with labels. */
export const useReferenceEnums = (enabled = true) =>
  useReferenceQuery<ReferenceEnums>('enums', '/reference/enums', enabled);

/**
 * GET /v2/country/states/{country}: the cities of one country, keyed by country so that
 * another country loads its own list (spec §4). Spec §7 acts only on a 200: a failure
 * leaves the list empty (query in error state). `languageOverride` asks for names in
 * another language than the interface's.
 */
export function useStates(
  country: string | null | undefined,
  languageOverride?: ReferenceLanguage,
) {
  const interfaceLanguage = useReferenceLanguage();
  const language = languageOverride ?? interfaceLanguage;
  return useQuery({
    queryKey: ['reference', 'states', country, language],
    queryFn: ({ signal }) =>
      getReference<CountryState[]>(
        `/country/states/${encodeURIComponent(country as string)}`,
        language,
        signal,
      ),
    enabled: Boolean(country),
    staleTime: Infinity,
  });
}

/**
 * The cities of a country as select options. The stored value is the English name, as
 * everywhere in the product (profiles, search filters); the label is the name in the
 * interface language, matched by ISO code. Chosen cities missing from the list stay
 * selectable, so a saved value is never shown blank.
 */
export function useCityOptions(country: string | null | undefined, chosen: readonly string[]) {
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
    return {
      options: [...options].map(([value, label]) => ({ value, label })),
      isLoading: english.isLoading || localized.isLoading,
      isError: english.isError,
    };
  }, [
    english.data,
    english.isLoading,
    english.isError,
    localized.data,
    localized.isLoading,
    chosenKey,
  ]);
}

/** A stored (English) city name in the interface language. */
export function useCityName(country: string | null | undefined, city: string | null | undefined) {
  const { options } = useCityOptions(country, city ? [city] : []);
  return city ? (options.find((o) => o.value === city)?.label ?? city) : null;
}
