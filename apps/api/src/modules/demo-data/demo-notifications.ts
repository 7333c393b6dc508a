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
 * The types the demo shows first, in this order. Used as they are when no template catalogue is
 * available; otherwise only those the catalogue knows, topped up with other catalogue types.
 */
export const preferredDemoNotificationKeys: readonly NotificationKey[] = [
  { role: 'advertiser', module: 'content_request', type: 'request_accepted' },
  { role: 'advertiser', module: 'content_request', type: 'content_received' },
  { role: 'advertiser', module: 'content_opportunity', type: 'application_received' },
  { role: 'advertiser', module: 'payment', type: 'payment_success_request' },
  { role: 'advertiser', module: 'content_request', type: 'request_declined' },
  { role: 'advertiser', module: 'payment', type: 'payment_success_opportunity' },
  { role: 'talent', module: 'content_request', type: 'new_content_request' },
  { role: 'talent', module: 'account', type: 'account_pending_validation' },
  { role: 'talent', module: 'payment', type: 'payment_received' },
  { role: 'talent', module: 'content_opportunity', type: 'application_accepted' },
  { role: 'talent', module: 'payment', type: 'payment_pending' },
  { role: 'talent', module: 'content_request', type: 'content_accepted' },
];

/** Reminders to fill in legal or financial info: the demo accounts have filled them in. */
const excludedTypes = new Set(['legal_info_reminder', 'financial_info_reminder']);

/** How many notifications each demo receiver gets: more than one page of 8, to show paging. */
export const DEMO_NOTIFICATIONS_PER_RECEIVER = 12;

/**
 * The keys to use for one receiving role: the preferred ones the catalogue knows, then the rest
 * of the catalogue for that role, so the list renders real texts and shows variety.
 */
export function chooseNotificationKeys(
  role: DemoNotificationRole,
  catalogue: readonly NotificationKey[] | null,
  count = DEMO_NOTIFICATIONS_PER_RECEIVER,
): NotificationKey[] {
  const preferred = preferredDemoNotificationKeys.filter((k) => k.role === role);
  if (!catalogue) return preferred;
  const sameKey = (a: NotificationKey) => (b: NotificationKey) =>
    a.role === b.role && a.module === b.module && a.type === b.type;
  const forRole = catalogue.filter((k) => k.role === role && !excludedTypes.has(k.type));
  const known = preferred.filter((k) => forRole.some(sameKey(k)));
  const others = forRole.filter((k) => !known.some(sameKey(k)));
  return [...known, ...others].slice(0, Math.max(count, known.length));
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

const requestNames = [
  'Ramadan recipes with Délice',
  'Summer smoothie challenge',
  'Yaourt à boire launch',
  'Breakfast routine reel',
];
const opportunityNames = [
  'Unboxing our new dessert range',
  'Back-to-school snack ideas',
  'Family iftar moments',
];

/** Types sent by the platform itself: no sender picture or name. */
const systemTypes = new Set(['account_pending_validation', 'payment_received', 'payment_pending']);

/** The name of the item a notification is about: an opportunity's, a request's, or none. */
function itemName(random: Random, key: NotificationKey): Record<string, string> {
  if (key.module === 'account') return {};
  const aboutOpportunity = key.module === 'content_opportunity' || key.type.includes('opportunity');
  return aboutOpportunity
    ? { opportunity_name: random.pick(opportunityNames) }
    : { request_name: random.pick(requestNames) };
}

/** Account events (e.g. pending validation) happen once, at sign-up: never repeated. */
const isOnceOnly = (key: NotificationKey) => key.module === 'account';

/**
 * Newest first: the repeatable keys cycled to fill the list, then the once-only keys last, so
 * they are the oldest items, as they would be in a real account.
 */
function orderKeys(keys: readonly NotificationKey[], count: number): NotificationKey[] {
  const onceOnly = keys.filter(isOnceOnly);
  const repeatable = keys.filter((k) => !isOnceOnly(k));
  const fill = Math.max(0, count - onceOnly.length);
  const cycled =
    repeatable.length === 0
      ? []
      : Array.from(
          { length: fill },
          (_, i) => repeatable[i % repeatable.length] as NotificationKey,
        );
  return [...cycled, ...onceOnly].slice(0, Math.max(count, onceOnly.length));
}

/**
 * Notifications for one receiver, newest first, spread over the last five weeks: the newest
 * few unread, most of the rest read. Keys repeat when there are fewer than `count`.
 */
export function buildDemoNotifications(
  random: Random,
  options: {
    receiver: DemoNotificationParty;
    /** The other side of the conversation (a creator for advertisers, a brand for creators). */
    sender: DemoNotificationParty;
    keys: readonly NotificationKey[];
    brandName: string;
    talentName: string;
    now: Date;
    count?: number;
  },
): DemoNotificationRow[] {
  const { receiver, sender, keys, now } = options;
  const count = options.count ?? DEMO_NOTIFICATIONS_PER_RECEIVER;
  if (keys.length === 0) return [];
  const sequence = orderKeys(keys, count);
  const rows: DemoNotificationRow[] = [];
  let minutesAgo = random.int(5, 90);
  for (let i = 0; i < sequence.length; i += 1) {
    const key = sequence[i] as NotificationKey;
    const createdAt = new Date(now.getTime() - minutesAgo * 60_000);
    const isRead = i >= 4 && random.chance(0.8);
    const isSystem = systemTypes.has(key.type) || isOnceOnly(key);
    rows.push({
      hash: randomBytes(16).toString('hex'),
      receiverUserId: receiver.userId,
      receiverId: receiver.profileId,
      receiverRole: receiver.role,
      senderUserId: isSystem ? null : sender.userId,
      senderId: isSystem ? null : sender.profileId,
      senderRole: isSystem ? null : sender.role,
      module: key.module,
      type: key.type,
      moduleItemId: null,
      collaborationId: null,
      status: isRead ? 'Read' : 'Not read',
      params: {
        brand_name: options.brandName,
        talent_name: options.talentName,
        ...itemName(random, key),
      },
      createdAt,
      readAt: isRead ? new Date(createdAt.getTime() + random.int(10, 600) * 60_000) : null,
    });
    // Roughly three days apart, so twelve items cover about five weeks.
    minutesAgo += random.int(24 * 60, 5 * 24 * 60);
  }
  return rows;
}
