import { followersRangeOf, type SearchFilters } from '@clipmarket/contracts/discovery';
import { genders, sizeBands } from '@clipmarket/contracts/enums';
import {
  communityBands,
  communityBandValues,
  engagementBands,
  engagementBandValues,
  sizeBandValues,
} from '@clipmarket/contracts/reference-data';
import type { BandFilter, Gender, NumberRange, SearchCriteria } from './search.repository.js';

/** Words of the free text that are matched; further words are ignored. */
const MAX_QUERY_WORDS = 8;

export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** The values of `chosen` in the reference order of `all`. */
function inOrderOf<T>(chosen: readonly T[], all: readonly T[]): T[] {
  return all.filter((value) => chosen.includes(value));
}

/**
 * One spelling per search, so that history compares like with like and a cursor stays valid
 * for the same search asked in another order: lists deduplicated and sorted, cities without
 * any chosen city dropped, an empty text removed.
 */
export function canonicalFilters(filters: SearchFilters): SearchFilters {
  const city: Record<string, string[]> = {};
  for (const country of Object.keys(filters.city).sort()) {
    const cities = unique(filters.city[country] ?? []).sort();
    if (cities.length > 0) city[country] = cities;
  }
  const q = filters.q?.trim();
  return {
    platform: filters.platform,
    categories: unique(filters.categories).sort((a, b) => a - b),
    gender: inOrderOf(filters.gender, genders),
    age: unique(filters.age).sort(),
    origin: unique(filters.origin).sort(),
    residence: unique(filters.residence).sort(),
    city,
    followersCount: inOrderOf(filters.followersCount, sizeBandValues),
    engagementRate: inOrderOf(filters.engagementRate, engagementBandValues),
    personReached: inOrderOf(filters.personReached, communityBandValues),
    order_by: filters.order_by,
    ...(q ? { q } : {}),
  };
}

/**
 * Chosen bands as the repository reads them: their ordinals in the contract's list (the
 * generated band columns) and their ranges (max exclusive, as the engagement and community
 * bands are written; size bands pass their own, whose max is inclusive).
 */
function bandFilterOf<Value extends string>(
  selected: readonly Value[],
  bands: readonly { value: Value; min: number; max: number | null }[],
  rangeOf: (value: Value) => NumberRange = (value) => {
    const { min, max } = bands.find((band) => band.value === value)!;
    return { min, max };
  },
): BandFilter {
  const ordinals = bands.flatMap((band, ordinal) =>
    selected.includes(band.value) ? [ordinal] : [],
  );
  return { ordinals, ranges: ordinals.map((ordinal) => rangeOf(bands[ordinal]!.value)) };
}

/**
 * Spec §3 filters as query criteria. Values of one filter are alternatives (OR), filters
 * combine (AND). Ages: a plain band (`25-35`) matches any gender, a tied band (`F:18-25`)
 * only that gender, so "women 18-25 and men 25-35" can be asked for. Residence: a country
 * with chosen cities matches only those cities, a country without any matches all of them;
 * a country that only appears in `city` counts as a chosen residence.
 */
export function criteriaOf(
  filters: SearchFilters,
): Omit<SearchCriteria, 'words' | 'after' | 'limit'> {
  const plainAges: string[] = [];
  const tied = new Map<Gender, string[]>();
  for (const value of filters.age) {
    const [gender, band] = value.includes(':') ? value.split(':') : [null, value];
    if (!band) continue;
    if (gender === 'F' || gender === 'M') tied.set(gender, [...(tied.get(gender) ?? []), band]);
    else plainAges.push(band);
  }
  const residence = unique([...filters.residence, ...Object.keys(filters.city)]);
  return {
    platform: filters.platform,
    categoryIds: filters.categories,
    genders: filters.gender,
    plainAges,
    agesByGender: [...tied].map(([gender, ages]) => ({ gender, ages })),
    origins: filters.origin,
    anyCityCountries: residence.filter((country) => !filters.city[country]?.length),
    citiesByCountry: Object.entries(filters.city).map(([country, cities]) => ({
      country,
      cities,
    })),
    followers: bandFilterOf(filters.followersCount, sizeBands, followersRangeOf),
    engagement: bandFilterOf(filters.engagementRate, engagementBands),
    reached: bandFilterOf(filters.personReached, communityBands),
    order: filters.order_by,
  };
}

/** Words of the folded text; a leading "@" (as usernames are often written) is not part of it. */
export function wordsOf(normalized: string): string[] {
  return unique(
    normalized
      .split(' ')
      .map((word) => word.replace(/^@+/, ''))
      .filter((word) => word.length > 0),
  ).slice(0, MAX_QUERY_WORDS);
}
