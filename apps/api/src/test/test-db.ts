import { loadEnv } from '../platform/env.js';

/** PostgreSQL URL for the tests (`<DATABASE_URL database>_test`), or undefined for PGlite. */
export function testDatabaseUrl(): string | undefined {
  const { DATABASE_URL } = loadEnv();
  if (!DATABASE_URL) return undefined;
  const url = new URL(DATABASE_URL);
  const base = url.pathname.slice(1) || 'clipmarket';
  if (!base.endsWith('_test')) url.pathname = `/${base}_test`;
  return url.toString();
}
