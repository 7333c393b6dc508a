import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { VideoFailureReason, VideoStatus } from '@clipmarket/contracts/content-delivery';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';
import { users } from '../users/users.schema.js';

/**
 * One uploaded version of a request line's video (issue 11 §1–§2). The original stays private
 * (`original_key`); the job makes the poster and the watermarked 720p preview. Storage keys are
 * never sent to clients: they read through signed, short-lived URLs.
 */
export const contentVideos = pgTable(
  'content_videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => contentRequestInfluencers.id),
    creatorUserId: integer('creator_user_id')
      .notNull()
      .references(() => users.id),
    /** 1, 2, … per line in upload order. */
    version: integer('version').notNull(),
    status: text('status').$type<VideoStatus>().notNull().default('processing'),
    failureReason: text('failure_reason').$type<VideoFailureReason>(),
    /** The tus upload it came from (its id), so a finished upload makes one video only. */
    uploadId: text('upload_id').notNull().unique(),
    originalKey: text('original_key').notNull(),
    originalName: text('original_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** What ffprobe read: container, codecs, streams (for support and the admins). */
    probe: jsonb('probe'),
    durationSeconds: real('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    posterKey: text('poster_key'),
    previewKey: text('preview_key'),
    /** The creator ticked the promotional-use consent for this upload (spec §5). */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('content_videos_line_version_unique').on(t.lineId, t.version),
    check('content_videos_size_positive', sql`${t.sizeBytes} > 0`),
    index('content_videos_line_idx').on(t.lineId, t.id),
  ],
);

/**
 * An unfinished resumable video upload (the tus record), in the database so that every API
 * process sees it: a PATCH resumed on another process continues the same upload (issue 26,
 * ADR 043). `info` is the tus upload as @tus/server keeps it (id, size, metadata, creation
 * date); the bytes received so far are the upload's file in the shared uploads folder. The row
 * is deleted when the upload finishes, is cancelled or is abandoned.
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    id: text('id').primaryKey(),
    uploaderUserId: integer('uploader_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    info: jsonb('info').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_uploads_uploader_idx').on(t.uploaderUserId)],
);
