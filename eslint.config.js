import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const apiModules = 'apps/api/src/modules';
const apiDemo = 'apps/api/src/demo';
const webFeatures = 'apps/web/src/features';

/** The folders under `dir` (modules, features): read here so a new one is covered at once. */
function foldersOf(dir) {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * Import zones between sibling folders (ARCHITECTURE.md): a file of `<dir>/<name>/` may import
 * another sibling only where `allowed` (globs on the imported file) says so.
 */
function siblingZones(dir, allowed, message) {
  return foldersOf(dir).map((name) => ({
    target: `${dir}/${name}`,
    from: `${dir}/!(${name})/**`,
    except: allowed.map((glob) => `${root}/${dir}/*/${glob}`),
    message,
  }));
}

const platformZone = {
  target: 'apps/api/src/platform',
  from: [apiModules, apiDemo, 'apps/api/src/app.ts', 'apps/api/src/main.ts'],
  message: 'platform/ is cross-cutting: it never imports a module or the composition root.',
};

const demoZone = {
  target: apiModules,
  from: apiDemo,
  message: 'The demo data sits above the modules (like main.ts): no module imports it.',
};

/** `import-x/no-restricted-paths` with the zones every API file obeys, plus `zones`. */
function restrictedPaths(...zones) {
  return ['error', { basePath: root, zones: [platformZone, demoZone, ...zones] }];
}

/**
 * A folder outside modules/ (the demo data) reaches the modules only where `allowed` (globs on
 * the imported file, within its module folder) says so, like a module reaches another.
 */
function moduleClientZone(target, allowed, message) {
  return {
    target,
    from: `${apiModules}/**`,
    except: allowed.map((glob) => `${root}/${apiModules}/*/${glob}`),
    message,
  };
}

const moduleMessage =
  "A module reaches another only through its index.ts (DESIGN §2); schema files may import other modules' schema files for foreign keys.";
const moduleTestMessage =
  'A test reaches another module through its index.ts, its schema files or its test helpers (test-*.ts, *.test-support.ts), never its service or repository.';
const demoMessage =
  "The demo data writes through the modules' index.ts (their services, or their named demo seeds), never their repositories or tables.";
const featureMessage =
  'Web features never import each other: move what they share to components/ or lib/.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The compiled API that the multi-process tests and the scale bench build and run.
      'apps/api/.test-build-*/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Without these, import-x skips TypeScript files when it follows imports (no-cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api', 'apps/web', 'packages/contracts'].map((dir) =>
            path.join(root, dir, 'tsconfig.json'),
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      // Only the env module reads the environment (DESIGN §3).
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through platform/env.ts.',
        },
      ],
      // Depth bounds the cost; no real cycle in this code base is longer.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 10 }],
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or explicitly `void`ed.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: [
      'apps/api/src/platform/env.ts',
      'scripts/**',
      'apps/api/scripts/**',
      '**/*.config.{ts,js}',
      'apps/api/src/test/**',
      'apps/api/cluster/**',
      'apps/web/e2e/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Contracts are zod only: shared by web and API, they import neither.
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/**', '@clipmarket/api*', '@clipmarket/web*', 'fastify*', 'react*'] },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/apps/web/**'], message: 'The API never imports the web app.' }],
        },
      ],
      'import-x/no-restricted-paths': restrictedPaths(),
    },
  },
  {
    // A platform test may build the whole app (as the test harness does), not import a module.
    files: ['apps/api/src/platform/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [{ ...platformZone, from: apiModules }] },
      ],
    },
  },
  {
    files: [`${apiModules}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(
        ...siblingZones(apiModules, ['index.ts'], moduleMessage),
      ),
    },
  },
  {
    // Foreign keys: a table may reference another module's table.
    files: [`${apiModules}/**/*.schema.ts`],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(
        ...siblingZones(apiModules, ['index.ts', '*.schema.ts'], moduleMessage),
      ),
    },
  },
  {
    // Foreign keys may point both ways between two modules' tables (users <-> files); Drizzle's
    // `references(() => table.id)` is lazy, so a cycle among schema files alone is harmless. A
    // cycle through any other file is still reported from that file.
    files: [`${apiModules}/**/*.schema.ts`],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // Tests set up and check rows of other modules, never through their internals.
    files: [
      `${apiModules}/**/*.test.ts`,
      `${apiModules}/**/*.test-support.ts`,
      `${apiModules}/**/test-*.ts`,
    ],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(
        ...siblingZones(
          apiModules,
          // Test helpers may sit in a module's sub-folder (content-requests/delivery/).
          ['index.ts', '*.schema.ts', '**/test-*.ts', '**/*.test-support.ts'],
          moduleTestMessage,
        ),
      ),
    },
  },
  {
    // The demo data is a client of the modules, as main.ts is: their index.ts only.
    files: [`${apiDemo}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(
        moduleClientZone(apiDemo, ['index.ts'], demoMessage),
      ),
    },
  },
  {
    // Its tests check the rows it wrote, as module tests do: schema files and test helpers too.
    files: [`${apiDemo}/**/*.test.ts`],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(
        moduleClientZone(
          apiDemo,
          ['index.ts', '*.schema.ts', 'test-*.ts', '*.test-support.ts'],
          moduleTestMessage,
        ),
      ),
    },
  },
  {
    // The multi-process tests set up and check rows as module tests do, from outside modules/.
    files: ['apps/api/cluster/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(
        moduleClientZone(
          'apps/api/cluster',
          ['index.ts', '*.schema.ts', 'test-*.ts', '*.test-support.ts'],
          moduleTestMessage,
        ),
      ),
    },
  },

  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/**', '@clipmarket/api*'],
              message: 'The web imports contracts, never the API.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...siblingZones(webFeatures, [], featureMessage),
            {
              target: ['apps/web/src/lib', 'apps/web/src/components'],
              from: webFeatures,
              message: 'lib/ and components/ are shared by the features: they import none.',
            },
          ],
        },
      ],
      // Build-time settings are read and parsed in one place (DESIGN §3, like env.ts for the API).
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read build-time settings through apps/web/src/lib/config.ts.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
