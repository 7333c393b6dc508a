import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { files } from '../media/media.schema.js';
import { advertisers, influencers, users } from '../users/users.schema.js';
import type { NotificationTemplate } from './notification-templates.js';
import { notifications, notificationTemplates } from './notifications.schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;
export type TemplateRow = typeof notificationTemplates.$inferSelect;

/** A user with the profile that decides their notification role and preferences. */
export interface NotificationParty {
  userId: number;
  email: string;
  role: 'TALENT' | 'BRAND' | 'AGENCY' | 'ADMIN';
  language: 'en' | 'fr' | 'tn';
  advertiser: {
    id: number;
    name: string;
    allowNotifications: 'Y' | 'N';
    allowEmails: 'Y' | 'N';
  } | null;
  influencer: {
    id: number;
    name: string | null;
    firstName: string | null;
    lastName: string | null;
    allowNotifications: 'Y' | 'N';
    allowEmails: 'Y' | 'N';
  } | null;
}

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

const senderUsers = alias(users, 'sender_users');
const senderInfluencers = alias(influencers, 'sender_influencers');
const senderAdvertisers = alias(advertisers, 'sender_advertisers');
const senderFiles = alias(files, 'sender_files');
const attachedFiles = alias(files, 'attached_files');

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

    async findParty(userId: number): Promise<NotificationParty | null> {
      const [row] = await db
        .select({
          userId: users.id,
          email: users.email,
          role: users.role,
          language: users.language,
          advertiserId: advertisers.id,
          advertiserName: advertisers.name,
          advertiserAllowNotifications: advertisers.allowNotifications,
          advertiserAllowEmails: advertisers.allowEmails,
          influencerId: influencers.id,
          influencerName: influencers.influencerName,
          influencerFirstName: influencers.firstName,
          influencerLastName: influencers.lastName,
          influencerAllowNotifications: influencers.allowNotifications,
          influencerAllowEmails: influencers.allowEmails,
        })
        .from(users)
        .leftJoin(advertisers, eq(advertisers.userId, users.id))
        .leftJoin(influencers, eq(influencers.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) return null;
      return {
        userId: row.userId,
        email: row.email,
        role: row.role,
        language: row.language,
        advertiser:
          row.advertiserId === null
            ? null
            : {
                id: row.advertiserId,
                name: row.advertiserName ?? '',
                allowNotifications: row.advertiserAllowNotifications ?? 'Y',
                allowEmails: row.advertiserAllowEmails ?? 'Y',
              },
        influencer:
          row.influencerId === null
            ? null
            : {
                id: row.influencerId,
                name: row.influencerName,
                firstName: row.influencerFirstName,
                lastName: row.influencerLastName,
                allowNotifications: row.influencerAllowNotifications ?? 'Y',
                allowEmails: row.influencerAllowEmails ?? 'Y',
              },
      };
    },

    async findUserLanguage(userId: number): Promise<'en' | 'fr' | 'tn' | null> {
      const [row] = await db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.language ?? null;
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
        .select({
          notification: notifications,
          template: notificationTemplates,
          igUsername: senderInfluencers.igUsername,
          influencerFirstName: senderInfluencers.firstName,
          influencerLastName: senderInfluencers.lastName,
          influencerName: senderInfluencers.influencerName,
          advertiserFirstName: senderAdvertisers.firstName,
          advertiserLastName: senderAdvertisers.lastName,
          advertiserName: senderAdvertisers.name,
          senderExists: senderUsers.id,
          efileToken: senderFiles.token,
          efileExtension: senderFiles.fileExtension,
          fileToken: attachedFiles.token,
          fileExtension: attachedFiles.fileExtension,
        })
        .from(notifications)
        .leftJoin(
          notificationTemplates,
          and(
            eq(notificationTemplates.role, notifications.receiverRole),
            eq(notificationTemplates.module, notifications.module),
            eq(notificationTemplates.type, notifications.type),
          ),
        )
        .leftJoin(senderUsers, eq(senderUsers.id, notifications.senderUserId))
        .leftJoin(senderInfluencers, eq(senderInfluencers.userId, senderUsers.id))
        .leftJoin(senderAdvertisers, eq(senderAdvertisers.userId, senderUsers.id))
        .leftJoin(senderFiles, eq(senderFiles.id, senderUsers.profileFileId))
        .leftJoin(
          attachedFiles,
          // file_id is written by notify() from a number only, so the cast cannot fail.
          eq(
            attachedFiles.id,
            sql`case when jsonb_typeof(${notifications.params}->'file_id') = 'number' then (${notifications.params}->>'file_id')::int end`,
          ),
        )
        .where(eq(notifications.receiverUserId, receiverUserId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        notification: r.notification,
        template: r.template,
        sender:
          r.senderExists === null
            ? null
            : {
                igUsername: r.igUsername,
                influencerFirstName: r.influencerFirstName,
                influencerLastName: r.influencerLastName,
                influencerName: r.influencerName,
                advertiserFirstName: r.advertiserFirstName,
                advertiserLastName: r.advertiserLastName,
                advertiserName: r.advertiserName,
                efileToken: r.efileToken,
                efileExtension: r.efileExtension,
              },
        file:
          r.fileToken === null || r.fileExtension === null
            ? null
            : { token: r.fileToken, fileExtension: r.fileExtension },
      }));
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
