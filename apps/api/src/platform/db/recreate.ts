import pg from 'pg';

/**
 * Drops and creates the database a PostgreSQL URL names, through the server's `postgres`
 * database, closing its sessions first. For test runs and benchmarks that want a fresh
 * database; the product itself never calls it.
 */
export async function recreatePostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
