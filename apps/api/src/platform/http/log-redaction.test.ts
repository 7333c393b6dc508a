import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-redaction.js';

describe('log redaction', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/v2/media/thumb/abc.jpg?access_token=eyJ.a.b&action=download')).toBe(
      '/v2/media/thumb/abc.jpg?access_token=[REDACTED]&action=download',
    );
    expect(redactUrl('/reset-password?token=s3cr3t#top')).toBe(
      '/reset-password?token=[REDACTED]#top',
    );
    expect(
      redactUrl('/v2/media/full/f.png?expires=1700000000&user=4&signature=abcDEF_-&Password=x'),
    ).toBe(
      '/v2/media/full/f.png?expires=1700000000&user=4&signature=[REDACTED]&Password=[REDACTED]',
    );
    expect(redactUrl('/x?acc%65ss_token=t&q=token')).toBe('/x?acc%65ss_token=[REDACTED]&q=token');
    expect(redactUrl('/v2/health')).toBe('/v2/health');
    expect(redactUrl('/x?token')).toBe('/x?token');
  });

  it('is what the request log writes', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = Fastify({
      logger: { level: 'info', stream, serializers: { req: serializeRequest } },
    });
    app.get('/page', async () => 'ok');
    await app.inject({ method: 'GET', url: '/page?token=abc123secret&lang=fr' });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/page?token=[REDACTED]&lang=fr');
    expect(logged).not.toContain('abc123secret');
  });
});
