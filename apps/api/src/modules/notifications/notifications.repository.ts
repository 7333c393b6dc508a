import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { describeFiles } from '../media/index.js';
import {
  describeNotificationSenders,
  findNotificationParty,
  findStoredLanguage,
  type NotificationParty,
} from '../users/index.js';
import type { NotificationTemplate } from './notification-templates.js';
import { notifications, notificationTemplates } from './notifications.schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;
export type TemplateRow = typeof notificationTemplates.$inferSelect;

/** One list row: the notification, its template and what the bell shows of its sender. */
export interface NotificationListRow {
  notification: NotificationRow;
  template: TemplateRow | null;
  sender: {
    igUsername: string | null;
    influencerFirstName: string | null;
    influencerLastName: string | null;
    influencerName: string | null;
    advertiserFirstName: string | null;
    advertiserLastName: string | null;
    advertiserName: string | null;
    efileToken: string | null;
    efileExtension: string | null;
  } | null;
  file: { token: string; fileExtension: string } | null;
}

/** The picture notify() attached (params.file_id, written from a number only), if any. */
function attachedFileIdOf(notification: NotificationRow): number | null {
  const fileId = notification.params.file_id;
  return typeof fileId === 'number' &&
    Number.isInteger(fileId) &&
    fileId > 0 &&
    fileId <= 2 ** 31 - 1
    ? fileId
    : null;
}

/**
 * Queries only the module's own tables (notifications, notification_templates); the people and
 * pictures a notification shows are read through their owners' index.ts (users, media), one
 * batched call each per page.
 */
export function createNotificationsRepository(db: Db) {
  return {
    async upsertTemplates(catalogue: readonly NotificationTemplate[]): Promise<void> {
      if (catalogue.length === 0) return;
      await db
        .insert(notificationTemplates)
        .values(
          catalogue.map((t) => ({
            role: t.role,
            module: t.module,
            type: t.type,
            messageEn: t.message.en,
            messageFr: t.message.fr,
            messageAr: t.message.ar,
            redirection: t.redirection,
            imageKind: t.imageKind,
            icon: t.icon,
            colour: t.colour,
          })),
        )
        .onConflictDoUpdate({
          target: [
            notificationTemplates.role,
            notificationTemplates.module,
            notificationTemplates.type,
          ],
          set: {
            messageEn: sql`excluded.message_en`,
            messageFr: sql`excluded.message_fr`,
            messageAr: sql`excluded.message_ar`,
            redirection: sql`excluded.redirection`,
            imageKind: sql`excluded.image_kind`,
            icon: sql`excluded.icon`,
            colour: sql`excluded.colour`,
          },
        });
    },

    async findTemplate(role: string, module: string, type: string): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(notificationTemplates)
        .where(
          and(
            eq(notificationTemplates.role, role as TemplateRow['role']),
            eq(notificationTemplates.module, module),
            eq(notificationTemplates.type, type),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    findParty(userId: number): Promise<NotificationParty | null> {
      return findNotificationParty(db, userId);
    },

    findUserLanguage(userId: number): Promise<'en' | 'fr' | 'tn' | null> {
      return findStoredLanguage(db, userId);
    },

    /** Undefined when a notification with the same hash exists (an idempotent repeat). */
    async insert(values: NotificationInsert): Promise<NotificationRow | undefined> {
      const [row] = await db
        .insert(notifications)
        .values(values)
        .onConflictDoNothing({ target: notifications.hash })
        .returning();
      return row;
    },

    /** Newest first; the order matches notifications_receiver_page_idx exactly. */
    async listForReceiver(
      receiverUserId: number,
      offset: number,
      limit: number,
    ): Promise<NotificationListRow[]> {
      const rows = await db
        .select({ notification: notifications, template: notificationTemplates })
        .from(notifications)
        .leftJoin(
          notificationTemplates,
          and(
            eq(notificationTemplates.role, notifications.receiverRole),
            eq(notificationTemplates.module, notifications.module),
            eq(notificationTemplates.type, notifications.type),
          ),
        )
        .where(eq(notifications.receiverUserId, receiverUserId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
      if (rows.length === 0) return [];
      const senders = await describeNotificationSenders(
        db,
        rows.flatMap((r) =>
          r.notification.senderUserId === null ? [] : [r.notification.senderUserId],
        ),
      );
      const files = await describeFiles(db, [
        ...[...senders.values()].flatMap((s) =>
          s.profileFileId === null ? [] : [s.profileFileId],
        ),
        ...rows.flatMap((r) => {
          const fileId = attachedFileIdOf(r.notification);
          return fileId === null ? [] : [fileId];
        }),
      ]);
      return rows.map((r) => {
        const sender =
          r.notification.senderUserId === null
            ? undefined
            : senders.get(r.notification.senderUserId);
        const senderFile =
          sender && sender.profileFileId !== null ? files.get(sender.profileFileId) : undefined;
        const attachedFileId = attachedFileIdOf(r.notification);
        const attached = attachedFileId === null ? undefined : files.get(attachedFileId);
        return {
          notification: r.notification,
          template: r.template,
          sender: sender
            ? {
                igUsername: sender.igUsername,
                influencerFirstName: sender.influencerFirstName,
                influencerLastName: sender.influencerLastName,
                influencerName: sender.influencerName,
                advertiserFirstName: sender.advertiserFirstName,
                advertiserLastName: sender.advertiserLastName,
                advertiserName: sender.advertiserName,
                efileToken: senderFile?.token ?? null,
                efileExtension: senderFile?.file_extension ?? null,
              }
            : null,
          file: attached ? { token: attached.token, fileExtension: attached.file_extension } : null,
        };
      });
    },

    async countForReceiver(receiverUserId: number): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${notifications.status} = 'Not read')`.mapWith(
            Number,
          ),
        })
        .from(notifications)
        .where(eq(notifications.receiverUserId, receiverUserId));
      return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
    },

    async findForReceiver(
      hash: string,
      receiverUserId: number,
    ): Promise<{ notification: NotificationRow; template: TemplateRow | null } | null> {
      const [row] = await db
        .select({ notification: notifications, template: notificationTemplates })
        .from(notifications)
        .leftJoin(
          notificationTemplates,
          and(
            eq(notificationTemplates.role, notifications.receiverRole),
            eq(notificationTemplates.module, notifications.module),
            eq(notificationTemplates.type, notifications.type),
          ),
        )
        .where(and(eq(notifications.hash, hash), eq(notifications.receiverUserId, receiverUserId)))
        .limit(1);
      return row ?? null;
    },

    /** Only the first read sets read_at; later reads change nothing. */
    async markRead(hash: string, receiverUserId: number): Promise<void> {
      await db
        .update(notifications)
        .set({ status: 'Read', readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.hash, hash), eq(notifications.receiverUserId, receiverUserId)));
    },

    /** Deletes and tells whose it was (null when it did not exist). */
    async deleteByHash(
      hash: string,
      receiverUserId?: number,
    ): Promise<{ receiverUserId: number } | null> {
      const [row] = await db
        .delete(notifications)
        .where(
          receiverUserId === undefined
            ? eq(notifications.hash, hash)
            : and(eq(notifications.hash, hash), eq(notifications.receiverUserId, receiverUserId)),
        )
        .returning({ receiverUserId: notifications.receiverUserId });
      return row ?? null;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
