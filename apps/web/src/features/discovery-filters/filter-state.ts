import type { ageIntervals, genders, platforms, SizeBand } from '@clipmarket/contracts/enums';
import type { CommunityBand, EngagementBand } from '@clipmarket/contracts/reference-data';

export type Gender = (typeof genders)[number];
export type AgeInterval = (typeof ageIntervals)[number];
export type Platform = (typeof platforms)[number];

/** Search filters of spec §3 ("Search filters"); wire names kept. */
export interface DiscoveryFilters {
  platform: Platform;
  categories: number[];
  gender: Gender[];
  /** `18-25` while no gender is chosen; `F:18-25` / `M:18-25` once one is (grouped ages). */
  age: string[];
  /** Countries of residence, 2-letter codes. */
  residence: string[];
  /** Chosen cities per country of residence. */
  city: Record<string, string[]>;
  followersCount: SizeBand[];
  engagementRate: EngagementBand[];
  personReached: CommunityBand[];
}

export const emptyFilters: DiscoveryFilters = {
  platform: 'instagram',
  categories: [],
  gender: [],
  age: [],
  residence: [],
  city: {},
  followersCount: [],
  engagementRate: [],
  personReached: [],
};

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
    filters.residence.length +
    Object.values(filters.city).reduce((sum, list) => sum + list.length, 0) +
    filters.followersCount.length +
    filters.engagementRate.length +
    filters.personReached.length
  );
}
