import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { advertisers, influencers, users } from './users.schema.js';

/**
 * Reads the notifications module makes of the users module's tables: who a notification goes
 * to or comes from (role, language, names, preferences) and what the bell shows of a sender,
 * on the caller's database or transaction.
 */

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
    /** Spec §1: 'allways' = a notification per application, 'daily' = one daily recap. */
    notificationPreference: 'allways' | 'daily';
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

/** What the bell shows of a sender; the picture is a file id (media's `describeFiles`). */
export interface NotificationSender {
  igUsername: string | null;
  influencerFirstName: string | null;
  influencerLastName: string | null;
  influencerName: string | null;
  advertiserFirstName: string | null;
  advertiserLastName: string | null;
  advertiserName: string | null;
  profileFileId: number | null;
}

/** The user with their advertiser or creator profile; null when the user does not exist. */
export async function findNotificationParty(
  db: DbOrTx,
  userId: number,
): Promise<NotificationParty | null> {
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
      advertiserNotificationPreference: advertisers.notificationPreference,
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
            notificationPreference: row.advertiserNotificationPreference ?? 'allways',
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
}

/** The user's stored interface language; null when the user does not exist. */
export async function findStoredLanguage(
  db: DbOrTx,
  userId: number,
): Promise<'en' | 'fr' | 'tn' | null> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.language ?? null;
}

/** Several senders at once, keyed by user id; unknown (deleted) users are absent. */
export async function describeNotificationSenders(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, NotificationSender>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      igUsername: influencers.igUsername,
      influencerFirstName: influencers.firstName,
      influencerLastName: influencers.lastName,
      influencerName: influencers.influencerName,
      advertiserFirstName: advertisers.firstName,
      advertiserLastName: advertisers.lastName,
      advertiserName: advertisers.name,
      profileFileId: users.profileFileId,
    })
    .from(users)
    .leftJoin(influencers, eq(influencers.userId, users.id))
    .leftJoin(advertisers, eq(advertisers.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map(({ userId, ...sender }) => [userId, sender]));
}
