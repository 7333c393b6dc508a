import { describe, expect, it } from 'vitest';
import {
  buildAgeOptions,
  countActiveFilters,
  emptyFilters,
  keepCitiesOf,
  rebuildAges,
} from './filter-state';

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
