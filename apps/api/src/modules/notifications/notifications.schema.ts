import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** Text and presentation of one notification type for one receiving role (spec §3, §4). */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    role: text('role', { enum: ['advertiser', 'talent', 'admin'] }).notNull(),
    module: text('module').notNull(),
    type: text('type').notNull(),
    /** Message with placeholders such as {request_name}, {brand_name}. */
    messageEn: text('message_en').notNull(),
    messageFr: text('message_fr').notNull(),
    messageAr: text('message_ar').notNull(),
    /** Path template, e.g. /manage-content/{module_item_id}. */
    redirection: text('redirection').notNull(),
    imageKind: text('image_kind', { enum: ['talent', 'brand', 'product', 'none'] }).notNull(),
    icon: text('icon').notNull(),
    colour: text('colour', { enum: ['Purple', 'Pink', 'Black', 'transparent'] }).notNull(),
  },
  (t) => [uniqueIndex('notification_templates_key_idx').on(t.role, t.module, t.type)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Public id: hash of type, module, item, sender, receiver and sender role, plus a nonce. */
    hash: text('notification_hash').notNull().unique(),
    receiverUserId: integer('receiver_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** influencer_id or advertiser_id of the receiver, as the spec's receiver_id. */
    receiverId: integer('receiver_id').notNull(),
    receiverRole: text('receiver_role', { enum: ['advertiser', 'talent', 'admin'] }).notNull(),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderId: integer('sender_id'),
    senderRole: text('sender_role'),
    module: text('notification_module').notNull(),
    type: text('notification_type').notNull(),
    moduleItemId: integer('module_item_id'),
    collaborationId: integer('collaboration_id'),
    status: text('notification_status', { enum: ['Not read', 'Read'] })
      .notNull()
      .default('Not read'),
    /** Placeholder values: request_name, opportunity_name, brand_name, talent_name, … */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_receiver_page_idx').on(t.receiverUserId, t.createdAt.desc(), t.id.desc()),
  ],
);
