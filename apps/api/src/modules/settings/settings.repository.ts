import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { businessSettings, businessSettingsAudit } from './settings.schema.js';

export interface SettingOverrideRow {
  key: string;
  value: unknown;
  updatedByUserId: number | null;
  updatedAt: Date;
}

export interface SettingChangeRow {
  id: number;
  key: string;
  oldValue: unknown;
  newValue: unknown;
  changedByUserId: number;
  changedAt: Date;
}

export function createSettingsRepository() {
  return {
    /** Every stored override (a key without a row has its default). */
    async listOverrides(db: DbOrTx): Promise<SettingOverrideRow[]> {
      return db.select().from(businessSettings);
    },

    /**
     * Locks the rows of `keys` for the rest of the transaction, creating any that is missing
     * with its current value (`initial`) first, so there is always a row to lock: two admins
     * changing the same key queue up, and the second one's audit row records the first one's
     * value as its old value. Keys are locked in sorted order, so two changes that lock the
     * same pair (wallet pack minimum and maximum) cannot deadlock.
     */
    async lockForChange(
      tx: Tx,
      initial: Record<string, number>,
    ): Promise<Map<string, SettingOverrideRow>> {
      const keys = Object.keys(initial).sort();
      await tx
        .insert(businessSettings)
        .values(keys.map((key) => ({ key, value: initial[key] })))
        .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(businessSettings)
        .where(inArray(businessSettings.key, keys))
        .orderBy(businessSettings.key)
        .for('update');
      return new Map(rows.map((row) => [row.key, row]));
    },

    /** Sets the locked row's value and records the change, in the caller's transaction. */
    async writeChange(
      tx: Tx,
      change: { key: string; oldValue: number; newValue: number; userId: number },
    ): Promise<SettingOverrideRow> {
      const [row] = await tx
        .update(businessSettings)
        .set({ value: change.newValue, updatedByUserId: change.userId, updatedAt: new Date() })
        .where(eq(businessSettings.key, change.key))
        .returning();
      if (!row) throw new Error(`business setting ${change.key} vanished while locked`);
      await tx.insert(businessSettingsAudit).values({
        key: change.key,
        oldValue: change.oldValue,
        newValue: change.newValue,
        changedByUserId: change.userId,
      });
      return row;
    },

    /** Changes newest first, optionally of one key, before an id (keyset pages). */
    async listChanges(
      db: DbOrTx,
      query: { key?: string | undefined; beforeId?: number | undefined; limit: number },
    ): Promise<SettingChangeRow[]> {
      const conditions: SQL[] = [];
      if (query.key) conditions.push(eq(businessSettingsAudit.key, query.key));
      if (query.beforeId) conditions.push(lt(businessSettingsAudit.id, query.beforeId));
      return db
        .select()
        .from(businessSettingsAudit)
        .where(and(...conditions))
        .orderBy(desc(businessSettingsAudit.id))
        .limit(query.limit);
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
