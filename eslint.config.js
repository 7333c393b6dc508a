import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
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
    },
  },
  {
    files: [
      'apps/api/src/platform/env.ts',
      'scripts/**',
      'apps/api/scripts/**',
      '**/*.config.{ts,js}',
      'apps/api/src/test/**',
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
    // A module reaches another only through its index.ts (tables excepted, for foreign keys).
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.service*', '../*/*.repository*', '../*/*.routes*'],
              message: 'Import another module through its index.ts.',
            },
            { group: ['**/apps/web/**'], message: 'The API never imports the web app.' },
          ],
        },
      ],
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
    },
  },
);
