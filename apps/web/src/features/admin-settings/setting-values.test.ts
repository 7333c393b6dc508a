import { describe, expect, it } from 'vitest';
import { fromInputText, toInputText } from './setting-values';

describe('setting values as typed', () => {
  it('shows millimes as dinars and basis points as a percent', () => {
    expect(toInputText('millimes', 24_800)).toBe('24.800');
    expect(toInputText('millimes', 5)).toBe('0.005');
    expect(toInputText('basis_points', 1_900)).toBe('19.00');
    expect(toInputText('hours', 72)).toBe('72');
  });

  it('reads what was typed exactly, a comma as the point', () => {
    expect(fromInputText('millimes', '24.8')).toBe(24_800);
    expect(fromInputText('millimes', '0,005')).toBe(5);
    expect(fromInputText('millimes', '150')).toBe(150_000);
    expect(fromInputText('basis_points', '19.5')).toBe(1_950);
    expect(fromInputText('hours', ' 48 ')).toBe(48);
  });

  it('refuses what is not a plain amount', () => {
    for (const text of ['', '-1', '1.2345', '1e3', 'abc', '1.2.3']) {
      expect(fromInputText('millimes', text), text).toBeNull();
    }
    expect(fromInputText('hours', '1.5')).toBeNull();
  });
});
