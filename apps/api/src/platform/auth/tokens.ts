import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@clipmarket/contracts/enums';

export interface AccessClaims {
  userId: number;
  role: Role;
}

/** The claims of a signed-in request, with the session the access token was issued for. */
export interface AccessSession extends AccessClaims {
  /**
   * The refresh-token family the token belongs to (a login and its refreshes), so that a
   * password change can end the other sessions and keep this one; null for a token minted
   * without a session (tools, tests).
   */
  sessionId: string | null;
}

export interface TokenService {
  signAccessToken(claims: AccessClaims & { sessionId?: string }): Promise<string>;
  /** Returns the claims, or null when the token is invalid or expired. */
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
  /** The claims and the session id, or null when the token is invalid or expired. */
  verifyAccessSession(token: string): Promise<AccessSession | null>;
}

/**
 * The signing secret: JWT_SECRET when configured, else one generated once and kept in the
 * data folder so that sessions survive a restart without a secret in git.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function createTokenService(secret: string, accessTtlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  async function verify(token: string): Promise<AccessSession | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.role !== 'string') return null;
      const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
      return { userId, role: payload.role as Role, sessionId };
    } catch {
      return null;
    }
  }

  return {
    async signAccessToken({ userId, role, sessionId }) {
      return new SignJWT(sessionId ? { role, sid: sessionId } : { role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${accessTtlSeconds}s`)
        .sign(key);
    },
    async verifyAccessToken(token) {
      const session = await verify(token);
      return session && { userId: session.userId, role: session.role };
    },
    verifyAccessSession: verify,
  };
}

/** Opaque random token (refresh, e-mail links) and the hash we store instead of it. */
export function createOpaqueToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
