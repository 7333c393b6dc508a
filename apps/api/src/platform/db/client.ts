import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { apiDir } from '../api-dir.js';

/** The one database type services and repositories see, whichever engine runs below. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Raw parameterised SQL, for the few places (jobs, realtime adapter) that need it. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** PGlite only: several statements without parameters (the job queue's migrations). */
  exec?(sql: string): Promise<Array<{ rows: unknown[] }>>;
  close(): Promise<void>;
  /** Present on PostgreSQL only: the pool, for adapters that need their own connections. */
  pool?: pg.Pool;
}

export const migrationsFolder = path.join(apiDir, 'drizzle');

/**
 * Extensions the migrations create (creator search: trigram matching, accent folding). A
 * PostgreSQL server ships them in contrib; PGlite must be handed them at creation, so every
 * PGlite instance (app, tests, tools) is created with these.
 */
export const pgliteExtensions = { pg_trgm, unaccent };

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory. */
  pgliteDir?: string;
  /** An existing PGlite instance (tests load one from a migrated template). */
  pglite?: PGlite;
  /**
   * Called with every query Drizzle sends and its parameters, as the driver gets them. Off
   * by default; tools use it to see the SQL a repository runs (the search benchmark EXPLAINs it).
   */
  onQuery?: (sql: string, params: unknown[]) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: onQuery } : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, logger ? { logger } : {}) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      query: async (sql, params) => {
        const result = await pool.query(sql, params as unknown[]);
        return { rows: result.rows };
      },
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    const dir = options.pgliteDir ?? 'memory://';
    if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: pgliteExtensions });
  }
  const pglite = client;
  const db = drizzlePglite(pglite, logger ? { logger } : {}) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    query: async (sql, params) => {
      const result = await pglite.query(sql, params as unknown[]);
      return { rows: result.rows as never[] };
    },
    exec: (sql) => pglite.exec(sql),
    close: () => pglite.close(),
  };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}
