import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createTokenCipher,
  parseTokenKey,
  resolveMetricsTokenKey,
  TokenDecryptionError,
} from './token-cipher.js';

/** The encryption at rest of connected accounts' tokens (AES-256-GCM). */
describe('token cipher', () => {
  const cipher = createTokenCipher(crypto.randomBytes(32));

  it('encrypts each token with a fresh IV and opens it again', () => {
    const first = cipher.encrypt('IGQVJ-secret-token');
    const second = cipher.encrypt('IGQVJ-secret-token');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('secret');
    expect(cipher.decrypt(first)).toBe('IGQVJ-secret-token');
    expect(cipher.decrypt(second)).toBe('IGQVJ-secret-token');
  });

  it('refuses a changed ciphertext, another key and a foreign format', () => {
    const stored = cipher.encrypt('a-token');
    const [format, iv, tag, data] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      cipher.decrypt([format, iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow(TokenDecryptionError);
    expect(() => createTokenCipher(crypto.randomBytes(32)).decrypt(stored)).toThrow(
      TokenDecryptionError,
    );
    expect(() => cipher.decrypt('plain-token')).toThrow(TokenDecryptionError);
  });

  it('reads the key as hex or base64, and generates one into the data folder once', () => {
    const key = crypto.randomBytes(32);
    expect(parseTokenKey(key.toString('hex'))).toEqual(key);
    expect(parseTokenKey(key.toString('base64'))).toEqual(key);
    expect(() => parseTokenKey('too-short')).toThrow(/32 bytes/);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-key-'));
    try {
      const generated = resolveMetricsTokenKey(undefined, dataDir);
      expect(generated).toHaveLength(32);
      expect(resolveMetricsTokenKey(undefined, dataDir)).toEqual(generated);
      expect(resolveMetricsTokenKey(key.toString('base64'), dataDir)).toEqual(key);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
