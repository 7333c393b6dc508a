import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isMatriculeFiscal } from '@clipmarket/contracts/matricule-fiscal';
import { apiDir } from './api-dir.js';

/** Repository root: the one place relative data paths are resolved from. */
export const repoRoot = path.resolve(apiDir, '../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (value: string) => {
  if (proxyRangeNames.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  return (
    rest.length === 0 &&
    net.isIP(address) !== 0 &&
    (prefix === undefined || /^\d{1,3}$/.test(prefix))
  );
};

/**
 * Which proxies may tell the client address through X-Forwarded-For, as Fastify's `trustProxy`
 * reads it: `false` (default: the socket's address, a header is ignored), `true` (any proxy:
 * only behind one that overwrites the header), a hop count, or a comma-separated list of proxy
 * addresses / CIDRs. Trusting a header the client can write lets it pick its own IP and escape
 * every per-address rate limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isProxyAddress)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'Expected false, true, a hop count, or a comma-separated list of addresses/CIDRs',
    });
    return z.NEVER;
  });

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify 5 no longer reads a hop count (a number trusts
 * nothing), so a count becomes proxy-addr's hop function: the nearest `count` hops are trusted,
 * which is only right when nobody reaches the app but through those proxies.
 */
export function toTrustProxy(
  value: Env['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  if (value === 0) return false;
  return (_address, hop) => hop < value;
}

/**
 * CORS_ORIGINS: comma-separated origins (`https://app.example.tn`) whose pages may call the API
 * from the browser; each is reduced to its origin.
 */
const corsOrigins = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const origins: string[] = [];
    const items = value.split(',').map((part) => part.trim());
    for (const item of items.filter(Boolean)) {
      const url = URL.canParse(item) ? new URL(item) : null;
      if (!url || !/^https?:$/.test(url.protocol)) {
        ctx.addIssue({ code: 'custom', message: `Not an http(s) origin: ${item}` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/**
 * What an instance is for (ADR 030). `development`: `npm run dev` and the tests. `demo`:
 * `npm start`, the one-command demo (embedded database, payment sandbox, demo accounts, a
 * "Demo" marker on every screen). `staging` and `production` are deployments: they refuse
 * the demo's shortcuts (see `deploymentProblems`); staging also shows its banner.
 */
export const appEnvironments = ['development', 'demo', 'staging', 'production'] as const;
export type AppEnvironment = (typeof appEnvironments)[number];
export const isDeployment = (appEnv: AppEnvironment) =>
  appEnv === 'staging' || appEnv === 'production';

/** The built-in sandbox's own credentials: the defaults, public in this repository. */
/** The demo's seller on invoices: a deployment names its own company (deploymentProblems). */
const DEMO_INVOICE_SELLER = {
  NAME: 'Clipmarket SARL',
  TAX_NUMBER: '1790123K/A/M/000',
  ADDRESS: 'Rue du Lac Malaren, Les Berges du Lac, 1053 Tunis',
};

export const SANDBOX_KONNECT_API_KEY = 'sandbox-api-key:clipmarket';
export const SANDBOX_KONNECT_WALLET_ID = 'clipmarket-sandbox-wallet';
/** The built-in Instagram and TikTok sandboxes' app credentials (issue 24 §2), public too. */
export const SANDBOX_INSTAGRAM_APP_ID = 'sandbox-instagram-app';
export const SANDBOX_INSTAGRAM_APP_SECRET = 'sandbox-instagram-secret';
export const SANDBOX_TIKTOK_CLIENT_KEY = 'sandbox-tiktok-client';
export const SANDBOX_TIKTOK_CLIENT_SECRET = 'sandbox-tiktok-secret';

/** 32 bytes as 64 hex digits or base64: the AES-256-GCM key of connected accounts' tokens. */
const tokenKey = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^[0-9a-f]{64}$/i.test(value) ||
      (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32),
    'Expected 32 random bytes in base64 or hex (openssl rand -base64 32)',
  );

const envSchema = z.object({
  /**
   * How Node runs (`production`: compiled JavaScript, no development tools). Unset: follows
   * APP_ENV (`development` for development, else `production`).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public URL of the web app, used in e-mail links. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Other origins allowed to call the API from a browser (CORS). Unset: the PUBLIC_URL origin
   * only (the web app is served by the API itself, so same-origin needs nothing).
   */
  CORS_ORIGINS: corsOrigins.optional(),
  /** postgres://… selects a PostgreSQL server; empty means embedded PGlite. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /**
   * The unfinished video uploads' bytes (ADR 043). Every API process of a deployment mounts
   * the same folder, since any of them may continue an upload: a local folder on one machine, a
   * shared volume (NFS, EFS…) across several. Unset: `DATA_DIR/tus`.
   */
  UPLOADS_DIR: z.string().optional(),
  /** The built web app the API serves (`npm run build` writes it here). */
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Load the demo accounts and creators on start. Unset: yes in development and demo, no else. */
  SEED_DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The largest image upload in bytes (videos: the business setting `video_upload_max_megabytes`). */
  MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Clipmarket <no-reply@clipmarket.tn>'),
  /**
   * Konnect's REST API (`https://api.konnect.network/api/v2`). Unset: the Konnect-compatible
   * sandbox built into Clipmarket (`/sandbox/konnect`), so payments work with no outside service.
   */
  KONNECT_API_URL: z.string().url().optional(),
  /** `x-api-key` for Konnect (`<id>:<secret>`); the sandbox accepts its default. */
  KONNECT_API_KEY: z.string().min(1).default(SANDBOX_KONNECT_API_KEY),
  /** The Konnect wallet that receives payments (`receiverWalletId`). */
  KONNECT_WALLET_ID: z.string().min(1).default(SANDBOX_KONNECT_WALLET_ID),
  /**
   * Instagram's Graph API (`https://graph.instagram.com`) for publication metrics; with it the
   * OAuth pages are Instagram's own. Unset: the Instagram sandbox built in (`/sandbox/social`).
   */
  INSTAGRAM_API_URL: z.string().url().optional(),
  INSTAGRAM_APP_ID: z.string().min(1).default(SANDBOX_INSTAGRAM_APP_ID),
  INSTAGRAM_APP_SECRET: z.string().min(1).default(SANDBOX_INSTAGRAM_APP_SECRET),
  /** TikTok's API (`https://open.tiktokapis.com`). Unset: the TikTok sandbox built in. */
  TIKTOK_API_URL: z.string().url().optional(),
  TIKTOK_CLIENT_KEY: z.string().min(1).default(SANDBOX_TIKTOK_CLIENT_KEY),
  TIKTOK_CLIENT_SECRET: z.string().min(1).default(SANDBOX_TIKTOK_CLIENT_SECRET),
  /** Key of the connected accounts' tokens at rest. Unset: generated into DATA_DIR (not in a deployment). */
  METRICS_TOKEN_KEY: tokenKey.optional(),
  SUPPORT_EMAIL: z.string().email().default('support@clipmarket.tn'),
  /**
   * The seller printed on invoices (issue 9 §6): Clipmarket's company name, matricule fiscal
   * and address. The defaults are the demo's; production sets the company's own.
   */
  INVOICE_SELLER_NAME: z.string().min(1).max(150).default(DEMO_INVOICE_SELLER.NAME),
  INVOICE_SELLER_TAX_NUMBER: z
    .string()
    .refine(isMatriculeFiscal, 'Expected a Tunisian matricule fiscal, e.g. 1234567A/A/M/000')
    .default(DEMO_INVOICE_SELLER.TAX_NUMBER),
  INVOICE_SELLER_ADDRESS: z.string().min(1).max(255).default(DEMO_INVOICE_SELLER.ADDRESS),
  /**
   * Where invoices' TEIF files are submitted (issue 27 §4, ADR 045): `local`, the built-in
   * platform that checks the file against the schema and accepts it (the only one today; TTN's
   * El Fatoora adapter needs an adhesion and a certificate, docs/einvoicing.md).
   */
  EINVOICE_PLATFORM: z.enum(['local']).default('local'),
  /** Per client address and e-mail: login and forgot-password attempts. */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Per client address alone: login, sign-up and forgot-password, whatever the e-mail. */
  AUTH_IP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: trustProxy.default(false),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Per client address: visits of tracked links (`/l/{code}`). */
  LINK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /**
   * Prefix of this instance's rate-limit counters in the database, which every process sharing
   * it counts together. Empty by default; set only to keep apart instances that must not (tests).
   */
  RATE_LIMIT_NAMESPACE: z.string().default(''),
  /** The ffmpeg and ffprobe binaries of the video processing (issue 11 §2); PATH by default. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /** Video previews made at once by one process (each ffmpeg at the lowest CPU priority). */
  VIDEO_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * A preview's ffmpeg is killed past BASE + FACTOR × the video's length (seconds): 120 s +
   * 20 × 60 s = 22 min for a minute of video (a 1080p minute takes 43 s here, 4K about four
   * times that); the job then fails and is retried, then dead-lettered.
   */
  VIDEO_PREVIEW_TIMEOUT_BASE_SECONDS: z.coerce.number().int().min(1).default(120),
  VIDEO_PREVIEW_TIMEOUT_FACTOR: z.coerce.number().min(0.1).max(1000).default(20),
  /** What the instance is for (see `appEnvironments`); `staging` and `production` are deployments. */
  APP_ENV: z.enum(appEnvironments).default('development'),
  /** Feature flags of spec §2 (chat false, shortlist true, campaign false, feedback false, contact true). */
  FEATURE_CHAT: bool.default(false),
  FEATURE_SHORTLIST: bool.default(true),
  FEATURE_CAMPAIGN: bool.default(false),
  FEATURE_FEEDBACK: bool.default(false),
  FEATURE_CONTACT: bool.default(true),
  /** Run the background job workers in the API process (`npm run worker` runs them apart). */
  RUN_WORKERS: bool.default(true),
  /** Postgres schema of the job queue's tables. */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('pgboss'),
  /** How often an idle worker looks for jobs; new jobs of this process wake it at once. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /**
   * Caps how long a running job may take before the queue takes it as lost (its worker was
   * killed) and retries it, and how often the queue looks for such jobs. Unset: each job's own
   * (15 min; a video's processing 60 min). The multi-process test sets it short.
   */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).optional(),
  /**
   * The port of the Prometheus metrics (`/metrics` only, a server of its own: scraped from
   * inside the network, never exposed through the load balancer). Unset: no metrics server.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * On SIGTERM/SIGINT: how long the process drains (requests under way finish, running jobs
   * finish or go back to their queue) before it closes what is left and exits.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(25),
  FREE_TRIAL_DAYS: z.coerce.number().int().positive().default(30),
  FREE_TRIAL_SEARCHES: z.coerce.number().int().positive().default(100),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, 'NODE_ENV' | 'SEED_DEMO_DATA'> & {
  NODE_ENV: NonNullable<ParsedEnv['NODE_ENV']>;
  SEED_DEMO_DATA: boolean;
};

/** The settings are wrong: every problem found, one sentence each, for the operator. */
export class ConfigurationError extends Error {
  constructor(
    readonly problems: string[],
    appEnv: string,
  ) {
    const list = problems.map((problem) => `- ${problem}`).join('\n');
    super(`Invalid configuration (APP_ENV=${appEnv}):\n${list}`);
    this.name = 'ConfigurationError';
  }
}

/**
 * What a deployment (APP_ENV staging or production) refuses (ADR 030): the demo's shortcuts,
 * each harmless on a laptop and an open door on the Internet. Read from the raw settings, so
 * that they are all listed at once beside any malformed value.
 */
export function deploymentProblems(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const given = (name: string) => source[name] !== undefined && source[name] !== '';
  if (given('NODE_ENV') && source.NODE_ENV !== 'production') {
    problems.push(
      `NODE_ENV=${source.NODE_ENV}: a deployment runs with NODE_ENV=production (or NODE_ENV unset).`,
    );
  }
  if (!given('KONNECT_API_URL')) {
    problems.push(
      "KONNECT_API_URL is not set: the built-in payment sandbox (whose test card credits a wallet for free) is for the demo only. Set Konnect's API, https://api.konnect.network/api/v2.",
    );
  }
  if (!given('KONNECT_API_KEY') || source.KONNECT_API_KEY === SANDBOX_KONNECT_API_KEY) {
    problems.push(
      "KONNECT_API_KEY is missing or is the sandbox's: set the Konnect API key (`<id>:<secret>`) of Clipmarket's account.",
    );
  }
  if (!given('KONNECT_WALLET_ID') || source.KONNECT_WALLET_ID === SANDBOX_KONNECT_WALLET_ID) {
    problems.push(
      "KONNECT_WALLET_ID is missing or is the sandbox's: set the Konnect wallet that receives the payments.",
    );
  }
  if (given('SEED_DEMO_DATA') && bool.safeParse(source.SEED_DEMO_DATA).data !== false) {
    problems.push(
      'SEED_DEMO_DATA is set: the demo accounts (with the published password) never go into a deployment. Remove SEED_DEMO_DATA or set it to false.',
    );
  }
  if (!given('JWT_SECRET')) {
    problems.push(
      'JWT_SECRET is not set: a deployment does not generate its signing secret into DATA_DIR (different on every machine, lost with the disk). Set 32 or more random characters (openssl rand -base64 48).',
    );
  }
  const sellerMissing = Object.entries(DEMO_INVOICE_SELLER)
    .map(([field, demoValue]) => [`INVOICE_SELLER_${field}`, demoValue])
    .filter(([name, demoValue]) => !given(name!) || source[name!] === demoValue)
    .map(([name]) => name);
  if (sellerMissing.length > 0) {
    problems.push(
      `${sellerMissing.join(', ')} missing or the demo's: invoices name the seller, Clipmarket's own company (name, matricule fiscal, address).`,
    );
  }
  if (!given('PUBLIC_URL')) {
    problems.push(
      'PUBLIC_URL is not set: the public address of the web app (https://…) is needed for e-mail links and the payment return and webhook.',
    );
  }
  problems.push(...socialMetricsProblems(source, given));
  return problems;
}

/**
 * Publication metrics in a deployment (issue 24 §2): the real Instagram and TikTok APIs with
 * Clipmarket's own apps (the sandboxes answer made-up figures), and a key for the tokens.
 */
function socialMetricsProblems(
  source: Record<string, string | undefined>,
  given: (name: string) => boolean,
): string[] {
  const problems: string[] = [];
  const platforms = [
    {
      name: 'Instagram',
      urlVariable: 'INSTAGRAM_API_URL',
      realUrl: 'https://graph.instagram.com',
      credentials: {
        INSTAGRAM_APP_ID: SANDBOX_INSTAGRAM_APP_ID,
        INSTAGRAM_APP_SECRET: SANDBOX_INSTAGRAM_APP_SECRET,
      },
    },
    {
      name: 'TikTok',
      urlVariable: 'TIKTOK_API_URL',
      realUrl: 'https://open.tiktokapis.com',
      credentials: {
        TIKTOK_CLIENT_KEY: SANDBOX_TIKTOK_CLIENT_KEY,
        TIKTOK_CLIENT_SECRET: SANDBOX_TIKTOK_CLIENT_SECRET,
      },
    },
  ];
  for (const { name, urlVariable, realUrl, credentials } of platforms) {
    if (!given(urlVariable)) {
      problems.push(
        `${urlVariable} is not set: the built-in ${name} sandbox (made-up figures) is for the demo only. Set ${name}'s API, ${realUrl}.`,
      );
    }
    const missing = Object.entries(credentials)
      .filter(([variable, sandboxValue]) => !given(variable) || source[variable] === sandboxValue)
      .map(([variable]) => variable);
    if (missing.length > 0) {
      problems.push(
        `${missing.join(', ')} missing or the sandbox's: set the credentials of Clipmarket's ${name} app.`,
      );
    }
  }
  if (!given('METRICS_TOKEN_KEY')) {
    problems.push(
      "METRICS_TOKEN_KEY is not set: creators' Instagram and TikTok tokens are encrypted with it, and a deployment does not generate it. Set 32 random bytes (openssl rand -base64 32).",
    );
  }
  return problems;
}

/** The one reader of process.env in the API (lint forbids it elsewhere). */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`);
  const appEnv = appEnvironments.find((name) => name === cleaned.APP_ENV) ?? 'development';
  if (isDeployment(appEnv)) problems.push(...deploymentProblems(cleaned));
  if (!parsed.success || problems.length > 0) throw new ConfigurationError(problems, appEnv);
  const developing = parsed.data.APP_ENV === 'development';
  return {
    ...parsed.data,
    NODE_ENV: parsed.data.NODE_ENV ?? (developing ? 'development' : 'production'),
    SEED_DEMO_DATA: parsed.data.SEED_DEMO_DATA ?? (developing || parsed.data.APP_ENV === 'demo'),
  };
}

/**
 * loadEnv for a command (server, worker, migrations): wrong settings are printed, every
 * problem at once and no stack trace, and the process ends with exit code 1.
 */
export function loadEnvOrExit(source: NodeJS.ProcessEnv = process.env): Env {
  try {
    return loadEnv(source);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    process.stderr.write(`Clipmarket cannot start. ${error.message}\n`);
    process.exit(1);
  }
}

/** The public address of the web app, without a trailing slash (e-mail links, payment returns). */
export function publicUrlOf(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}
