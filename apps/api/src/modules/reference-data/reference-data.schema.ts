import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Content categories (fixed list, spec §3), labelled in every interface language. */
export const categories = pgTable('categories', {
  id: integer('category_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  labelEn: text('label_en').notNull(),
  labelFr: text('label_fr').notNull(),
  labelAr: text('label_ar').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const businessSectors = pgTable('business_sectors', {
  id: integer('business_sector_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  labelEn: text('label_en').notNull(),
  labelFr: text('label_fr').notNull(),
  labelAr: text('label_ar').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
