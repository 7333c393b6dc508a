// The compiled API (apps/api/build.mjs, ADR 030), built into a folder of its own and started as
// production starts it: `node <folder>/main.js`, no TypeScript loader.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiDir = path.resolve(import.meta.dirname, '../apps/api');
/** Inside apps/api, as dist is: the installed packages resolve from there. */
const outdir = path.join(apiDir, `.test-build-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-build-'));

beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], {
    cwd: apiDir,
    encoding: 'utf8',
  });
  expect(built.stderr).toBe('');
  expect(built.status).toBe(0);
}, 120_000);
afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a compiled entry point with only these settings (none of this machine's). */
function runCompiled(entry: string, settings: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(outdir, entry)], {
    cwd: os.tmpdir(),
    encoding: 'utf8',
    env: settings,
    timeout: 90_000,
  });
}

describe('the compiled API', () => {
  it.each(['main.js', 'worker.js', 'migrate-cli.js'])(
    'refuses to start %s in APP_ENV=production without configuration: every problem, no stack trace, exit code 1',
    (entry) => {
      const started = runCompiled(entry, { APP_ENV: 'production', DATA_DIR: dataDir });
      expect(started.status).toBe(1);
      expect(started.stdout).toBe('');
      const lines = started.stderr.trim().split('\n');
      expect(lines).toEqual([
        'Clipmarket cannot start. Invalid configuration (APP_ENV=production):',
        expect.stringMatching(/^- KONNECT_API_URL is not set: the built-in payment sandbox/),
        expect.stringMatching(/^- KONNECT_API_KEY is missing or is the sandbox's/),
        expect.stringMatching(/^- KONNECT_WALLET_ID is missing or is the sandbox's/),
        expect.stringMatching(/^- JWT_SECRET is not set/),
        expect.stringMatching(/^- INVOICE_SELLER_NAME, .* missing or the demo's/),
        expect.stringMatching(/^- PUBLIC_URL is not set/),
        expect.stringMatching(/^- INSTAGRAM_API_URL is not set: the built-in Instagram sandbox/),
        expect.stringMatching(/^- INSTAGRAM_APP_ID, INSTAGRAM_APP_SECRET missing or the sandbox's/),
        expect.stringMatching(/^- TIKTOK_API_URL is not set: the built-in TikTok sandbox/),
        expect.stringMatching(
          /^- TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET missing or the sandbox's/,
        ),
        expect.stringMatching(/^- METRICS_TOKEN_KEY is not set/),
      ]);
      expect(started.stderr).not.toMatch(/\n\s+at /);
    },
    120_000,
  );

  it('finds the files it reads at run time: the migrations, the PDF fonts and the TEIF schema', () => {
    for (const font of ['NotoSans-Regular.ttf', 'NotoSansArabic-Bold.ttf']) {
      expect(fs.existsSync(path.join(outdir, 'fonts', font))).toBe(true);
    }
    // Electronic invoices' schema (ADR 045), read beside the compiled code.
    expect(fs.existsSync(path.join(outdir, 'teif-1.8.8.xsd'))).toBe(true);
    const migrated = runCompiled('migrate-cli.js', { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(migrated.stderr).toBe('');
    expect(migrated.stdout.trim()).toBe('Migrations applied (pglite).');
    expect(migrated.status).toBe(0);
  }, 120_000);
});
