import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** An uploaded file ("efile"). Read through /v2/media/{size}/{token}.{ext}. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Unguessable public handle used in read URLs. */
    token: text('token').notNull().unique(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the file is for: profile, cin, document, video. Decides rules and visibility. */
    purpose: text('purpose').notNull(),
    /** private files (CIN scans) are readable by their owner and admins only. */
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    fileExtension: text('file_extension').notNull(),
    mimeType: text('mime_type').notNull(),
    originalName: text('original_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Key of the original in storage; resized variants derive from it. */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId)],
);
