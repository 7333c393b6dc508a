import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatCountry,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPlace,
} from './format';

describe('format', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows money in TND with 3 decimals and Latin digits in every language', () => {
    expect(formatMoney(24_800, 'en')).toBe('24.800 TND');
    expect(formatMoney(1_234_500, 'fr')).toMatch(/^1\s234,500 TND$/);
    expect(formatMoney(24_800, 'fr')).toBe('24,800 TND');
    expect(formatMoney(24_800, 'tn')).toMatch(/^24[.,٫]800 TND$/);
    expect(formatMoney(24_800, 'tn')).not.toMatch(/[٠-٩]/);
  });

  it('formats numbers, percentages, dates, places and countries in the interface language', () => {
    expect(formatNumber(12_500, 'en')).toBe('12,500');
    expect(formatPercent(4.956, 'fr')).toBe('4,96');
    expect(formatDate('2026-11-24T10:00:00Z', 'en')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-24T10:00:00Z', 'fr')).toMatch(/^24 nov\.? 2026$/);
    expect(formatPlace(['Tunis', null, 'Tunisia'], 'tn')).toBe('Tunis، Tunisia');
    expect(formatCountry('TN', 'fr')).toBe('Tunisie');
    expect(formatCountry('TN', 'en')).toBe('Tunisia');
  });

  it('creates each formatter once per language, not once per value', async () => {
    const { DateTimeFormat } = Intl;
    let created = 0;
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: function (...args: ConstructorParameters<typeof DateTimeFormat>) {
        created += 1;
        return new DateTimeFormat(...args);
      },
    });
    // A fresh copy of the module: the worker's other test files share its formatters' cache.
    vi.resetModules();
    const fresh = await import('./format');
    const dates = Array.from({ length: 20 }, (_, day) =>
      fresh.formatDate(`2026-03-${day + 1}`, 'tn'),
    );
    expect(new Set(dates).size).toBe(20);
    expect(created).toBe(1);
  });

  it('prepareFormatters makes the number, date and country formatters ahead of the first screen', async () => {
    const created: string[] = [];
    const counted = <C extends new (...args: never[]) => object>(name: string, Original: C) =>
      function (...args: ConstructorParameters<C>) {
        created.push(name);
        return new Original(...args);
      };
    vi.stubGlobal('Intl', {
      ...Intl,
      NumberFormat: counted('number', Intl.NumberFormat),
      DateTimeFormat: counted('date', Intl.DateTimeFormat),
      DisplayNames: counted('region', Intl.DisplayNames),
    });
    vi.resetModules();
    const fresh = await import('./format');
    fresh.prepareFormatters('fr');
    expect(created.sort()).toEqual(['date', 'number', 'region']);
    // The first screen then finds them made.
    expect(fresh.formatNumber(12_500, 'fr')).toMatch(/^12\s500$/);
    expect(fresh.formatDate('2026-11-24T10:00:00Z', 'fr')).toMatch(/^24 nov\.? 2026$/);
    expect(fresh.formatCountry('TN', 'fr')).toBe('Tunisie');
    expect(created).toHaveLength(3);
  });

  it('answers a code that is not a region with the code itself', () => {
    expect(formatCountry('not-a-code', 'en')).toBe('not-a-code');
  });
});
