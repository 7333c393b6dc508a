import { asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { ReferenceEntry } from './reference-data.catalog.js';
import { businessSectors, categories } from './reference-data.schema.js';

export interface ReferenceRow {
  id: number;
  labelEn: string;
  labelFr: string;
  labelAr: string;
}

const toRows = (entries: readonly ReferenceEntry[]) =>
  entries.map((e, index) => ({
    id: e.id,
    slug: e.slug,
    labelEn: e.en,
    labelFr: e.fr,
    labelAr: e.ar,
    sortOrder: index,
  }));

// Upsert keyed on the stable id: labels and order follow the catalogue, rows never vanish.
const onConflictSet = {
  slug: sql`excluded.slug`,
  labelEn: sql`excluded.label_en`,
  labelFr: sql`excluded.label_fr`,
  labelAr: sql`excluded.label_ar`,
  sortOrder: sql`excluded.sort_order`,
};

export function createReferenceDataRepository() {
  return {
    async upsertCategories(db: DbOrTx, entries: readonly ReferenceEntry[]) {
      await db
        .insert(categories)
        .values(toRows(entries))
        .onConflictDoUpdate({ target: categories.id, set: onConflictSet });
    },

    async upsertBusinessSectors(db: DbOrTx, entries: readonly ReferenceEntry[]) {
      await db
        .insert(businessSectors)
        .values(toRows(entries))
        .onConflictDoUpdate({ target: businessSectors.id, set: onConflictSet });
    },

    listCategories(db: DbOrTx): Promise<ReferenceRow[]> {
      return db
        .select({
          id: categories.id,
          labelEn: categories.labelEn,
          labelFr: categories.labelFr,
          labelAr: categories.labelAr,
        })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    /** The categories among `ids`, in the catalogue's order; unknown ids are absent. */
    findCategories(db: DbOrTx, ids: number[]): Promise<ReferenceRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: categories.id,
          labelEn: categories.labelEn,
          labelFr: categories.labelFr,
          labelAr: categories.labelAr,
        })
        .from(categories)
        .where(inArray(categories.id, [...new Set(ids)]))
        .orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    listBusinessSectors(db: DbOrTx): Promise<ReferenceRow[]> {
      return db
        .select({
          id: businessSectors.id,
          labelEn: businessSectors.labelEn,
          labelFr: businessSectors.labelFr,
          labelAr: businessSectors.labelAr,
        })
        .from(businessSectors)
        .orderBy(asc(businessSectors.sortOrder), asc(businessSectors.id));
    },

    /** Ids and stable slugs, in the catalogue's order (picked by slug, not by label). */
    listBusinessSectorSlugs(db: DbOrTx): Promise<{ id: number; slug: string }[]> {
      return db
        .select({ id: businessSectors.id, slug: businessSectors.slug })
        .from(businessSectors)
        .orderBy(asc(businessSectors.sortOrder), asc(businessSectors.id));
    },
  };
}

export type ReferenceDataRepository = ReturnType<typeof createReferenceDataRepository>;
