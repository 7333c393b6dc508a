import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isMatriculeFiscal } from '@clipmarket/contracts/matricule-fiscal';

/** Repository root: the one place relative data paths are resolved from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  /** The built web app the API serves (`npm run build` writes it here). */
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SEED_DEMO_DATA: bool.default(true),
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
  KONNECT_API_KEY: z.string().min(1).default('sandbox-api-key:clipmarket'),
  /** The Konnect wallet that receives payments (`receiverWalletId`). */
  KONNECT_WALLET_ID: z.string().min(1).default('clipmarket-sandbox-wallet'),
  SUPPORT_EMAIL: z.string().email().default('support@clipmarket.tn'),
  /**
   * The seller printed on invoices (issue 9 §6): Clipmarket's company name, matricule fiscal
   * and address. The defaults are the demo's; production sets the company's own.
   */
  INVOICE_SELLER_NAME: z.string().min(1).max(150).default('Clipmarket SARL'),
  INVOICE_SELLER_TAX_NUMBER: z
    .string()
    .refine(isMatriculeFiscal, 'Expected a Tunisian matricule fiscal, e.g. 1234567A/A/M/000')
    .default('1790123K/A/M/000'),
  INVOICE_SELLER_ADDRESS: z
    .string()
    .min(1)
    .max(255)
    .default('Rue du Lac Malaren, Les Berges du Lac, 1053 Tunis'),
  /** Per client address and e-mail: login and forgot-password attempts. */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Per client address alone: login, sign-up and forgot-password, whatever the e-mail. */
  AUTH_IP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: trustProxy.default(false),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
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
  /** Shown as a banner and border in the web when set to "staging". */
  APP_ENV: z.enum(['production', 'staging', 'development']).default('development'),
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
  FREE_TRIAL_DAYS: z.coerce.number().int().positive().default(30),
  FREE_TRIAL_SEARCHES: z.coerce.number().int().positive().default(100),
});

export type Env = z.infer<typeof envSchema>;

/** The one reader of process.env in the API (lint forbids it elsewhere). */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The public address of the web app, without a trailing slash (e-mail links, payment returns). */
export function publicUrlOf(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}
