// Helpers shared by the start and test scripts. Plain Node, no dependencies: they run
// before `npm ci` has installed anything.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repository, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export async function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci)…');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) process.exit(code);
}

/**
 * Builds the web app into apps/web/dist (served by the API). Its `VITE_APP_ENV` follows
 * `APP_ENV` unless set: `npm start`'s demo build shows the "Demo" marker (ADR 030).
 */
async function buildWebApp() {
  const appEnv = process.env.VITE_APP_ENV ?? process.env.APP_ENV;
  const code = await run('npm', ['run', 'build', '-w', '@clipmarket/web'], {
    env: { ...process.env, ...(appEnv ? { VITE_APP_ENV: appEnv } : {}) },
  });
  if (code !== 0) process.exit(code);
}

/** Compiles the API into apps/api/dist (plain JavaScript: what production runs, ADR 030). */
export async function buildApi() {
  const code = await run('npm', ['run', 'build', '-w', '@clipmarket/api']);
  if (code !== 0) process.exit(code);
}

/** `npm run build`: the web app and the compiled API, what `npm start` runs. */
export async function build() {
  await buildWebApp();
  await buildApi();
}

/**
 * The browser tests' build (scripts/test.mjs): the web app and the compiled API both, since
 * the end-to-end tests start the compiled server (what ships).
 */
export const buildWeb = build;

/** The compiled server (`node apps/api/dist/main.js`), with stack traces mapped to the sources. */
export const serverCommand = ['node', ['--enable-source-maps', 'apps/api/dist/main.js']];

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** A font family fontconfig knows (the browser tests' Arabic text and flag emoji). */
export function hasFont(family) {
  const result = spawnSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.toLowerCase().includes(family.toLowerCase());
}

/**
 * Debian packages the product needs at run or test time (browser for e2e, ffmpeg for video,
 * fonts for faithful screenshots): each `{ package, command }` or `{ package, present() }`;
 * an `optional` one (the fonts) only warns when it cannot be installed.
 */
export async function ensureSystemPackages(packages) {
  const missing = packages.filter((p) => !(p.present ? p.present() : hasCommand(p.command)));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.package);
  const isRoot = process.getuid?.() === 0;
  const advice = `Install them (e.g. apt-get install ${names.join(' ')}).`;
  const giveUp = () => {
    if (missing.every((p) => p.optional)) {
      console.warn(`Missing ${names.join(', ')}: screenshots will lack those glyphs. ${advice}`);
      return;
    }
    console.error(`Missing system packages: ${names.join(', ')}. ${advice}`);
    process.exit(1);
  };
  if (!isRoot || !hasCommand('apt-get')) return giveUp();
  console.log(`Installing ${names.join(', ')} with apt-get…`);
  await run('apt-get', ['update', '-qq']);
  const code = await run('apt-get', ['install', '-y', '-qq', ...names], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (code !== 0) giveUp();
}
