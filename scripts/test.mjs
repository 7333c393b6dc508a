// `npm test`: every test of the product, as CI runs it.
//   1. unit and API integration tests (Vitest) on the embedded database, or on PostgreSQL
//      when DATABASE_URL is set;
//   2. browser end-to-end tests (Playwright, Debian's Chromium) against the built product.
// `npm test -- --suite api` (or `--suite web,contracts`, `--suite e2e`, …) runs some suites
// only: the Vitest projects `web`, `contracts`, `tooling` and `api`, `unit` for the first three,
// and `e2e` for the build and the browser tests, `cluster` for the multi-process tests (the
// compiled API in several processes behind a proxy, apps/api/cluster). No argument runs them
// all; `cluster` needs a PostgreSQL server (DATABASE_URL): without one it is skipped, with a
// note, unless named (`--suite cluster`), which then fails saying so.
// Ends with one summary line: "tests: N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWeb, ensureDependencies, ensureSystemPackages, hasFont, root, run } from './lib.mjs';

const vitestProjects = ['web', 'contracts', 'tooling', 'api'];
const allSuites = [...vitestProjects, 'e2e', 'cluster'];
const aliases = { unit: ['web', 'contracts', 'tooling'], all: allSuites };

const { values: options } = parseArgs({
  options: { suite: { type: 'string', multiple: true } },
  allowPositionals: false,
});
const suites = selectSuites(options.suite);
const projects = vitestProjects.filter((name) => suites.has(name));
const withE2e = suites.has('e2e');
const clusterNamed = (options.suite ?? []).some((value) =>
  value.split(',').some((name) => name.trim() === 'cluster'),
);
const withCluster = suites.has('cluster') && (Boolean(process.env.DATABASE_URL) || clusterNamed);
// Videos (ffmpeg) and invoices (pdftotext) are tested through the API and in the browser.
const needsMedia = withE2e || withCluster || suites.has('api');

await ensureDependencies();
await ensureSystemPackages([
  // Chromium's headless shell: the browser tests' engine, lighter than the desktop browser.
  ...(withE2e ? [{ command: 'chromium-headless-shell', package: 'chromium-headless-shell' }] : []),
  ...(needsMedia
    ? [
        { command: 'ffmpeg', package: 'ffmpeg' },
        // The invoice tests read the PDFs they are sent back as text.
        { command: 'pdftotext', package: 'poppler-utils' },
      ]
    : []),
  { present: () => hasFont('Noto Sans Arabic'), package: 'fonts-noto-core', optional: true },
  { present: () => hasFont('Noto Color Emoji'), package: 'fonts-noto-color-emoji', optional: true },
]);

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// Each selection reports into a folder of its own: two runs side by side (CI runs the API
// suite on PGlite beside everything on PostgreSQL) keep their reports apart.
const label = suites.size === allSuites.length ? 'all' : [...suites].join('+');
const resultsDir = path.join(root, 'test-results', `${database.toLowerCase()}-${label}`);
fs.mkdirSync(resultsDir, { recursive: true });
const vitestJson = path.join(resultsDir, 'vitest.json');
const playwrightJson = path.join(resultsDir, 'playwright.json');
const clusterJson = path.join(resultsDir, 'cluster.json');
fs.rmSync(vitestJson, { force: true });
fs.rmSync(playwrightJson, { force: true });
fs.rmSync(clusterJson, { force: true });

console.log(`Suites: ${[...suites].join(', ')} (database: ${database}, Node ${process.version})`);
let unitCode = 0;
if (projects.length > 0) {
  console.log(`\n== Vitest: ${projects.join(', ')} (database: ${database}) ==`);
  unitCode = await run('npx', [
    'vitest',
    'run',
    // `web*`: the web tests that share their worker's jsdom and those that run isolated.
    ...projects.flatMap((name) => [
      '--project',
      name === 'web' || name === 'api' ? `${name}*` : name,
    ]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
}

let e2eCode = 0;
if (withE2e) {
  console.log(`\n== Browser end-to-end tests (database: ${database}) ==`);
  await buildWeb();
  if (process.env.DATABASE_URL) await recreateE2eDatabase(process.env.DATABASE_URL);
  e2eCode = await run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  });
}

// Last and alone: its processes (two API processes, two workers, ffmpeg) take the machine.
let clusterCode = 0;
if (withCluster) {
  console.log('\n== Multi-process tests (PostgreSQL, S3 server, proxy) ==');
  if (process.env.DATABASE_URL) {
    clusterCode = await run('npx', [
      'vitest',
      'run',
      '--project',
      'cluster',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${clusterJson}`,
    ]);
  } else {
    console.error(
      "The cluster suite needs a PostgreSQL server: set DATABASE_URL (several processes share one database; PGlite is one process's).",
    );
    clusterCode = 1;
  }
} else if (suites.has('cluster')) {
  console.log('\n== Multi-process tests: skipped (they need DATABASE_URL, a PostgreSQL server) ==');
}

let passed = 0;
let failed = 0;
// The names of the failed tests are printed again last, beside the summary: a long log's
// tail is often all a reader (or CI's report) keeps.
const failedNames = [];
/** Adds a Vitest JSON report's counts and failed tests; a run that wrote none counts as failed. */
function countVitest(file, code) {
  if (!fs.existsSync(file)) {
    if (code !== 0) failed += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const result of report.testResults) {
    for (const test of result.assertionResults) {
      if (test.status === 'failed') {
        failedNames.push(`${path.relative(root, result.name)} › ${test.fullName}`);
      }
    }
    if (result.status === 'failed' && result.assertionResults.length === 0) {
      failedNames.push(`${path.relative(root, result.name)}: ${result.message}`);
    }
  }
}
countVitest(vitestJson, unitCode);
countVitest(clusterJson, clusterCode);
if (fs.existsSync(playwrightJson)) {
  const report = JSON.parse(fs.readFileSync(playwrightJson, 'utf8'));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  failedNames.push(...failedPlaywrightTests(report.suites ?? []));
} else if (e2eCode !== 0) failed += 1;
const anyFailed = unitCode !== 0 || e2eCode !== 0 || clusterCode !== 0;
if (anyFailed && failed === 0) failed = 1;

for (const name of failedNames) console.log(`failed: ${name}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(anyFailed ? 1 : 0);

/** The suites named by `--suite` (repeated or comma-separated), every suite without it. */
function selectSuites(values) {
  if (!values || values.length === 0) return new Set(allSuites);
  const selected = new Set();
  for (const name of values.flatMap((value) => value.split(',')).map((v) => v.trim())) {
    if (!name) continue;
    const names = aliases[name] ?? (allSuites.includes(name) ? [name] : undefined);
    if (!names) {
      console.error(
        `Unknown suite "${name}": choose among ${[...allSuites, 'unit', 'all'].join(', ')}.`,
      );
      process.exit(2);
    }
    for (const one of names) selected.add(one);
  }
  // In the order they run, whatever the order asked.
  return new Set(allSuites.filter((name) => selected.has(name)));
}

/** The e2e server starts on an empty `<database>_e2e` so demo data is seeded as on a first start. */
async function recreateE2eDatabase(url) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = `${target.pathname.slice(1) || 'clipmarket'}_e2e`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

/** `file › title` of every test whose outcome was unexpected, from Playwright's JSON report. */
function failedPlaywrightTests(suites) {
  const names = [];
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'unexpected')) {
        names.push(`${spec.file} › ${spec.title}`);
      }
    }
    names.push(...failedPlaywrightTests(suite.suites ?? []));
  }
  return names;
}
