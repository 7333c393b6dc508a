import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The web tests share one jsdom and one module graph per worker (`isolate: false`): a fresh
 * jsdom, Mantine and the catalogs per file cost more than most files' tests. A file that
 * replaces a module with `vi.mock` cannot share it (the others already loaded the real one):
 * those run isolated, in the `web-isolated` project, found by reading the files.
 */
const webTestFiles = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/web/src'), { recursive: true })
  .map((file) => `apps/web/src/${String(file).split(path.sep).join('/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file));
const mocksModules = (file: string) =>
  /\bvi\.mock\(/.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'));
const webIsolatedFiles = webTestFiles.filter(mocksModules);
const web = {
  environment: 'jsdom',
  // Forms typed key by key (user-event) take seconds on a busy 2-core machine while the
  // API tests run beside them: room enough that only a real hang fails.
  testTimeout: 20_000,
  // Not localhost:3000, jsdom's default: a Clipmarket running there would answer the
  // socket and the tests would depend on it. Nothing answers on this reserved name.
  environmentOptions: { jsdom: { url: 'http://clipmarket.test/' } },
  setupFiles: ['apps/web/src/test/setup.ts'],
} satisfies TestProjectInlineConfiguration['test'];

/** What every API project shares: the real app on a real database (apps/api/src/test). */
const api = {
  environment: 'node',
  globalSetup: ['apps/api/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // A worker's files share its loaded modules and, on PGlite, its database (harness.ts):
  // importing the app and loading a database per file cost more than most files' tests.
  isolate: false,
  restoreMocks: true,
} as const;
const apiSettingFiles = [
  'apps/api/src/modules/settings/settings.test.ts',
  'apps/api/src/modules/payouts/payouts.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default, one worker less than the CPUs, leaves one of a 2-CPU machine's idle
    // (the unit suites took 2.7 minutes instead of 1.7).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...api,
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: apiSettingFiles,
          // PGlite instances are heavy: a few files at a time on a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The files that change business settings every other test reads (the payout delay):
        // alone, after the rest, so a test beside them never sees a changed value.
        test: {
          ...api,
          name: 'api-settings',
          include: apiSettingFiles,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // The compiled API as deployed: API processes, workers, an S3 server and a round-robin
        // proxy on PostgreSQL (apps/api/cluster). Its processes take the machine: one file at a
        // time, alone (`npm test -- --suite cluster`, after the other suites).
        test: {
          name: 'cluster',
          include: ['apps/api/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
      {
        test: {
          // The lint rules that hold the architecture (eslint.config.js), on fixture texts.
          name: 'tooling',
          // And the web build's chunk plan (apps/web/bundling).
          include: ['tooling/**/*.test.ts', 'apps/web/bundling/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          ...web,
          name: 'web',
          include: webTestFiles.filter((file) => !webIsolatedFiles.includes(file)),
          isolate: false,
        },
      },
      { test: { ...web, name: 'web-isolated', include: webIsolatedFiles } },
    ],
  },
});
