import { describe, expect, it } from 'vitest';
import { loadEnv, toTrustProxy } from './env.js';

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
