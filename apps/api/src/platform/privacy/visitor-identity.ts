import crypto from 'node:crypto';

/**
 * A public page's visitor told apart for a one-per-visitor rule without keeping the address
 * (reference §5.2): sha256 of the day's salt, the address and the user agent. The salt comes
 * from the server's secret, the purpose and the UTC day, so yesterday's hashes cannot be linked
 * to today's, one purpose's hashes to another's, and nobody without the secret can test an
 * address against a hash. Tracked links and media kits each hash with their own purpose.
 */
export function createVisitorHasher(purpose: string) {
  let lastSalt: { key: string; salt: string } | undefined;
  /** The day's salt, made once per day. */
  function saltOf(serverSecret: string, day: string): string {
    const key = `${serverSecret}\n${day}`;
    if (lastSalt?.key !== key) {
      const salt = crypto
        .createHmac('sha256', serverSecret)
        .update(`${purpose}:${day}`)
        .digest('hex');
      lastSalt = { key, salt };
    }
    return lastSalt.salt;
  }
  return (serverSecret: string, at: Date, ip: string, userAgent: string): string => {
    const salt = saltOf(serverSecret, at.toISOString().slice(0, 10));
    return crypto.createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('hex');
  };
}

/** The start of the UTC hour of `at`: the window of the one-per-visitor-per-hour rules. */
export function visitHourOf(at: Date): Date {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}
