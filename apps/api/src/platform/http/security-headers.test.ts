import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { repoRoot } from '../env.js';
import {
  DOCS_CONTENT_SECURITY_POLICY,
  PERMISSIONS_POLICY,
  WEB_CONTENT_SECURITY_POLICY,
} from './security-headers.js';

describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://app.clipmarket.test/' });
  });
  afterAll(() => ctx.close());

  it('gives no Access-Control-Allow-Origin to a foreign origin, also on a preflight', async () => {
    const simple = await ctx.app.inject({
      method: 'GET',
      url: '/v2/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.statusCode).toBe(200);
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/v2/auth/login',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the origin of PUBLIC_URL by default', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v2/health',
      headers: { origin: 'https://app.clipmarket.test' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://app.clipmarket.test');
  });

  it('answers tokens and private data with Cache-Control: no-store', async () => {
    const email = uniqueEmail('headers');
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/register',
      payload: { role: 'TALENT', email, password: 'Secret12' },
    });
    expect(register.statusCode).toBe(201);
    expect(register.headers['cache-control']).toBe('no-store');
    const { refreshToken } = register.json().data;

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email, password: 'Secret12' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/refresh',
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v2/user/getMe',
      headers: { authorization: `Bearer ${login.json().data.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/reset-password',
      payload: { token: 'not-a-token', password: 'Secret12' },
    });
    expect(reset.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching routes choose for public data', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/category/find' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the strict Content-Security-Policy with the pages of the web app', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/discover-content' });
    const csp = page.headers['content-security-policy'];
    expect(csp).toBe(WEB_CONTENT_SECURITY_POLICY);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self' blob:");
  });

  it('sends a Permissions-Policy denying camera, microphone and location on every answer', async () => {
    const answers = await Promise.all(
      [
        '/v2/health',
        '/discover-content',
        '/v2/docs',
        '/v2/docs/static/index.html',
        '/v2/nothing',
      ].map((url) => ctx.app.inject({ method: 'GET', url })),
    );
    for (const answer of answers) {
      expect(answer.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
    expect(PERMISSIONS_POLICY).toContain('payment=()');
  });

  it('sends a Content-Security-Policy with the API documentation, its page and its scripts', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/v2/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect(DOCS_CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/);
    expect(DOCS_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    // The page loads no inline script, which the policy would block.
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc=/);
    const redirect = await ctx.app.inject({ method: 'GET', url: '/v2/docs' });
    expect(redirect.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const initializer = await ctx.app.inject({
      method: 'GET',
      url: '/v2/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
  });

  it('serves a web app without inline scripts, which the policy would block', () => {
    const pages = ['apps/web/index.html', 'apps/web/dist/index.html']
      .map((file) => path.join(repoRoot, file))
      .filter((file) => fs.existsSync(file));
    expect(pages.length).toBeGreaterThan(0);
    for (const file of pages) {
      const html = fs.readFileSync(file, 'utf8');
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      for (const tag of scripts) expect(tag, file).toMatch(/\ssrc=/);
      expect(html, file).not.toMatch(/\son[a-z]+=/i);
    }
  });
});

describe('security headers: CORS_ORIGINS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      PUBLIC_URL: 'https://app.clipmarket.test',
      CORS_ORIGINS: 'https://partner.example, https://admin.clipmarket.test/',
    });
  });
  afterAll(() => ctx.close());

  it('allows exactly the configured origins', async () => {
    const origin = async (value: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/v2/health', headers: { origin: value } }))
        .headers['access-control-allow-origin'];
    expect(await origin('https://partner.example')).toBe('https://partner.example');
    expect(await origin('https://admin.clipmarket.test')).toBe('https://admin.clipmarket.test');
    expect(await origin('https://partner.example.evil.test')).toBeUndefined();
    expect(await origin('http://partner.example')).toBeUndefined();
  });
});
