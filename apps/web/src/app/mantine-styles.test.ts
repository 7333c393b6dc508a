import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
const stylesDir = path.resolve(import.meta.dirname, '../../node_modules/@mantine/core/styles');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('Mantine CSS per component (app/mantine-styles.ts)', () => {
  it('has the styles of every Mantine component the app imports', () => {
    const listed = fs.readFileSync(path.join(import.meta.dirname, 'mantine-styles.ts'), 'utf8');
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      const code = fs.readFileSync(file, 'utf8');
      for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const name of match[1]!.split(',')) {
          const component = name.trim().replace(/^type\s+/, '');
          if (/^[A-Z]\w*$/.test(component)) used.add(component);
        }
      }
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(
      (component) =>
        fs.existsSync(path.join(stylesDir, `${component}.css`)) &&
        !listed.includes(`'@mantine/core/styles/${component}.css'`),
    );
    expect(missing).toEqual([]);
  });
});
