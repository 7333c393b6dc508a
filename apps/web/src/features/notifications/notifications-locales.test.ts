import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(__dirname, '../../locales');

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    flattenKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

const read = (language: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, language, 'notifications.json'), 'utf8'));

describe('notifications namespace', () => {
  it('has the same keys, all non-empty, in en, fr and tn', () => {
    const english = flattenKeys(read('en')).sort();
    for (const language of ['fr', 'tn']) {
      const catalog = read(language);
      expect(flattenKeys(catalog).sort(), language).toEqual(english);
      for (const key of english) {
        const text = key.split('.').reduce((node, part) => node[part], catalog);
        expect(typeof text === 'string' && text.trim().length > 0, `${language}:${key}`).toBe(true);
      }
    }
  });

  it('keeps the spec’s English error text', () => {
    expect(read('en').errors.read).toBe('Something gone wrong!');
  });
});
