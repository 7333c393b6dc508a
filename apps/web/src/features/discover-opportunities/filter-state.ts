/**
 * Spec §3 "Campaign filter for creators" (categories, country, cities, start and end date,
 * min and max price) and the sort of Discover Opportunities, kept in the page's address so a
 * search can be reloaded, shared and gone back to. The address uses the API's own parameters
 * (`GET /v2/discover-opportunities`), prices in millimes as everywhere on the wire.
 */

export const opportunitySorts = ['newest', 'best_paid'] as const;
export type OpportunitySort = (typeof opportunitySorts)[number];

export interface OpportunityFilters {
  categoryIds: number[];
  /** ISO 3166 alpha-2 code. */
  country: string | null;
  /** English city names, as profiles store them. */
  cities: string[];
  /** ISO dates bounding the application deadline. */
  startDate: string | null;
  endDate: string | null;
  /** Millimes. */
  minPrice: number | null;
  maxPrice: number | null;
}

export interface OpportunitySearch {
  filters: OpportunityFilters;
  sort: OpportunitySort;
}

export const emptyFilters: OpportunityFilters = {
  categoryIds: [],
  country: null,
  cities: [],
  startDate: null,
  endDate: null,
  minPrice: null,
  maxPrice: null,
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function readDate(value: string | null): string | null {
  if (!value || !isoDate.test(value)) return null;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
}

function readAmount(value: string | null): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  return Number(value);
}

/** The search an address holds; anything malformed is left out, never sent on. */
export function readSearch(params: URLSearchParams): OpportunitySearch {
  const ids = params.get('category_ids');
  const country = params.get('country');
  const cities = params.get('cities');
  const sort = params.get('sort');
  const validCountry = country && /^[A-Z]{2}$/.test(country) ? country : null;
  return {
    filters: {
      categoryIds: ids && /^\d+(,\d+)*$/.test(ids) ? [...new Set(ids.split(',').map(Number))] : [],
      country: validCountry,
      // Cities belong to a country: without one they mean nothing.
      cities: validCountry && cities ? cities.split(',').filter(Boolean) : [],
      startDate: readDate(params.get('start_date')),
      endDate: readDate(params.get('end_date')),
      minPrice: readAmount(params.get('min_price')),
      maxPrice: readAmount(params.get('max_price')),
    },
    sort: opportunitySorts.find((value) => value === sort) ?? 'newest',
  };
}

/** The filters as query parameters (only those set), in the API's names. */
function filterParams(filters: OpportunityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.categoryIds.length > 0) params.set('category_ids', filters.categoryIds.join(','));
  if (filters.country) params.set('country', filters.country);
  if (filters.country && filters.cities.length > 0) params.set('cities', filters.cities.join(','));
  if (filters.startDate) params.set('start_date', filters.startDate);
  if (filters.endDate) params.set('end_date', filters.endDate);
  if (filters.minPrice !== null) params.set('min_price', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('max_price', String(filters.maxPrice));
  return params;
}

/** The page's address query for a search: the default sort (newest) is left out. */
export function toAddressQuery(search: OpportunitySearch): string {
  const params = filterParams(search.filters);
  if (search.sort !== 'newest') params.set('sort', search.sort);
  return params.toString();
}

/** The list call's query for a search (the sort always said). */
export function toApiQuery(search: OpportunitySearch): URLSearchParams {
  const params = filterParams(search.filters);
  params.set('sort', search.sort);
  return params;
}

/** How many filters are set (the panel's button shows it). */
export function countActiveFilters(filters: OpportunityFilters): number {
  return [
    filters.categoryIds.length > 0,
    filters.country !== null,
    filters.cities.length > 0,
    filters.startDate !== null,
    filters.endDate !== null,
    filters.minPrice !== null,
    filters.maxPrice !== null,
  ].filter(Boolean).length;
}
