import { describe, expect, it } from 'vitest';
import {
  fromLanguageTag,
  isRightToLeft,
  parseAcceptLanguage,
  resolveLanguage,
  toLanguageTag,
} from './i18n.js';

describe('platform/i18n', () => {
  it('maps the interface Arabic (tn) to the ar tag and back', () => {
    expect(toLanguageTag('tn')).toBe('ar');
    expect(toLanguageTag('fr')).toBe('fr');
    expect(fromLanguageTag('ar-TN')).toBe('tn');
    expect(fromLanguageTag('TN')).toBe('tn');
    expect(fromLanguageTag('en-GB')).toBe('en');
    expect(fromLanguageTag('de')).toBeNull();
    expect(isRightToLeft('tn')).toBe(true);
    expect(isRightToLeft('fr')).toBe(false);
  });

  it('honours q-weights, keeps the header order on ties and skips q=0', () => {
    expect(parseAcceptLanguage('de-DE,fr;q=0.8,ar;q=0.9')).toBe('tn');
    expect(parseAcceptLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(parseAcceptLanguage('en;q=0.5, fr;q=0.5')).toBe('en');
    expect(parseAcceptLanguage('fr;q=0, ar;q=0.1')).toBe('tn');
    expect(parseAcceptLanguage('fr;q=abc, en')).toBe('en');
    expect(parseAcceptLanguage('de, es;q=0.5, *')).toBeNull();
    expect(parseAcceptLanguage(undefined)).toBeNull();
  });

  it('prefers an explicit choice to the header', () => {
    expect(resolveLanguage('fr', 'ar')).toBe('fr');
    expect(resolveLanguage('ar', undefined)).toBe('tn');
    expect(resolveLanguage(undefined, 'ar')).toBe('tn');
    expect(resolveLanguage('xx', 'de')).toBeNull();
  });
});
