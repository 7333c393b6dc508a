import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  emptyFilters,
  readSearch,
  toAddressQuery,
  toApiQuery,
} from './filter-state';

const read = (query: string) => readSearch(new URLSearchParams(query));

describe('the campaign filter in the address', () => {
  it('reads every filter and the sort', () => {
    expect(
      read(
        'category_ids=3,1&country=TN&cities=Tunis,Sfax&start_date=2026-12-01&end_date=2026-12-31&min_price=50000&max_price=300000&sort=best_paid',
      ),
    ).toEqual({
      filters: {
        categoryIds: [3, 1],
        country: 'TN',
        cities: ['Tunis', 'Sfax'],
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        minPrice: 50_000,
        maxPrice: 300_000,
      },
      sort: 'best_paid',
    });
  });

  it('leaves out what is malformed, and cities without their country', () => {
    expect(
      read(
        'category_ids=3,x&country=Tunisia&cities=Tunis&start_date=12/01/2026&min_price=-5&sort=cheapest',
      ),
    ).toEqual({ filters: emptyFilters, sort: 'newest' });
    expect(read('cities=Tunis').filters.cities).toEqual([]);
  });

  it('writes back only what is set, the default sort left out of the address', () => {
    const search = read('country=TN&cities=Sousse&min_price=100000');
    expect(toAddressQuery(search)).toBe('country=TN&cities=Sousse&min_price=100000');
    expect(toAddressQuery({ ...search, sort: 'best_paid' })).toContain('sort=best_paid');
    expect(toApiQuery(search).get('sort')).toBe('newest');
    expect(toAddressQuery({ filters: emptyFilters, sort: 'newest' })).toBe('');
  });

  it('counts the filters set', () => {
    expect(countActiveFilters(emptyFilters)).toBe(0);
    expect(
      countActiveFilters(
        read('category_ids=1&country=TN&cities=Tunis&end_date=2026-12-31').filters,
      ),
    ).toBe(4);
  });
});
