import { describe, expect, it } from 'vitest';
import { normalizeAgeBand, toAgeInterval } from './enums.js';

describe('age bands', () => {
  it('reads the legacy "45plus" as "45+", alone or tied to a gender', () => {
    expect(normalizeAgeBand('45plus')).toBe('45+');
    expect(normalizeAgeBand('F:45plus')).toBe('F:45+');
    expect(normalizeAgeBand('18-25')).toBe('18-25');
  });

  it('keeps known bands only', () => {
    expect(toAgeInterval('45plus')).toBe('45+');
    expect(toAgeInterval('25-35')).toBe('25-35');
    expect(toAgeInterval('F:45plus')).toBeNull();
    expect(toAgeInterval('60+')).toBeNull();
    expect(toAgeInterval(null)).toBeNull();
  });
});
