import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_FILE = 'metrics-token.key';
/** `v1.<iv>.<tag>.<ciphertext>`, base64url: the version names the algorithm if it ever changes. */
const FORMAT = 'v1';

/** The 32-byte key from `METRICS_TOKEN_KEY` (base64 or hex), or one generated into DATA_DIR. */
export function resolveMetricsTokenKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return parseTokenKey(configured);
  const file = path.join(dataDir, KEY_FILE);
  if (fs.existsSync(file)) return parseTokenKey(fs.readFileSync(file, 'utf8').trim());
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** A 32-byte key written as 64 hex digits or as base64; anything else is refused. */
export function parseTokenKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('METRICS_TOKEN_KEY must be 32 bytes (base64 or hex)');
  return key;
}

export class TokenDecryptionError extends Error {
  constructor() {
    super('A stored token cannot be decrypted with the current METRICS_TOKEN_KEY');
    this.name = 'TokenDecryptionError';
  }
}

/**
 * AES-256-GCM for the tokens of connected accounts: a fresh IV per token, and the tag makes a
 * changed or foreign ciphertext fail instead of decrypting to garbage.
 */
export function createTokenCipher(key: Buffer) {
  return {
    encrypt(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
      return [FORMAT, ...parts].join('.');
    },
    decrypt(stored: string): string {
      const [format, iv, tag, data] = stored.split('.');
      if (format !== FORMAT || !iv || !tag || data === undefined) throw new TokenDecryptionError();
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new TokenDecryptionError();
      }
    },
  };
}

export type TokenCipher = ReturnType<typeof createTokenCipher>;
