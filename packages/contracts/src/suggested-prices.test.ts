import { describe, expect, it } from 'vitest';
import { businessSettingDefaults } from './business-settings.js';
import { videoDurations } from './content-requests.js';
import {
  priceBelowSuggested,
  pricedDurations,
  suggestedPriceGridOf,
  suggestedPriceRange,
} from './suggested-prices.js';

const defaults = businessSettingDefaults();
const grid = suggestedPriceGridOf((key) => defaults[key]);

describe('the suggested prices grid', () => {
  it('prices every length a video is ordered in, every band from its setting', () => {
    expect([...pricedDurations]).toEqual([...videoDurations]);
    expect(grid['30']).toEqual({
      nano: defaults.suggested_price_nano_30s_millimes,
      micro: defaults.suggested_price_micro_30s_millimes,
      'mid-tier': defaults.suggested_price_mid_tier_30s_millimes,
      macro: defaults.suggested_price_macro_30s_millimes,
      mega: defaults.suggested_price_mega_30s_millimes,
    });
  });

  it('answers the range of the sizes chosen, every size when none is', () => {
    expect(suggestedPriceRange(grid, ['micro', 'nano'], 30)).toEqual({
      min: 80_000,
      max: 150_000,
    });
    expect(suggestedPriceRange(grid, ['mega'], 60)).toEqual({ min: 1_800_000, max: 1_800_000 });
    expect(suggestedPriceRange(grid, [], 15)).toEqual({ min: 50_000, max: 800_000 });
  });

  it("refuses a band whose maximum is under the sizes' lowest suggested price, at its length", () => {
    const band = (price_max: number | null, size_bands: ('nano' | 'micro' | 'macro')[] = []) => ({
      price_max,
      video_duration: 30,
      size_bands,
    });
    expect(priceBelowSuggested(grid, band(79_000))).toBe(80_000);
    expect(priceBelowSuggested(grid, band(80_000))).toBeNull();
    expect(priceBelowSuggested(grid, band(140_000, ['micro']))).toBe(150_000);
    expect(priceBelowSuggested(grid, band(150_000, ['micro', 'macro']))).toBeNull();
    // An incomplete draft is not judged yet.
    expect(priceBelowSuggested(grid, band(null))).toBeNull();
    expect(priceBelowSuggested(grid, { ...band(1_000), video_duration: null })).toBeNull();
  });
});
