import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiDir } from '../src/platform/api-dir.js';
import { recreatePostgresDatabase } from '../src/platform/db/recreate.js';
import { loadEnv } from '../src/platform/env.js';
import { startS3Server, type TestS3Server } from '../src/test/s3-server.js';
import { waitFor } from '../src/test/wait-for.js';

/**
 * Clipmarket as a deployment runs it, on one machine: the compiled API (`node dist/main.js`,
 * `node dist/worker.js`, built once per run) in N API processes (`RUN_WORKERS=false`, each on
 * its port) and M worker processes, on one PostgreSQL database created fresh from
 * DATABASE_URL's server (`<database>_cluster`), an S3 server (s3rver) for the files, one
 * folder every process shares for unfinished uploads (`UPLOADS_DIR`), and a round-robin proxy
 * in front (proxy.mjs). Every process runs in a process group of its own (its ffmpeg children
 * with it), so `kill('SIGKILL')` is a machine gone; all are killed when the cluster stops or
 * the caller's process exits.
 */

/** Same in every process: tokens signed by one are valid in all (and in the setup app). */
export const CLUSTER_JWT_SECRET = 'cluster-secret-cluster-secret-0123456789';
const METRICS_TOKEN_KEY = 'ab'.repeat(32);
const BOOT_TIMEOUT_MS = 120_000;
const LOG_LIMIT = 4_000_000;

export interface ClusterProcess {
  name: string;
  pid: number;
  /** Its own HTTP address (API processes; undefined for workers). */
  url: string | undefined;
  dataDir: string;
  /** What it printed (pino JSON lines), its latest few megabytes. */
  log(): string;
  isRunning(): boolean;
  /** Signals its process group; resolves once it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** The proxy's address: what clients use. */
  url: string;
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  databaseUrl: string;
  /** The settings every process has (the setup app takes them too). */
  env: Record<string, string>;
  s3: TestS3Server;
  /** Starts one more worker process; resolves once its workers run. */
  startWorker(): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  apis: number;
  workers: number;
  /** Settings for every process, beside (and over) the cluster's own. */
  env?: Record<string, string>;
  /** Label of the run's database, `<DATABASE_URL database>_<label>` (default `cluster`). */
  databaseLabel?: string;
}

/** `<DATABASE_URL's database>_<label>`; throws when DATABASE_URL is not set. */
export function clusterDatabaseUrl(label = 'cluster'): string {
  const { DATABASE_URL } = loadEnv();
  if (!DATABASE_URL) {
    throw new Error(
      'The multi-process tests need a PostgreSQL server: set DATABASE_URL (postgres://…).',
    );
  }
  const url = new URL(DATABASE_URL);
  url.pathname = `/${url.pathname.slice(1) || 'clipmarket'}_${label}`;
  return url.toString();
}

/** A TCP port free on loopback now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};
// The processes are detached (groups of their own): nothing else would end them with us.
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

function spawnGroup(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: path.resolve(apiDir, '../..'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  let log = '';
  const keep = (chunk: string) => (log = (log + chunk).slice(-LOG_LIMIT));
  child.stdout!.setEncoding('utf8').on('data', keep);
  child.stderr!.setEncoding('utf8').on('data', keep);
  return { child, exited, log: () => log };
}

function clusterProcess(
  name: string,
  url: string | undefined,
  dataDir: string,
  started: ReturnType<typeof spawnGroup>,
): ClusterProcess {
  const { child, exited } = started;
  return {
    name,
    pid: child.pid!,
    url,
    dataDir,
    log: started.log,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child, signal);
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
      killGroup(child, 'SIGKILL'); // its children (ffmpeg), if any were left
    },
  };
}

/** Compiles the API (apps/api/build.mjs) into a folder of its own; answers the folder. */
function buildApi(): string {
  // `.test-build-*` folders of apps/api are git-ignored; the migrations are found from there.
  const outdir = path.join(apiDir, `.test-build-cluster-${process.pid}`);
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], {
    cwd: apiDir,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`API build failed:\n${built.stdout}${built.stderr}`);
  return outdir;
}

/**
 * Until `isReady` says so; fails at once, with the end of its output, if the process exits
 * (or at the boot timeout).
 */
async function waitStarted(one: ClusterProcess, isReady: () => Promise<boolean> | boolean) {
  const outcome = await waitFor(
    async () => (!one.isRunning() ? 'exited' : (await isReady()) ? 'ready' : undefined),
    { timeoutMs: BOOT_TIMEOUT_MS, intervalMs: 100, what: `${one.name} to start` },
  ).catch((error: Error) => error);
  if (outcome !== 'ready') {
    const reason = outcome === 'exited' ? 'exited' : outcome.message;
    throw new Error(`${one.name} ${reason}:\n${one.log().slice(-4000)}`);
  }
}

/** An API process answers readiness (`/v2/health/ready`, else `/v2/health` where there is none). */
async function answersReady(url: string): Promise<boolean> {
  const ready = await fetch(`${url}/v2/health/ready`).catch(() => null);
  if (ready?.status === 404)
    return (await fetch(`${url}/v2/health`).catch(() => null))?.ok ?? false;
  return ready?.ok ?? false;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-cluster-'));
  const uploadsDir = path.join(work, 'uploads');
  fs.mkdirSync(uploadsDir);
  const databaseUrl = clusterDatabaseUrl(options.databaseLabel);
  const started: ClusterProcess[] = [];
  let s3: TestS3Server | undefined;
  let proxy: ClusterProcess | undefined;
  let buildDir: string | undefined;

  const stop = async () => {
    await Promise.all([...started, ...(proxy ? [proxy] : [])].map((p) => p.kill('SIGTERM')));
    await s3?.close();
    if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  };

  try {
    buildDir = buildApi();
    await recreatePostgresDatabase(databaseUrl);
    s3 = await startS3Server('clipmarket-cluster');
    const apiPorts = await Promise.all(Array.from({ length: options.apis }, freePort));

    const proxyRun = spawnGroup(
      process.execPath,
      [path.join(import.meta.dirname, 'proxy.mjs'), '0', ...apiPorts.map(String)],
      { PATH: process.env.PATH ?? '' },
    );
    const proxyPort = await waitFor(() => /listening on (\d+)/.exec(proxyRun.log())?.[1], {
      what: 'the proxy to listen',
    });
    const url = `http://127.0.0.1:${proxyPort}`;
    proxy = clusterProcess('proxy', url, work, proxyRun);

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // Not a deployment: the built-in payment sandbox pays the tests' wallets.
      APP_ENV: 'development',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      JWT_SECRET: CLUSTER_JWT_SECRET,
      METRICS_TOKEN_KEY,
      UPLOADS_DIR: uploadsDir,
      // The proxy appends the client's address; the tests name theirs in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      // A worker fetches jobs staged by the API processes at its next poll.
      JOB_POLL_SECONDS: '0.5',
      SHUTDOWN_GRACE_SECONDS: '5',
      ...s3.env,
      ...options.env,
    };

    let apiCount = 0;
    let workerCount = 0;
    const startProcess = async (kind: 'api' | 'worker', port?: number) => {
      const name = kind === 'api' ? `api-${(apiCount += 1)}` : `worker-${(workerCount += 1)}`;
      const dataDir = path.join(work, name);
      fs.mkdirSync(dataDir);
      const metricsPort = await freePort();
      const processEnv = {
        ...env,
        DATA_DIR: dataDir,
        ...(port ? { PORT: String(port) } : {}),
        METRICS_PORT: String(metricsPort),
        RUN_WORKERS: kind === 'worker' ? 'true' : 'false',
      };
      const entry = path.join(buildDir!, kind === 'api' ? 'main.js' : 'worker.js');
      const run = spawnGroup(process.execPath, ['--enable-source-maps', entry], processEnv);
      const one = clusterProcess(name, port ? `http://127.0.0.1:${port}` : undefined, dataDir, run);
      started.push(one);
      // A worker serves its metrics once its job workers run (worker.ts).
      await waitStarted(one, async () =>
        kind === 'api'
          ? answersReady(one.url!)
          : Boolean((await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => null))?.ok),
      );
      return one;
    };

    // The first API process migrates the new database; the others start on a migrated one.
    const apis = [await startProcess('api', apiPorts[0])];
    apis.push(...(await Promise.all(apiPorts.slice(1).map((port) => startProcess('api', port)))));
    const workers = await Promise.all(
      Array.from({ length: options.workers }, () => startProcess('worker')),
    );
    return {
      url,
      apis,
      workers,
      databaseUrl,
      env,
      s3,
      async startWorker() {
        const worker = await startProcess('worker');
        workers.push(worker);
        return worker;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
