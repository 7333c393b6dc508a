import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root: the one place relative data paths are resolved from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public URL of the web app, used in e-mail links. */
  PUBLIC_URL: z.string().url().optional(),
  /** postgres://… selects a PostgreSQL server; empty means embedded PGlite. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SEED_DEMO_DATA: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Upload limits in bytes. */
  MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(209_715_200),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Clipmarket <no-reply@clipmarket.tn>'),
  SUPPORT_EMAIL: z.string().email().default('support@clipmarket.tn'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Shown as a banner and border in the web when set to "staging". */
  APP_ENV: z.enum(['production', 'staging', 'development']).default('development'),
  /** Feature flags of spec §2 (chat false, shortlist true, campaign false, feedback false, contact true). */
  FEATURE_CHAT: bool.default(false),
  FEATURE_SHORTLIST: bool.default(true),
  FEATURE_CAMPAIGN: bool.default(false),
  FEATURE_FEEDBACK: bool.default(false),
  FEATURE_CONTACT: bool.default(true),
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
