import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = fs.readFileSync(path.join(import.meta.dirname, 'global.css'), 'utf8');

describe('global.css', () => {
  // WCAG 2.2.2: motion that starts by itself stops within five seconds. An endless animation
  // also keeps the browser repainting every frame of the page while it sits open.
  it('has no endless animation', () => {
    const animations = [...css.matchAll(/animation:\s*([^;]+);/g)].map((match) => match[1]!);
    expect(animations.length).toBeGreaterThan(0);
    for (const animation of animations) {
      if (animation.trim() === 'none') continue;
      expect(animation).not.toMatch(/infinite/);
      const seconds = Number(/([\d.]+)s/.exec(animation)?.[1]);
      const iterations = Number(/\s(\d+)\s*$/.exec(animation)?.[1] ?? 1);
      expect(seconds * iterations).toBeLessThanOrEqual(5);
    }
  });
});
