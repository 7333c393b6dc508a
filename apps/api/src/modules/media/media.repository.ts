import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { files } from './media.schema.js';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export function createMediaRepository() {
  return {
    async insert(db: DbOrTx, row: NewFileRow): Promise<FileRow> {
      const [inserted] = await db.insert(files).values(row).returning();
      if (!inserted) throw new Error('File insert returned no row');
      return inserted;
    },

    async findByToken(db: DbOrTx, token: string): Promise<FileRow | null> {
      const [row] = await db.select().from(files).where(eq(files.token, token)).limit(1);
      return row ?? null;
    },

    async findById(db: DbOrTx, id: number): Promise<FileRow | null> {
      const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
      return row ?? null;
    },

    async findOwned(db: DbOrTx, ownerUserId: number, id: number): Promise<FileRow | null> {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, id), eq(files.ownerUserId, ownerUserId)))
        .limit(1);
      return row ?? null;
    },

    findByIds(db: DbOrTx, ids: number[]): Promise<FileRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(files).where(inArray(files.id, ids));
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
