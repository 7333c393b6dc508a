import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { planFirstLoadChunks } from './first-load-chunks';

/** The fields of a Rolldown chunk the plan reads; each module 100 bytes unless `sizes` says. */
function chunk(
  fileName: string,
  moduleIds: string[],
  options: { imports?: string[]; entry?: boolean; lazy?: string; sizes?: number[] } = {},
): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    moduleIds,
    modules: Object.fromEntries(
      moduleIds.map((id, index) => [id, { renderedLength: options.sizes?.[index] ?? 100 }]),
    ),
    imports: options.imports ?? [],
    isEntry: options.entry ?? false,
    isDynamicEntry: options.lazy !== undefined,
    facadeModuleId: options.lazy ?? (options.entry ? moduleIds[0]! : null),
  } as Rolldown.OutputChunk;
}

// A build as the bundler splits it by itself: the entry, three lazy pages, and the small
// chunks they share.
const chunks = [
  chunk('index.js', ['/src/main.tsx'], { entry: true, imports: ['core.js'] }),
  chunk('core.js', ['/m/preact.js', '/m/box.js']),
  chunk('shell-layout.js', ['/src/shell-layout.tsx'], {
    lazy: '/src/shell-layout.tsx',
    imports: ['core.js', 'group.js', 'avatar.js'],
  }),
  chunk('discover-page.js', ['/src/discover-page.tsx'], {
    lazy: '/src/discover-page.tsx',
    imports: ['group.js', 'card.js', 'catalog.js'],
  }),
  chunk('login-page.js', ['/src/login-page.tsx'], {
    lazy: '/src/login-page.tsx',
    imports: ['group.js', 'input.js'],
  }),
  chunk('group.js', ['/m/group.js'], { imports: ['flex.js'] }),
  chunk('flex.js', ['/m/flex.js', '/m/flex-utils.js']),
  chunk('avatar.js', ['/m/avatar.js']),
  chunk('card.js', ['/m/card.js', '/m/paper.js']),
  chunk('input.js', ['/m/input.js']),
  // A lazy chunk statically imported too (a catalog): left as it is.
  chunk('catalog.js', ['/src/catalog.json'], { lazy: '/src/catalog.json' }),
  chunk('wallet-page.js', ['/src/wallet-page.tsx'], {
    lazy: '/src/wallet-page.tsx',
    imports: ['avatar.js', 'stepper.js'],
  }),
  chunk('stepper.js', ['/m/stepper.js']),
];

describe('planFirstLoadChunks', () => {
  const plan = planFirstLoadChunks(chunks, {
    login: ['/src/login-page.tsx'],
    'brand-home': ['/src/shell-layout.tsx', '/src/discover-page.tsx'],
  });

  it('groups the chunks each first screen loads by the set of screens that load them', () => {
    expect(Object.fromEntries(plan)).toEqual({
      // Loaded by both screens (directly or through group.js).
      '/m/group.js': 'login-brand-home',
      '/m/flex.js': 'login-brand-home',
      '/m/flex-utils.js': 'login-brand-home',
      // By the shell or the discover page only.
      '/m/avatar.js': 'brand-home',
      '/m/card.js': 'brand-home',
      '/m/paper.js': 'brand-home',
      // By the login page only.
      '/m/input.js': 'login',
    });
  });

  it("leaves the entry's chunks, the lazy chunks and what no first screen loads alone", () => {
    for (const moduleId of [
      '/src/main.tsx',
      '/m/box.js',
      '/src/shell-layout.tsx',
      '/src/login-page.tsx',
      '/src/catalog.json',
      '/m/stepper.js',
    ]) {
      expect(plan.has(moduleId), moduleId).toBe(false);
    }
  });

  describe('with a secondary screen (a public page opened from a shared link)', () => {
    // The public page shares the group and card chunks with the main screens, and has a chunk
    // of its own; the avatar is most of the brand home's group.
    const withKit = [
      ...chunks.filter((c) => c.fileName !== 'avatar.js'),
      chunk('avatar.js', ['/m/avatar.js'], { sizes: [1000] }),
      chunk('kit-page.js', ['/src/kit-page.tsx'], {
        lazy: '/src/kit-page.tsx',
        imports: ['group.js', 'card.js', 'qr.js'],
      }),
      chunk('qr.js', ['/m/qr.js']),
    ];
    const main = {
      login: ['/src/login-page.tsx'],
      'brand-home': ['/src/shell-layout.tsx', '/src/discover-page.tsx'],
    };
    const plan = planFirstLoadChunks(withKit, main, { kit: ['/src/kit-page.tsx'] });

    it('gives it a group for what no main screen loads', () => {
      expect(plan.get('/m/qr.js')).toBe('kit');
    });

    it("takes a main screens' group whole when it uses a quarter of it or more", () => {
      // The whole of login-brand-home: /login keeps its files as they were.
      for (const moduleId of ['/m/group.js', '/m/flex.js', '/m/flex-utils.js']) {
        expect(plan.get(moduleId), moduleId).toBe('login-brand-home');
      }
    });

    it('cuts the part it uses out of a group when that part is under a quarter of it', () => {
      // Card and paper (200 bytes) of the brand home's 1,200.
      expect(plan.get('/m/card.js')).toBe('brand-home-kit');
      expect(plan.get('/m/paper.js')).toBe('brand-home-kit');
      expect(plan.get('/m/avatar.js')).toBe('brand-home');
      expect(plan.get('/m/input.js')).toBe('login');
    });

    it('leaves the plan of the main screens as it was without one', () => {
      const alone = planFirstLoadChunks(withKit, main);
      expect(alone.has('/m/qr.js')).toBe(false);
      expect(alone.get('/m/card.js')).toBe('brand-home');
    });
  });

  describe('with a secondary screen that is an entry of its own (media-kit.html)', () => {
    // The kit's entry shares the core with the main entry, and the group and card chunks with
    // the main screens; it has a chunk of its own.
    const withKitEntry = [
      ...chunks,
      chunk('kit.js', ['/kit.html', '/src/kit-main.tsx'], {
        entry: true,
        imports: ['core.js', 'group.js', 'card.js', 'qr.js'],
      }),
      chunk('qr.js', ['/m/qr.js']),
    ];
    const main = {
      login: ['/src/login-page.tsx'],
      'brand-home': ['/src/shell-layout.tsx', '/src/discover-page.tsx'],
    };
    const plan = planFirstLoadChunks(withKitEntry, main, { kit: ['/kit.html'] });

    it('gives it a group for what no main screen loads, and leaves its entry alone', () => {
      expect(plan.get('/m/qr.js')).toBe('kit');
      expect(plan.has('/src/kit-main.tsx')).toBe(false);
    });

    it('leaves what it shares with the main entry shared, as on every page', () => {
      expect(plan.has('/m/preact.js')).toBe(false);
      expect(plan.has('/m/box.js')).toBe(false);
    });

    it("always cuts the part it uses out of a main screens' group, however large", () => {
      // Group and flex are all of login-brand-home: taken whole, they would bring the main
      // entry's chunk along.
      for (const moduleId of ['/m/group.js', '/m/flex.js', '/m/flex-utils.js']) {
        expect(plan.get(moduleId), moduleId).toBe('login-brand-home-kit');
      }
      expect(plan.get('/m/card.js')).toBe('brand-home-kit');
      expect(plan.get('/m/avatar.js')).toBe('brand-home');
    });
  });

  it('refuses a screen whose module has no lazy chunk (a renamed page)', () => {
    expect(() => planFirstLoadChunks(chunks, { home: ['/src/renamed-page.tsx'] })).toThrow(
      /no lazy chunk for \/src\/renamed-page.tsx/,
    );
  });
});
