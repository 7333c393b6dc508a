import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const css = fs.readFileSync(path.join(import.meta.dirname, 'theme-variables.css'), 'utf8');
const variable = (name: string) =>
  new RegExp(`--mantine-${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
/** A value as CSS reads it: the formatter may wrap lines and change quotes. */
const normalize = (value: string | undefined) => value?.replace(/\s+/g, ' ').replace(/'/g, '"');

/** The variables MantineProvider sets from the theme, for the page that has no provider. */
describe('theme-variables.css', () => {
  it("has the theme's shades of the colours it names", () => {
    const named = [...css.matchAll(/--mantine-color-(\w+)-(\d):/g)];
    expect(named.length).toBeGreaterThan(0);
    for (const [, color, shade] of named) {
      expect(variable(`color-${color}-${shade}`)).toBe(theme.colors?.[color!]?.[Number(shade)]);
    }
  });

  it("has the theme's font and primary colour", () => {
    expect(normalize(variable('font-family'))).toBe(normalize(theme.fontFamily));
    expect(variable('primary-color-filled')).toBe(
      `var(--mantine-color-${theme.primaryColor}-filled)`,
    );
  });
});
