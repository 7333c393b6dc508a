// Helpers shared by the benchmark parts run as scripts of their own (scripts/bench-video.mjs,
// scripts/bench-images.mjs): a real API process on PGlite in a temp data folder with demo data,
// signed-in calls, an open-loop paced load timed per request, percentiles, and the section of
// docs/benchmarks.md each part writes. Run with `node --import tsx` like those scripts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { root } from './lib.mjs';

const SERVER_BOOT_MS = 300_000;
const TOOL_MS = 10 * 60_000;

export const MB = 1_000_000;
export const round = (value, digits = 1) => Number(value.toFixed(digits));
export const seconds = (fromMs) => (performance.now() - fromMs) / 1000;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** Runs a tool to its end (output discarded, stderr's tail kept for the error); rejects on failure. */
export function runTool(command, args, timeoutMs = TOOL_MS) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} failed (${code ?? 'killed'}): ${stderr}`));
    });
  });
}

/** `VmRSS` or `VmHWM` of a process, in bytes (undefined once it is gone). */
export function procMemory(pid, field) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** The processes whose parent is `pid`: `{ pid, comm }`. */
export function childrenOf(pid) {
  const children = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      if (ppid === pid) children.push({ pid: Number(name), comm });
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

export const isAlive = (pid) => fs.existsSync(`/proc/${pid}`);

/** Polls `probe` until it returns something truthy (returned), or throws after `timeoutMs`. */
export async function waitUntil(what, timeoutMs, probe, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** A TCP port free on loopback now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The API process, in a process group of its own (its ffmpeg children die with it). */
export async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STORAGE_DRIVER: 'local',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
      RUN_WORKERS: 'true',
      FFMPEG_PATH: 'ffmpeg',
      FFPROBE_PATH: 'ffprobe',
    },
  });
  let log = '';
  const keep = (chunk) => (log = (log + chunk).slice(-8000));
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const server = { child, base, log: () => log };
  try {
    await waitUntil(
      'the API to answer /v2/health',
      SERVER_BOOT_MS,
      async () => {
        if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}):\n${log}`);
        return fetch(`${base}/v2/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      500,
    );
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return server;
}

/**
 * A bench part's workspace: a temp folder (`work`, with `dataDir` for the API) and the API
 * process it starts there (`start()`, `stop()`); both are gone when `body` ends, fails or the
 * run is interrupted (Ctrl-C).
 */
export async function withBenchWorkspace(prefix, body) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  let server;
  const abort = () => {
    if (server) {
      try {
        process.kill(-server.child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(130);
  };
  const stop = async () => {
    if (server) await stopServer(server);
    server = undefined;
  };
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  try {
    return await body({
      work,
      dataDir,
      start: async () => (server = await startServer(dataDir)),
      stop,
    });
  } finally {
    await stop();
    fs.rmSync(work, { recursive: true, force: true });
    process.off('SIGINT', abort);
    process.off('SIGTERM', abort);
  }
}

/** SIGTERM to the server's process group, SIGKILL if it is still there after 15 s. */
export async function stopServer(server) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  signalGroup('SIGKILL'); // children left behind in the group, if any
}

/** A JSON call to the API; throws on a status other than 2xx. */
export async function api(server, token, method, url, body, headers = {}) {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** The access token of a demo account (password Demo1234). */
export async function signIn(server, email) {
  const login = await api(server, null, 'POST', '/v2/auth/login', { email, password: 'Demo1234' });
  return login.data.accessToken;
}

/** ffmpeg children of `pid`, with their command lines. */
export function ffmpegChildren(pid) {
  return childrenOf(pid)
    .filter((c) => c.comm === 'ffmpeg')
    .map((c) => {
      let cmdline = '';
      try {
        cmdline = fs.readFileSync(`/proc/${c.pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        // gone meanwhile
      }
      return { ...c, cmdline };
    });
}

/**
 * Open-loop paced load: one request every 1000 / `rate` ms, alternating the endpoints, each
 * timed from the moment it was due to its last byte (a late answer does not delay the next
 * request, so queueing shows). Stops after `maxSeconds` or when `keepGoing` says so. Runs in a
 * worker thread of its own: what the bench does meanwhile on its main thread (sending 9 MB
 * uploads, polling the API's CPU) would otherwise delay the requests and count as the API's
 * latency.
 */
export async function pacedLoad(
  server,
  token,
  endpoints,
  maxSeconds,
  { rate = 100, keepGoing = () => true } = {},
) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { pacedLoad: { base: server.base, token, endpoints, maxSeconds, rate } },
  });
  const stopWhenDone = setInterval(() => {
    if (!keepGoing()) worker.postMessage('stop');
  }, 20);
  try {
    return await resultOfThread(worker, 'the paced load');
  } finally {
    clearInterval(stopWhenDone);
  }
}

/**
 * The one message a bench thread posts when done (its result); rejects if it fails or exits
 * first. The thread is ended either way.
 */
export async function resultOfThread(worker, name) {
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`${name}'s thread exited (${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}

if (!isMainThread && workerData?.pacedLoad) {
  const { base, token, endpoints, maxSeconds, rate } = workerData.pacedLoad;
  let stopped = false;
  parentPort.on('message', (message) => {
    if (message === 'stop') stopped = true;
  });
  const results = await pacedLoadHere({ base }, token, endpoints, maxSeconds, {
    rate,
    keepGoing: () => !stopped,
  });
  parentPort.postMessage(results);
}

async function pacedLoadHere(
  server,
  token,
  endpoints,
  maxSeconds,
  { rate = 100, keepGoing = () => true } = {},
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const latencies = endpoints.map(() => []);
  const errors = endpoints.map(() => 0);
  const pending = new Set();
  const interval = 1000 / rate;
  const started = performance.now();
  let sent = 0;
  while (seconds(started) < maxSeconds && keepGoing()) {
    const due = started + sent * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const index = sent % endpoints.length;
    sent += 1;
    const endpoint = endpoints[index];
    const request = new Promise((resolve) => {
      const req = http.get(
        `${server.base}${endpoint.url}`,
        { agent, headers: endpoint.auth ? { authorization: `Bearer ${token}` } : {} },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies[index].push(performance.now() - due);
            if (response.statusCode !== 200) errors[index] += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors[index] += 1;
        resolve();
      });
    });
    pending.add(request);
    void request.then(() => pending.delete(request));
  }
  const elapsed = seconds(started);
  await Promise.all(pending);
  agent.destroy();
  return endpoints.map((endpoint, i) => ({
    endpoint: endpoint.label,
    seconds: elapsed,
    requests: latencies[i].length,
    p50: percentile(latencies[i], 50),
    p99: percentile(latencies[i], 99),
    max: Math.max(...latencies[i]),
    errors: errors[i],
  }));
}

/** A goal's verdict in a table. */
export const ok = (pass) => (pass ? 'ok' : '**MISSED**');

/**
 * Rewrites one `## <heading>` section of docs/benchmarks.md, keeping the others; a new one goes
 * before the `## <before>` section when given and present, else at the end.
 */
export function replaceSection(file, heading, section, { before } = {}) {
  const pattern = new RegExp(
    `^## ${heading}\\b[^\\n]*\\n[\\s\\S]*?(?=^## (?!#)|(?![\\s\\S]))`,
    'm',
  );
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const next = before ? new RegExp(`^## ${before}\\b`, 'm') : undefined;
  const updated = pattern.test(current)
    ? current.replace(pattern, `${section}\n`)
    : next?.test(current)
      ? current.replace(next, (heading) => `${section}\n${heading}`)
      : `${current.trimEnd()}\n\n${section}`;
  fs.writeFileSync(file, updated);
}

const cpuModel = os.cpus()[0]?.model ?? 'unknown CPU';
/** The machine, as the benchmark sections describe it. */
export const machine = `${os.cpus().length} × ${cpuModel}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;

/**
 * Waits until the API process `pid` has had no ffmpeg child for `quietMs` (the demo data's own
 * videos are processed by jobs after the boot), so an idle window is idle.
 */
export async function waitForNoFfmpeg(pid, quietMs = 5000, timeoutMs = 300_000) {
  let quietSince = performance.now();
  await waitUntil(
    "the demo videos' processing to end",
    timeoutMs,
    () => {
      if (ffmpegChildren(pid).length > 0) quietSince = performance.now();
      return performance.now() - quietSince > quietMs;
    },
    200,
  );
}
