import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  loadEnv,
  SANDBOX_KONNECT_API_KEY,
  SANDBOX_INSTAGRAM_APP_SECRET,
  SANDBOX_KONNECT_WALLET_ID,
  toTrustProxy,
} from './env.js';

describe('env: TRUST_PROXY', () => {
  const trustProxy = (value?: string) =>
    loadEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('is off by default: a client cannot choose its address with X-Forwarded-For', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
  });

  it('reads true, a hop count, or a list of addresses and CIDRs', () => {
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 172.16.0.0/12,loopback, ::1')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
      '::1',
    ]);
  });

  it('refuses anything else at start-up', () => {
    expect(() => trustProxy('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy('10.0.0.1,proxy.local')).toThrow(/TRUST_PROXY/);
  });

  it('turns a hop count into a hop function for Fastify (which reads no count itself)', () => {
    const trust = toTrustProxy(2);
    expect(typeof trust).toBe('function');
    const hop = trust as (address: string, hop: number) => boolean;
    expect([hop('10.0.0.1', 0), hop('10.0.0.2', 1), hop('10.0.0.3', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(toTrustProxy(0)).toBe(false);
    expect(toTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});

describe('env: video tools', () => {
  it('runs ffmpeg and ffprobe from PATH unless FFMPEG_PATH / FFPROBE_PATH say otherwise', () => {
    expect(loadEnv({})).toMatchObject({ FFMPEG_PATH: 'ffmpeg', FFPROBE_PATH: 'ffprobe' });
    expect(
      loadEnv({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe' }),
    ).toMatchObject({
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe',
    });
  });
});

describe('env: demo mode and deployments (ADR 030)', () => {
  /** A deployment's complete configuration: Konnect, a secret, its address, no demo data. */
  const deployment = {
    APP_ENV: 'production',
    KONNECT_API_URL: 'https://api.konnect.network/api/v2',
    KONNECT_API_KEY: '65f0c0ffee:s3cr3t-key',
    KONNECT_WALLET_ID: '65f0c0ffee0000000000wallet',
    JWT_SECRET: 'a-deployment-secret-of-forty-characters!',
    PUBLIC_URL: 'https://clipmarket.tn',
    INVOICE_SELLER_NAME: 'Clipmarket SA',
    INVOICE_SELLER_TAX_NUMBER: '1234567A/A/M/000',
    INVOICE_SELLER_ADDRESS: 'Avenue Habib Bourguiba, 1000 Tunis',
    INSTAGRAM_API_URL: 'https://graph.instagram.com',
    INSTAGRAM_APP_ID: '1234567890123456',
    INSTAGRAM_APP_SECRET: 'an-instagram-app-secret',
    TIKTOK_API_URL: 'https://open.tiktokapis.com',
    TIKTOK_CLIENT_KEY: 'aw1234tiktokkey',
    TIKTOK_CLIENT_SECRET: 'a-tiktok-client-secret',
    METRICS_TOKEN_KEY: 'q83vEjJ0d5U0lW0u2m0o7Qmv3dJx3v1J3m7bZf0m2kE=',
  };
  const problemsOf = (source: Record<string, string>) => {
    try {
      loadEnv(source);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      return (error as ConfigurationError).problems;
    }
  };

  it('lets development and the demo run with the sandbox, demo data and a generated secret', () => {
    expect(loadEnv({})).toMatchObject({
      APP_ENV: 'development',
      NODE_ENV: 'development',
      SEED_DEMO_DATA: true,
    });
    const demo = loadEnv({ APP_ENV: 'demo' });
    expect(demo).toMatchObject({ NODE_ENV: 'production', SEED_DEMO_DATA: true });
    expect(demo.KONNECT_API_URL).toBeUndefined();
    expect(demo.JWT_SECRET).toBeUndefined();
  });

  it('starts a deployment that is fully configured, without demo data and in NODE_ENV production', () => {
    expect(loadEnv(deployment)).toMatchObject({
      APP_ENV: 'production',
      NODE_ENV: 'production',
      SEED_DEMO_DATA: false,
    });
    expect(loadEnv({ ...deployment, APP_ENV: 'staging', SEED_DEMO_DATA: 'false' })).toMatchObject({
      SEED_DEMO_DATA: false,
    });
  });

  it('refuses a production start with no configuration, listing every problem at once', () => {
    const problems = problemsOf({ APP_ENV: 'production' });
    expect(problems).toHaveLength(11);
    expect(problems[0]).toMatch(/^KONNECT_API_URL is not set: the built-in payment sandbox/);
    expect(problems[1]).toMatch(/^KONNECT_API_KEY is missing or is the sandbox's/);
    expect(problems[2]).toMatch(/^KONNECT_WALLET_ID is missing or is the sandbox's/);
    expect(problems[3]).toMatch(/^JWT_SECRET is not set: a deployment does not generate/);
    expect(problems[4]).toMatch(
      /^INVOICE_SELLER_NAME, INVOICE_SELLER_TAX_NUMBER, INVOICE_SELLER_ADDRESS missing or the demo's/,
    );
    expect(problems[5]).toMatch(/^PUBLIC_URL is not set/);
    expect(problems[6]).toMatch(/^INSTAGRAM_API_URL is not set: the built-in Instagram sandbox/);
    expect(problems[7]).toMatch(/^INSTAGRAM_APP_ID, INSTAGRAM_APP_SECRET missing or the sandbox's/);
    expect(problems[8]).toMatch(/^TIKTOK_API_URL is not set: the built-in TikTok sandbox/);
    expect(problems[9]).toMatch(
      /^TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET missing or the sandbox's/,
    );
    expect(problems[10]).toMatch(/^METRICS_TOKEN_KEY is not set/);
    expect(() => loadEnv({ APP_ENV: 'production' })).toThrow(
      /^Invalid configuration \(APP_ENV=production\):\n- KONNECT_API_URL/,
    );
  });

  it.each([
    ['the sandbox', { KONNECT_API_URL: '' }, /^KONNECT_API_URL is not set/],
    ['demo data', { SEED_DEMO_DATA: 'true' }, /^SEED_DEMO_DATA is set: the demo accounts/],
    ['a generated JWT secret', { JWT_SECRET: '' }, /^JWT_SECRET is not set/],
    ['no PUBLIC_URL', { PUBLIC_URL: '' }, /^PUBLIC_URL is not set/],
    ['no Konnect API key', { KONNECT_API_KEY: '' }, /^KONNECT_API_KEY is missing/],
    [
      "the sandbox's API key",
      { KONNECT_API_KEY: SANDBOX_KONNECT_API_KEY },
      /^KONNECT_API_KEY is missing or is the sandbox's/,
    ],
    ['no Konnect wallet', { KONNECT_WALLET_ID: '' }, /^KONNECT_WALLET_ID is missing/],
    [
      "the sandbox's wallet",
      { KONNECT_WALLET_ID: SANDBOX_KONNECT_WALLET_ID },
      /^KONNECT_WALLET_ID is missing or is the sandbox's/,
    ],
    ['no seller for the invoices', { INVOICE_SELLER_NAME: '' }, /^INVOICE_SELLER_NAME missing/],
    [
      "the demo's seller",
      { INVOICE_SELLER_TAX_NUMBER: '1790123K/A/M/000' },
      /^INVOICE_SELLER_TAX_NUMBER missing or the demo's/,
    ],
    ['NODE_ENV=development', { NODE_ENV: 'development' }, /^NODE_ENV=development: a deployment/],
    ['the Instagram sandbox', { INSTAGRAM_API_URL: '' }, /^INSTAGRAM_API_URL is not set/],
    [
      "the Instagram sandbox's app",
      { INSTAGRAM_APP_SECRET: SANDBOX_INSTAGRAM_APP_SECRET },
      /^INSTAGRAM_APP_SECRET missing or the sandbox's/,
    ],
    ['the TikTok sandbox', { TIKTOK_API_URL: '' }, /^TIKTOK_API_URL is not set/],
    ['no TikTok app', { TIKTOK_CLIENT_KEY: '' }, /^TIKTOK_CLIENT_KEY missing or the sandbox's/],
    ['a generated token key', { METRICS_TOKEN_KEY: '' }, /^METRICS_TOKEN_KEY is not set/],
  ])('refuses a deployment with %s', (_name, change, message) => {
    for (const appEnv of ['production', 'staging']) {
      const problems = problemsOf({ ...deployment, APP_ENV: appEnv, ...change });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(message);
    }
  });

  it('lists a malformed value beside the deployment problems', () => {
    expect(problemsOf({ ...deployment, JWT_SECRET: 'short', PUBLIC_URL: '' })).toEqual([
      expect.stringMatching(/^JWT_SECRET: /),
      expect.stringMatching(/^PUBLIC_URL is not set/),
    ]);
    expect(problemsOf({ APP_ENV: 'prod' })).toEqual([expect.stringMatching(/^APP_ENV: /)]);
  });
});
