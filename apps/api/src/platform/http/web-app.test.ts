import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSecurityHeaders } from './security-headers.js';
import { IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL, serveWebApp } from './web-app.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const ASSET_JS = `export const answer = ${JSON.stringify('x'.repeat(2000))};`;

/** A built web app as Vite and its precompression plugin leave it. */
function writeDist(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    'assets/index-AbC123xy.js': ASSET_JS,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), content);
  }
  for (const name of ['index.html', 'assets/index-AbC123xy.js']) {
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(files[name]!));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(files[name]!));
  }
}

describe('serving the web app', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-web-dist-'));
    writeDist(dir);
    app = Fastify();
    installSecurityHeaders(app);
    app.get('/v2/health', async () => ({ ok: true }));
    serveWebApp(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a hashed asset precompressed (brotli first, then gzip), cached for a year', async () => {
    const brotli = await app.inject({
      url: '/assets/index-AbC123xy.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(ASSET_JS);

    const gzip = await app.inject({
      url: '/assets/index-AbC123xy.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(ASSET_JS);

    const identity = await app.inject({
      url: '/assets/index-AbC123xy.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body).toBe(ASSET_JS);
  });

  it('answers pages with index.html, precompressed and revalidated on every use', async () => {
    for (const url of ['/', '/login', '/discover-content?page=2', '/index.html']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe(REVALIDATE_CACHE_CONTROL);
      expect(res.headers['content-security-policy'], url).toBeDefined();
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('answers HEAD for pages and assets: the GET headers, no body', async () => {
    const page = await app.inject({
      method: 'HEAD',
      url: '/login',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
    expect(page.body).toBe('');

    const asset = await app.inject({ method: 'HEAD', url: '/assets/index-AbC123xy.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(asset.body).toBe('');
  });

  it('gives unhashed files (favicon) no-cache, sent as they are when no variant exists', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
  });

  it('answers an unknown asset with a JSON 404, not index.html', async () => {
    const res = await app.inject({ url: '/assets/index-OldBuild.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE_CACHE_CONTROL);
  });

  it('leaves the API its own headers and JSON 404', async () => {
    const health = await app.inject({ url: '/v2/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['content-security-policy']).toBeUndefined();

    for (const method of ['GET', 'HEAD'] as const) {
      const unknown = await app.inject({ method, url: '/v2/nothing-here' });
      expect(unknown.statusCode, method).toBe(404);
      expect(unknown.headers['content-type'], method).toMatch(/application\/json/);
      expect(unknown.headers['cache-control'], method).toBe('no-store');
    }
  });

  it('does not serve pages for other methods', async () => {
    const res = await app.inject({ method: 'POST', url: '/login' });
    expect(res.statusCode).toBe(404);
  });
});

describe('without a built web app', () => {
  it('answers every unknown path with the JSON 404', async () => {
    const app = Fastify();
    serveWebApp(app, path.join(os.tmpdir(), 'clipmarket-no-such-dist'));
    const res = await app.inject({ url: '/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    await app.close();
  });
});
