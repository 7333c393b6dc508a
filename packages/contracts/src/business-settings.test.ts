import { describe, expect, it } from 'vitest';
import {
  businessSettingDefaults,
  businessSettingDefinitions,
  businessSettingKeys,
  checkBusinessSettingValue,
  isBusinessSettingKey,
  type BusinessSettingDefinition,
} from './business-settings.js';

describe('business settings definitions', () => {
  it('keeps every default an integer within its bounds', () => {
    const defaults = businessSettingDefaults();
    for (const key of businessSettingKeys) {
      expect(checkBusinessSettingValue(key, defaults[key], defaults), key).toBeNull();
    }
  });

  it('pairs bounds both ways with known keys', () => {
    for (const key of businessSettingKeys) {
      const definition: BusinessSettingDefinition = businessSettingDefinitions[key];
      if (definition.atMost) {
        expect(isBusinessSettingKey(definition.atMost)).toBe(true);
        const partner: BusinessSettingDefinition =
          businessSettingDefinitions[definition.atMost as typeof key];
        expect(partner.atLeast).toBe(key);
      }
    }
  });

  it('refuses fractions, out-of-range values and a crossed pair', () => {
    expect(checkBusinessSettingValue('revision_cap', 2.5)).toBe(
      'revision_cap must be a whole number from 0 to 10',
    );
    expect(checkBusinessSettingValue('creator_payout_delay_days', 0)).toBe(
      'creator_payout_delay_days must be a whole number from 1 days to 90 days',
    );
    expect(
      checkBusinessSettingValue('wallet_pack_max_millimes', 50_000, {
        wallet_pack_min_millimes: 100_000,
      }),
    ).toBe(
      'wallet_pack_max_millimes may not be below wallet_pack_min_millimes, now 100.000 TND (100000 millimes)',
    );
    expect(isBusinessSettingKey('toString')).toBe(false);
  });

  it('writes money bounds with the shared money format, thousands separated', () => {
    expect(checkBusinessSettingValue('wallet_pack_max_millimes', 60_000_000)).toBe(
      'wallet_pack_max_millimes must be a whole number from 1.000 TND (1000 millimes) to 50,000.000 TND (50000000 millimes)',
    );
  });
});
