import {
  businessSettingDefaults,
  businessSettingKeys,
  checkBusinessSettingValue,
  definitionOf,
  isBusinessSettingKey,
  type BusinessSettingKey,
  type BusinessSettingValues,
  type DurationSettingKey,
} from '@clipmarket/contracts/business-settings';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { afterCommit, inTransaction, isTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { SettingOverrideRow, SettingsRepository } from './settings.repository.js';

/**
 * How long a process trusts its copy of the settings. A change made through this process
 * clears its copy at once; other processes (a separate worker, several API instances) see it
 * within this time, as they read the table again. See ADR 011.
 */
export const SETTINGS_CACHE_TTL_MS = 5_000;

/** The one way every module reads a business value (ADR 011). */
export interface SettingsReader {
  /**
   * The value of `key`: the admin's override, else the default. Given the database it answers
   * from a cache of at most `SETTINGS_CACHE_TTL_MS`; given a transaction it reads through it
   * (what that transaction sees, its own uncommitted changes included).
   */
  get<K extends BusinessSettingKey>(db: DbOrTx, key: K): Promise<BusinessSettingValues[K]>;
  /** Every setting's value, the same way. */
  getAll(db: DbOrTx): Promise<BusinessSettingValues>;
  /** A duration setting (days or hours) in hours, for timers. */
  getHours(db: DbOrTx, key: DurationSettingKey): Promise<number>;
}

export interface SettingView {
  key: BusinessSettingKey;
  value: number;
  override: SettingOverrideRow | null;
}

/** A stored value that is not an integer (edited by hand) counts as absent: the default holds. */
function storedNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

function valuesFrom(rows: SettingOverrideRow[]): BusinessSettingValues {
  const values = businessSettingDefaults();
  for (const row of rows) {
    const stored = storedNumber(row.value);
    if (isBusinessSettingKey(row.key) && stored !== null) values[row.key] = stored;
  }
  return values;
}

export function createSettingsService(deps: {
  db: Db;
  repository: SettingsRepository;
  cacheTtlMs?: number;
  now?: () => number;
}) {
  const { repository } = deps;
  const ttlMs = deps.cacheTtlMs ?? SETTINGS_CACHE_TTL_MS;
  const now = deps.now ?? Date.now;

  let cached: { values: BusinessSettingValues; loadedAt: number } | null = null;
  let loading: Promise<BusinessSettingValues> | null = null;
  /** Bumped by every change: a load that began before it must not refill the cache. */
  let generation = 0;

  function invalidate(): void {
    generation += 1;
    cached = null;
    loading = null;
  }

  /** Cached values, loaded once for concurrent callers; always through the root database. */
  function cachedValues(): Promise<BusinessSettingValues> {
    if (cached && now() - cached.loadedAt < ttlMs) return Promise.resolve(cached.values);
    if (loading) return loading;
    const startedIn = generation;
    const startedAt = now();
    const load = repository.listOverrides(deps.db).then(
      (rows) => {
        const values = valuesFrom(rows);
        if (startedIn === generation) {
          cached = { values, loadedAt: startedAt };
          loading = null;
        }
        return values;
      },
      (error: unknown) => {
        if (startedIn === generation) loading = null;
        throw error;
      },
    );
    loading = load;
    return load;
  }

  async function getAll(db: DbOrTx): Promise<BusinessSettingValues> {
    // A transaction reads its own snapshot and never fills the shared cache: it may hold
    // changes that roll back.
    if (isTransaction(db)) return valuesFrom(await repository.listOverrides(db));
    return { ...(await cachedValues()) };
  }

  const reader: SettingsReader = {
    async get(db, key) {
      const values = isTransaction(db)
        ? valuesFrom(await repository.listOverrides(db))
        : await cachedValues();
      return values[key];
    },
    getAll,
    async getHours(db, key) {
      const value = await reader.get(db, key);
      return definitionOf(key).unit === 'days' ? value * 24 : value;
    },
  };

  function requireKey(key: string): BusinessSettingKey {
    if (!isBusinessSettingKey(key)) throw notFound('Setting');
    return key;
  }

  return {
    ...reader,
    reader,

    /** Admin list: every setting with its value and who changed it last (always fresh). */
    async list(db: DbOrTx = deps.db): Promise<SettingView[]> {
      const rows = await repository.listOverrides(db);
      const values = valuesFrom(rows);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return businessSettingKeys.map((key) => ({
        key,
        value: values[key],
        override: byKey.get(key) ?? null,
      }));
    },

    /**
     * An admin sets `key` to `value`: checked against the setting's bounds (and its pair's value,
     * read under the same lock), then written with its audit row in one transaction.
     */
    async change(
      db: DbOrTx,
      command: { key: string; value: number; userId: number },
    ): Promise<SettingView> {
      const key = requireKey(command.key);
      const invalid = (message: string) =>
        new AppError('VALIDATION_FAILED', message, [{ field: 'value', message }]);
      // Bounds first, before any lock is taken.
      const outOfBounds = checkBusinessSettingValue(key, command.value);
      if (outOfBounds) throw invalid(outOfBounds);

      const definition = definitionOf(key);
      const pair = (definition.atMost ?? definition.atLeast) as BusinessSettingKey | undefined;
      const view = await inTransaction(db, async (tx) => {
        const current = valuesFrom(await repository.listOverrides(tx));
        const initial: Record<string, number> = { [key]: current[key] };
        if (pair) initial[pair] = current[pair];
        const locked = await repository.lockForChange(tx, initial);
        // Under the lock: what the other admins committed meanwhile.
        const lockedValue = (k: BusinessSettingKey) =>
          storedNumber(locked.get(k)?.value) ?? current[k];
        const problem = pair
          ? checkBusinessSettingValue(key, command.value, { [pair]: lockedValue(pair) })
          : null;
        if (problem) throw invalid(problem);
        const row = await repository.writeChange(tx, {
          key,
          oldValue: lockedValue(key),
          newValue: command.value,
          userId: command.userId,
        });
        afterCommit(tx, invalidate);
        return { key, value: command.value, override: row };
      });
      invalidate();
      return view;
    },

    /** Recent changes, newest first; `nextBeforeId` pages on. */
    async listChanges(
      db: DbOrTx,
      query: { key?: BusinessSettingKey | undefined; beforeId?: number | undefined; limit: number },
    ) {
      const rows = await repository.listChanges(db, { ...query, limit: query.limit + 1 });
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return { items, nextBeforeId: rows.length > query.limit && last ? last.id : null };
    },

    /** Forgets the cached values (tests that change the table behind the service's back). */
    invalidate,
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
