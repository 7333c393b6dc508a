import crypto from 'node:crypto';

/** How long a signed read URL of a private file works: enough for a page to load its images. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;

/** The query string of a signed read URL: `?expires=…&user=…&signature=…`. */
export interface UrlSignature {
  /** Unix seconds after which the URL no longer works. */
  expires: number;
  /** The user the URL was made for (the owner or an admin), for the logs and the signature. */
  user: number;
  signature: string;
}

/**
 * Short-lived read URLs of private files (CIN scans). An <img> cannot send the Authorization
 * header, and an access token in a URL ends up in logs, history and Referer headers: the URL
 * carries instead an HMAC over the file, the expiry and the user it was made for, which grants
 * reading that one file until it expires and nothing else.
 */
export function createUrlSigner(serverSecret: string, ttlSeconds = SIGNED_URL_TTL_SECONDS) {
  // A key of its own, derived from the server secret: a media signature is never a valid
  // signature of anything else (JWTs, search cursors) and the reverse.
  const key = crypto.createHmac('sha256', serverSecret).update('clipmarket:media-url:v1').digest();
  const mac = (file: string, expires: number, user: number) =>
    crypto.createHmac('sha256', key).update(`${file}\n${expires}\n${user}`).digest();

  return {
    ttlSeconds,

    /** Signs `file` (`{token}.{ext}`, any size) for `user` until now + ttl. */
    sign(file: string, user: number, now = Date.now()): UrlSignature {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      return { expires, user, signature: mac(file, expires, user).toString('base64url') };
    },

    /** True when the signature is ours for this file and user and has not expired. */
    verify(file: string, grant: Partial<UrlSignature>, now = Date.now()): boolean {
      const { expires, user, signature } = grant;
      if (expires === undefined || user === undefined || signature === undefined) return false;
      if (expires * 1000 <= now) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(file, expires, user);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
