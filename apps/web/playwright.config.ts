import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// One data folder per run, fixed in the runner's environment so that the test workers (which
// inherit it) can read the e-mails the server writes to its outbox.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `clipmarket-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The e2e server runs on its own fresh data folder and, on PostgreSQL, its own database. */
function e2eDatabaseUrl(): string {
  if (!process.env.DATABASE_URL) return '';
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${url.pathname.slice(1) || 'clipmarket'}_e2e`;
  return url.toString();
}

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`): the same engine without the
 * desktop browser's compositor and GPU process, and half the CPU of a run on CI's two CPUs.
 * Falls back to the full browser where the shell is not installed.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/**
 * Specs that turn the demo brand's notifications off or wait for its live pushes (a request's
 * or a video's page updates on `new_notification`, the bell's toast): never two at once.
 */
const demoBrandLiveSpecs = [
  '**/advertiser-journey.spec.ts',
  '**/admin-shell.spec.ts',
  '**/content-requests.spec.ts',
  '**/content-delivery.spec.ts',
  '**/opportunities.spec.ts',
  // Expires and renews a licence of the demo brand's delivered lines (never beside the journeys
  // that download their HD original).
  '**/licences.spec.ts',
  // Both sides review the demo brand's paid lines: the brand is told of each review.
  '**/reviews.spec.ts',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(repoRoot, 'test-results/e2e-artifacts'),
  // Journeys are long (sign-up, payments, two languages) and CI may share its machine: a
  // generous ceiling, so a slow run is not a failure; a stuck step still fails on `expect`.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  // Two spec files at a time (one per CPU of CI's machine); the tests of a file run in order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace: actions, DOM snapshots, network and console. Not the
    // screencast: encoding a frame of every paint took more CPU than the tests themselves
    // (docs/benchmarks.md, "CI"); the failure's screenshot is kept on its own.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      // One at a time, beside the others: these follow the demo brand's live notifications,
      // which one of them turns off for a moment (advertiser-journey). Listed first, so its
      // chain (the longest) starts at once on one worker while the other takes the rest.
      name: 'chromium-demo-brand',
      testMatch: demoBrandLiveSpecs,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'chromium',
      testIgnore: demoBrandLiveSpecs,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node --enable-source-maps apps/api/dist/main.js',
    cwd: repoRoot,
    url: `http://localhost:${port}/v2/health`,
    // The server listens once the demo data is in (200 creators, five videos made with
    // ffmpeg): a minute alone, several when the machine is shared.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: e2eDatabaseUrl(),
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every browser and API call of a run comes from one address (two journeys at once, each
      // signing in several people): the per-address sign-in limits are the API tests' subject.
      AUTH_IP_RATE_LIMIT_PER_MINUTE: '300',
      LOGIN_RATE_LIMIT_PER_MINUTE: '60',
      // Lets parallel runs each serve their own build (`vite build --outDir …`).
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
