import type { SearchFiltersInput, SearchOrder } from '@clipmarket/contracts/discovery';
import { normalizeAgeBand } from '@clipmarket/contracts/age-bands';
import type { ageIntervals, genders, platforms, SizeBand } from '@clipmarket/contracts/enums';
import type { CommunityBand, EngagementBand } from '@clipmarket/contracts/reference-data';

export type Gender = (typeof genders)[number];
export type AgeInterval = (typeof ageIntervals)[number];
export type Platform = (typeof platforms)[number];

/**
 * Search filters of spec §3 ("Search filters"); wire names kept. The lists of allowed values
 * below repeat contracts' enums on purpose: importing the contract module's values would
 * bundle zod into the discovery screens.
 */
export interface DiscoveryFilters {
  platform: Platform;
  categories: number[];
  gender: Gender[];
  /** `18-25` while no gender is chosen; `F:18-25` / `M:18-25` once one is (grouped ages). */
  age: string[];
  /** Countries of origin, 2-letter codes. */
  origin: string[];
  /** Countries of residence, 2-letter codes. */
  residence: string[];
  /** Chosen cities (stored English names) per country of residence. */
  city: Record<string, string[]>;
  followersCount: SizeBand[];
  engagementRate: EngagementBand[];
  personReached: CommunityBand[];
  order_by: SearchOrder;
  /** Free text on names and usernames. */
  q: string;
}

export const emptyFilters: DiscoveryFilters = {
  platform: 'instagram',
  categories: [],
  gender: [],
  age: [],
  origin: [],
  residence: [],
  city: {},
  followersCount: [],
  engagementRate: [],
  personReached: [],
  order_by: 'followers_count',
  q: '',
};

/** Spec §9 order: followers count (default), average video views, engagement rate. */
export const searchOrderValues: readonly SearchOrder[] = [
  'followers_count',
  'avg_video_views',
  'engagement_rate',
];
const platformValues: readonly Platform[] = ['instagram', 'tiktok'];
const genderValues: readonly Gender[] = ['F', 'M'];
const ageValues: readonly string[] = ['18-25', '25-35', '35-45', '45+'];
const sizeBandValues: readonly SizeBand[] = ['nano', 'micro', 'mid-tier', 'macro', 'mega'];
const engagementValues: readonly EngagementBand[] = ['0.5-1', '1-3', '3-6', '6-10', '10+'];
const communityValues: readonly CommunityBand[] = [
  '0-5k',
  '5k-10k',
  '10k-50k',
  '50k-100k',
  '100k+',
];

export interface Option {
  value: string;
  label: string;
}
export interface OptionGroup {
  group: string;
  items: Option[];
}

const genderedAge = (gender: Gender, age: string) => `${gender}:${age}`;
const bareAge = (value: string) => value.replace(/^[FM]:/, '');

/**
 * Age options: a flat list while no gender is chosen; once genders are chosen, one group per
 * gender (woman, man) so "women 18-25 and men 25-35" can be asked for (spec §2).
 */
export function buildAgeOptions(
  chosenGenders: readonly Gender[],
  ages: readonly Option[],
  groupLabel: (gender: Gender) => string,
): Option[] | OptionGroup[] {
  if (chosenGenders.length === 0) return ages.map((age) => ({ ...age }));
  const order: Gender[] = ['F', 'M'];
  return order
    .filter((gender) => chosenGenders.includes(gender))
    .map((gender) => ({
      group: groupLabel(gender),
      items: ages.map((age) => ({ value: genderedAge(gender, age.value), label: age.label })),
    }));
}

/**
 * Chosen ages after a gender change (spec §4 "changing gender rebuilds age options"): ages
 * of a gender no longer chosen are dropped; plain ages spread to every chosen gender; when
 * the last gender goes, gendered ages fold back to plain ones.
 */
export function rebuildAges(selected: readonly string[], nextGenders: readonly Gender[]): string[] {
  const result = new Set<string>();
  for (const value of selected) {
    const match = /^([FM]):(.+)$/.exec(value);
    if (nextGenders.length === 0) {
      result.add(bareAge(value));
    } else if (match) {
      if (nextGenders.includes(match[1] as Gender)) result.add(value);
    } else {
      for (const gender of nextGenders) result.add(genderedAge(gender, value));
    }
  }
  return [...result];
}

/** Cities of countries no longer chosen are dropped (spec §4 "changing residence reloads cities"). */
export function keepCitiesOf(
  city: Record<string, string[]>,
  countries: readonly string[],
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(city).filter(([country]) => countries.includes(country)),
  );
}

export function countActiveFilters(filters: DiscoveryFilters): number {
  return (
    filters.categories.length +
    filters.gender.length +
    filters.age.length +
    filters.origin.length +
    filters.residence.length +
    Object.values(filters.city).reduce((sum, list) => sum + list.length, 0) +
    filters.followersCount.length +
    filters.engagementRate.length +
    filters.personReached.length +
    (filters.q.trim() ? 1 : 0)
  );
}

/**
 * The body of POST /search/influencers: exactly the spec's filter names (§3). Countries
 * without a chosen city are left out of `city`; an empty `q` is not sent.
 */
export function toSearchBody(filters: DiscoveryFilters): SearchFiltersInput {
  const city = Object.fromEntries(
    Object.entries(filters.city).filter(
      ([country, cities]) => cities.length > 0 && filters.residence.includes(country),
    ),
  );
  const q = filters.q.trim();
  return {
    platform: filters.platform,
    categories: filters.categories,
    gender: filters.gender,
    age: filters.age,
    origin: filters.origin,
    residence: filters.residence,
    city,
    followersCount: filters.followersCount,
    engagementRate: filters.engagementRate,
    personReached: filters.personReached,
    order_by: filters.order_by,
    ...(q ? { q } : {}),
  };
}

// Reading filters we did not write this session (local storage, search history): keep only
// values the search accepts, so an old or edited entry never breaks the page.
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
const pick = <T extends string>(value: unknown, allowed: readonly T[]): T[] => [
  ...new Set(asList(value).filter((v): v is T => allowed.includes(v as T))),
];
const countryCodes = (value: unknown) => [
  ...new Set(
    asList(value)
      .filter((v): v is string => typeof v === 'string' && /^[A-Za-z]{2}$/.test(v))
      .map((v) => v.toUpperCase()),
  ),
];

/** Filters from storage or a history entry, in the shape the panel edits. */
export function normalizeFilters(raw: unknown): DiscoveryFilters {
  if (raw === null || typeof raw !== 'object') return emptyFilters;
  const source = raw as Record<string, unknown>;
  const gender = pick(source.gender, genderValues);
  const age = asList(source.age)
    .filter((v): v is string => typeof v === 'string')
    .map(normalizeAgeBand)
    .filter((v) => {
      const match = /^(?:([FM]):)?(.+)$/.exec(v);
      return match !== null && ageValues.includes(match[2] ?? '');
    });
  const residence = countryCodes(source.residence);
  const city: Record<string, string[]> = {};
  if (source.city !== null && typeof source.city === 'object') {
    for (const [country, cities] of Object.entries(source.city as Record<string, unknown>)) {
      const code = country.toUpperCase();
      const names = asList(cities).filter(
        (name): name is string => typeof name === 'string' && name.trim() !== '',
      );
      if (residence.includes(code) && names.length > 0) city[code] = names;
    }
  }
  const order = String(source.order_by ?? '').replace(/^d\./, '') as SearchOrder;
  return {
    platform: pick(source.platform, platformValues)[0] ?? 'instagram',
    categories: [
      ...new Set(
        asList(source.categories)
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0),
      ),
    ],
    gender,
    // Ages follow the chosen genders, whatever the source held.
    age: rebuildAges(age, gender),
    origin: countryCodes(source.origin),
    residence,
    city,
    followersCount: pick(source.followersCount, sizeBandValues),
    engagementRate: pick(source.engagementRate, engagementValues),
    personReached: pick(source.personReached, communityValues),
    order_by: searchOrderValues.includes(order) ? order : 'followers_count',
    q: typeof source.q === 'string' ? source.q.slice(0, 100) : '',
  };
}

const storageKey = (userId: number) => `discovery.filters.${userId}`;
const clearedKey = (userId: number) => `discovery.cleared.${userId}`;

/**
 * Filters are saved as they change (spec §4), per user: a shared browser keeps them apart.
 * Null when this browser has none for the user (the page then takes the last search's).
 */
export function readSavedFilters(userId: number): DiscoveryFilters | null {
  try {
    const raw = localStorage.getItem(storageKey(userId));
    return raw ? normalizeFilters(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function saveFilters(userId: number, filters: DiscoveryFilters): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(filters));
  } catch {
    // Storage full or disabled (private mode): filters simply are not kept.
  }
}

/**
 * "Reset all filters" cleared the results (spec §4): coming back then shows none, instead of
 * the last search again, until the next search.
 */
export function wereResultsCleared(userId: number): boolean {
  try {
    return localStorage.getItem(clearedKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function markResultsCleared(userId: number, cleared: boolean): void {
  try {
    if (cleared) localStorage.setItem(clearedKey(userId), '1');
    else localStorage.removeItem(clearedKey(userId));
  } catch {
    // Storage disabled: the last search comes back after a reset too.
  }
}
