import { createRequire } from 'node:module';
import type {
  City,
  Country,
  CountryState,
  ReferenceLanguage,
} from '@clipmarket/contracts/reference-data';
import type { Country as WorldCountry } from 'world-countries';

/**
 * Countries, subdivisions and cities from installed data packages, never typed by hand:
 * - world-countries: names (en, fra, ara), ISO codes, dialling codes, regions, flags;
 * - iso3166-2-db: ISO 3166-2 subdivisions with names in en, fr and ar (it has all 24 Tunisian
 *   governorates, which country-state-city does not: it lacks Nabeul and mislabels Béja);
 * - country-state-city: subdivisions elsewhere and their cities (loaded on first use: large).
 * Every answer is computed once per language and kept in memory.
 */

const require = createRequire(import.meta.url);
// Through require: the package's ESM entry re-exports JSON without an import attribute,
// which Node refuses when a bundler-style runner (Vitest) picks that entry.
const worldCountries = require('world-countries') as WorldCountry[];

export const HOME_COUNTRY = 'TN';

const translationKey: Record<ReferenceLanguage, 'fra' | 'ara' | null> = {
  en: null,
  fr: 'fra',
  ar: 'ara',
};

const collators = new Map<ReferenceLanguage, Intl.Collator>();
function collatorFor(language: ReferenceLanguage): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: 'base' });
    collators.set(language, collator);
  }
  return collator;
}

/** Dialling prefix: root plus the suffix when there is exactly one (`+216`; NANP gives `+1`). */
function dialPrefix(idd: { root: string; suffixes: string[] }): string {
  if (!idd.root) return '';
  return idd.suffixes.length === 1 ? `${idd.root}${idd.suffixes[0]}` : idd.root;
}

const countriesByLanguage = new Map<ReferenceLanguage, Country[]>();
const knownCountryCodes = new Set(worldCountries.map((c) => c.cca2));

export function isKnownCountry(code: string): boolean {
  return knownCountryCodes.has(code);
}

/** All countries, the home market first, then by label in the language's collation. */
export function listCountries(language: ReferenceLanguage): Country[] {
  const cached = countriesByLanguage.get(language);
  if (cached) return cached;
  const key = translationKey[language];
  const collator = collatorFor(language);
  const list = worldCountries
    .map((c): Country => ({
      label: (key && c.translations[key]?.common) || c.name.common,
      value: c.cca2,
      iso_3: c.cca3,
      icon: c.flag,
      prefix: dialPrefix(c.idd),
      region: c.region,
      sub_region: c.subregion,
    }))
    .sort((a, b) => {
      if (a.value === HOME_COUNTRY) return -1;
      if (b.value === HOME_COUNTRY) return 1;
      return collator.compare(a.label, b.label);
    });
  countriesByLanguage.set(language, list);
  return list;
}

interface Iso3166Region {
  name: string;
  iso: string;
}

const isoDbLanguage: Record<ReferenceLanguage, string> = { en: 'en', fr: 'fr', ar: 'ar' };

/** ISO 3166-2 subdivisions of a country in a language (UN point of view), or null. */
function loadIsoRegions(country: string, language: ReferenceLanguage): Iso3166Region[] | null {
  for (const file of [
    `iso3166-2-db/regions/${country}/dispute/UN/${isoDbLanguage[language]}.json`,
    `iso3166-2-db/regions/${country}/${isoDbLanguage[language]}.json`,
  ]) {
    try {
      return require(file) as Iso3166Region[];
    } catch {
      // Not every country has every file: try the next one.
    }
  }
  return null;
}

/** "Tunis Governorate" / "Gouvernorat de l'Ariana" / "ولاية تونس" → the governorate's name. */
function shortGovernorateName(name: string): string {
  return name
    .replace(/\s+Governorate$/u, '')
    .replace(/^Gouvernorat\s+(de\s+l['’]|de\s+la\s+|du\s+|de\s+)/u, '')
    .replace(/^ولاية\s+/u, '')
    .trim();
}

type CountryStateCity = typeof import('country-state-city');
let countryStateCity: Promise<CountryStateCity> | null = null;
function loadCountryStateCity(): Promise<CountryStateCity> {
  countryStateCity ??= import('country-state-city');
  return countryStateCity;
}

const statesCache = new Map<string, CountryState[]>();

/**
 * Subdivisions of a known country. Tunisia: the 24 governorates from iso3166-2-db.
 * Elsewhere: country-state-city's list (its codes key the cities), names localized from
 * iso3166-2-db where the ISO code matches.
 */
export async function listStates(
  country: string,
  language: ReferenceLanguage,
): Promise<CountryState[]> {
  const cacheKey = `${country}:${language}`;
  const cached = statesCache.get(cacheKey);
  if (cached) return cached;
  let states: CountryState[];
  if (country === HOME_COUNTRY) {
    states = (loadIsoRegions(country, language) ?? []).map((r) => ({
      isoCode: r.iso,
      name: shortGovernorateName(r.name),
    }));
  } else {
    const { State } = await loadCountryStateCity();
    const localized = new Map(
      (language === 'en' ? [] : (loadIsoRegions(country, language) ?? [])).map((r) => [
        r.iso,
        r.name,
      ]),
    );
    states = State.getStatesOfCountry(country).map((s) => ({
      isoCode: s.isoCode,
      name: localized.get(s.isoCode) ?? s.name,
    }));
  }
  const collator = collatorFor(language);
  states.sort((a, b) => collator.compare(a.name, b.name));
  statesCache.set(cacheKey, states);
  return states;
}

/** Accent-, case- and punctuation-blind form, to drop the source's near-duplicates. */
function normalizedName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

const citiesCache = new Map<string, City[]>();

/**
 * Cities of a subdivision (null when the subdivision is unknown), from country-state-city.
 * A Tunisian governorate the source has no city for still offers its seat, which carries
 * the governorate's name.
 */
export async function listCities(country: string, state: string): Promise<City[] | null> {
  const cacheKey = `${country}:${state}`;
  const cached = citiesCache.get(cacheKey);
  if (cached) return cached;
  const english = await listStates(country, 'en');
  const subdivision = english.find((s) => s.isoCode === state);
  if (!subdivision) return null;
  const { City } = await loadCountryStateCity();
  const seen = new Set<string>();
  const cities: City[] = [];
  for (const city of City.getCitiesOfState(country, state)) {
    const key = normalizedName(city.name);
    if (seen.has(key)) continue;
    seen.add(key);
    cities.push({ name: city.name });
  }
  if (country === HOME_COUNTRY && cities.length === 0) cities.push({ name: subdivision.name });
  const collator = collatorFor('en');
  cities.sort((a, b) => collator.compare(a.name, b.name));
  citiesCache.set(cacheKey, cities);
  return cities;
}
