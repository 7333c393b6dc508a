import { searchFiltersSchema } from '@clipmarket/contracts/discovery';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildAgeOptions,
  countActiveFilters,
  emptyFilters,
  keepCitiesOf,
  normalizeFilters,
  readSavedFilters,
  rebuildAges,
  saveFilters,
  toSearchBody,
} from './filter-state';
import { specFilterNames } from './test-data';

const ages = [
  { value: '18-25', label: '18-25' },
  { value: '25-35', label: '25-35' },
];
const groupLabel = (gender: 'F' | 'M') => (gender === 'F' ? 'Woman' : 'Man');

describe('age options', () => {
  it('are a flat list while no gender is chosen', () => {
    expect(buildAgeOptions([], ages, groupLabel)).toEqual(ages);
  });

  it('are grouped by woman then man once genders are chosen', () => {
    expect(buildAgeOptions(['M', 'F'], ages, groupLabel)).toEqual([
      {
        group: 'Woman',
        items: [
          { value: 'F:18-25', label: '18-25' },
          { value: 'F:25-35', label: '25-35' },
        ],
      },
      {
        group: 'Man',
        items: [
          { value: 'M:18-25', label: '18-25' },
          { value: 'M:25-35', label: '25-35' },
        ],
      },
    ]);
  });
});

describe('rebuildAges', () => {
  it('spreads plain ages to each chosen gender', () => {
    expect(rebuildAges(['18-25'], ['F', 'M'])).toEqual(['F:18-25', 'M:18-25']);
  });
  it('drops the ages of a gender no longer chosen', () => {
    expect(rebuildAges(['F:18-25', 'M:25-35'], ['M'])).toEqual(['M:25-35']);
  });
  it('folds gendered ages back to plain ones when no gender is left', () => {
    expect(rebuildAges(['F:18-25', 'M:18-25', 'M:25-35'], [])).toEqual(['18-25', '25-35']);
  });
});

describe('keepCitiesOf', () => {
  it('keeps only the cities of chosen countries', () => {
    expect(keepCitiesOf({ TN: ['Tunis'], FR: ['Paris'] }, ['TN'])).toEqual({ TN: ['Tunis'] });
  });
});

describe('countActiveFilters', () => {
  it('counts every chosen value but not the platform', () => {
    expect(countActiveFilters(emptyFilters)).toBe(0);
    expect(
      countActiveFilters({
        ...emptyFilters,
        platform: 'tiktok',
        gender: ['F'],
        city: { TN: ['Sfax'] },
      }),
    ).toBe(2);
  });
});

describe('toSearchBody', () => {
  it("sends exactly the spec's filter names, accepted by the contract", () => {
    const body = toSearchBody({
      ...emptyFilters,
      platform: 'tiktok',
      categories: [2],
      gender: ['F'],
      age: ['F:18-25'],
      origin: ['TN'],
      residence: ['TN', 'FR'],
      city: { TN: ['Sfax'], FR: [], DE: ['Berlin'] },
      followersCount: ['micro'],
      engagementRate: ['1-3'],
      personReached: ['5k-10k'],
      order_by: 'avg_video_views',
      q: '  sami ',
    });
    expect(Object.keys(body).sort()).toEqual([...specFilterNames].sort());
    // Only chosen countries with chosen cities; the text trimmed.
    expect(body.city).toEqual({ TN: ['Sfax'] });
    expect(body.q).toBe('sami');
    expect(searchFiltersSchema.safeParse(body).success).toBe(true);
  });

  it('leaves an empty text out', () => {
    expect(toSearchBody({ ...emptyFilters, q: '   ' })).not.toHaveProperty('q');
    expect(searchFiltersSchema.safeParse(toSearchBody(emptyFilters)).success).toBe(true);
  });
});

describe('normalizeFilters', () => {
  it('reads a history entry (spec spellings included) into panel filters', () => {
    expect(
      normalizeFilters({
        platform: 'tiktok',
        categories: ['3', 4],
        gender: 'F',
        age: ['45plus', 'F:25-35'],
        origin: ['tn'],
        residence: ['TN'],
        city: { TN: ['Tunis'], FR: ['Paris'] },
        followersCount: ['micro', 'giant'],
        engagementRate: '3-6',
        personReached: [],
        order_by: 'd.engagement_rate',
        q: 'sami',
      }),
    ).toEqual({
      ...emptyFilters,
      platform: 'tiktok',
      categories: [3, 4],
      gender: ['F'],
      age: ['F:45+', 'F:25-35'],
      origin: ['TN'],
      residence: ['TN'],
      city: { TN: ['Tunis'] },
      followersCount: ['micro'],
      engagementRate: ['3-6'],
      order_by: 'engagement_rate',
      q: 'sami',
    });
  });

  it('falls back to no filters on anything else', () => {
    expect(normalizeFilters(null)).toEqual(emptyFilters);
    expect(normalizeFilters('nonsense')).toEqual(emptyFilters);
    expect(normalizeFilters({ platform: 'myspace', order_by: 'random' })).toEqual(emptyFilters);
  });
});

describe('saved filters', () => {
  beforeEach(() => localStorage.clear());

  it('are kept per user', () => {
    saveFilters(7, { ...emptyFilters, categories: [2] });
    expect(readSavedFilters(7)).toEqual({ ...emptyFilters, categories: [2] });
    // None saved in this browser: the page takes the last search's.
    expect(readSavedFilters(8)).toBeNull();
  });

  it('survive a broken entry', () => {
    localStorage.setItem('discovery.filters.7', '{not json');
    expect(readSavedFilters(7)).toBeNull();
  });
});
