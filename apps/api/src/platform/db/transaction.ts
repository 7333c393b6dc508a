import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from './client.js';

/**
 * Work to run once the outermost transaction has committed (never after a rollback): the
 * outbox relay uses it to deliver events at once instead of waiting for its next sweep.
 */
const afterCommitCallbacks = new WeakMap<Tx, Array<() => void>>();

export function isTransaction(db: DbOrTx): db is Tx {
  return db instanceof PgTransaction;
}

/**
 * The one way to run several writes atomically, across modules too: given the database it
 * opens a transaction; given a transaction it joins it (no savepoint), so a service can call
 * another module's service inside its own transaction by passing `tx` along.
 */
export async function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return work(db);
  let callbacks: Array<() => void> = [];
  const result = await (db as Db).transaction(async (tx) => {
    afterCommitCallbacks.set(tx, callbacks);
    try {
      return await work(tx);
    } catch (error) {
      callbacks = [];
      throw error;
    }
  });
  for (const callback of callbacks) callback();
  return result;
}

/**
 * Runs `callback` after the transaction `db` belongs to commits; at once (on the next tick)
 * when `db` is not a transaction. Callbacks must not throw: they are hints (a poke), never the
 * only way work gets done.
 */
export function afterCommit(db: DbOrTx, callback: () => void): void {
  const callbacks = isTransaction(db) ? afterCommitCallbacks.get(db) : undefined;
  if (callbacks) callbacks.push(callback);
  else queueMicrotask(callback);
}

type Results<T extends readonly (() => Promise<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/**
 * Runs independent reads side by side on the database (each query takes a connection of the
 * pool), but one after another on a transaction: a transaction is one connection, which runs
 * one query at a time; pg queues a second one sent meanwhile, warns that this is deprecated
 * ("client is already executing a query"), and pg 9 refuses it.
 */
export async function readAll<const T extends readonly (() => Promise<unknown>)[]>(
  db: DbOrTx,
  reads: T,
): Promise<Results<T>> {
  if (!isTransaction(db)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
