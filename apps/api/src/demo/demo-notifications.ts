import { randomBytes } from 'node:crypto';
import type { Random } from './prng.js';

export type DemoNotificationRole = 'advertiser' | 'talent' | 'admin';

/** A (role, module, type) key of the notification template catalogue. */
export interface NotificationKey {
  role: DemoNotificationRole;
  module: string;
  type: string;
}

/**
 * The notices the demo writes itself: the demo creator's account history (signed up, then
 * validated), newest first. Every notice about a request comes from the demo requests' own
 * steps (sent, answered, delivered, paid …), named and linked to that request: a notice
 * written here could only name a request that does not exist.
 */
export const preferredDemoNotificationKeys: readonly NotificationKey[] = [
  { role: 'talent', module: 'account', type: 'account_validated' },
  { role: 'talent', module: 'account', type: 'account_pending_validation' },
];

/** Reminders to fill in legal or financial info: the demo accounts have filled them in. */
const excludedTypes = new Set(['legal_info_reminder', 'financial_info_reminder']);

/**
 * The keys to use for one receiving role: the demo's own notices that the catalogue knows (so
 * the bell renders their real texts), never one that names a request or an opportunity.
 */
export function chooseNotificationKeys(
  role: DemoNotificationRole,
  catalogue: readonly NotificationKey[] | null,
): NotificationKey[] {
  const preferred = preferredDemoNotificationKeys.filter(
    (k) => k.role === role && !excludedTypes.has(k.type),
  );
  if (!catalogue) return preferred;
  return preferred.filter((k) =>
    catalogue.some((c) => c.role === k.role && c.module === k.module && c.type === k.type),
  );
}

export interface DemoNotificationParty {
  userId: number;
  /** advertiser_id or influencer_id (user id for admins), as the spec's receiver_id / sender_id. */
  profileId: number;
  role: DemoNotificationRole;
}

export interface DemoNotificationRow {
  hash: string;
  receiverUserId: number;
  receiverId: number;
  receiverRole: DemoNotificationRole;
  senderUserId: number | null;
  senderId: number | null;
  senderRole: string | null;
  module: string;
  type: string;
  moduleItemId: number | null;
  collaborationId: number | null;
  status: 'Not read' | 'Read';
  params: Record<string, string | number>;
  createdAt: Date;
  readAt: Date | null;
}

/**
 * The demo's own notices for one receiver, once each, newest first, a few days apart and read
 * (they are the account's oldest news; the demo requests' notices come after them). Sent by
 * the platform itself: no sender picture or name. They name no request or opportunity.
 */
export function buildDemoNotifications(
  random: Random,
  options: {
    receiver: DemoNotificationParty;
    keys: readonly NotificationKey[];
    brandName: string;
    talentName: string;
    now: Date;
  },
): DemoNotificationRow[] {
  const { receiver, keys, now } = options;
  const rows: DemoNotificationRow[] = [];
  // Older than anything the demo requests bring: from five weeks back.
  let minutesAgo = 35 * 24 * 60 + random.int(5, 90);
  for (const key of keys) {
    const createdAt = new Date(now.getTime() - minutesAgo * 60_000);
    rows.push({
      hash: randomBytes(16).toString('hex'),
      receiverUserId: receiver.userId,
      receiverId: receiver.profileId,
      receiverRole: receiver.role,
      senderUserId: null,
      senderId: null,
      senderRole: null,
      module: key.module,
      type: key.type,
      moduleItemId: null,
      collaborationId: null,
      status: 'Read',
      params: { brand_name: options.brandName, talent_name: options.talentName },
      createdAt,
      readAt: new Date(createdAt.getTime() + random.int(10, 600) * 60_000),
    });
    minutesAgo += random.int(24 * 60, 3 * 24 * 60);
  }
  return rows;
}
