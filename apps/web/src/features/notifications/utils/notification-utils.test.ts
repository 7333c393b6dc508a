import type {
  NotificationItem,
  NotificationListResponse,
} from '@clipmarket/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { getNextNotificationsPage } from '../api/get-notifications';
import { pickNotificationPicture, senderDisplayName } from './notification-picture';
import {
  markNotificationRead,
  removeNotification,
  type NotificationsCache,
} from './notifications-cache';
import { formatRelativeTime, getRelativeTime } from './relative-time';
import { truncateNotificationText } from './truncate-notification-text';

describe('truncateNotificationText', () => {
  it('keeps texts of up to 110 characters', () => {
    expect(truncateNotificationText('a'.repeat(110))).toBe('a'.repeat(110));
    expect(truncateNotificationText('Short text')).toBe('Short text');
    expect(truncateNotificationText('')).toBe('');
  });

  it('cuts longer texts to 90 characters plus an ellipsis', () => {
    const result = truncateNotificationText('b'.repeat(111));
    expect(result).toBe(`${'b'.repeat(90)}…`);
    expect(Array.from(result)).toHaveLength(91);
  });

  it('never splits a character made of two code units, and drops a dangling space', () => {
    const emoji = '🎬'.repeat(120);
    const result = truncateNotificationText(emoji);
    expect(Array.from(result)).toHaveLength(91);
    expect(result.endsWith('🎬…')).toBe(true);
    const spaced = `${'x'.repeat(89)} ${'y'.repeat(40)}`;
    expect(truncateNotificationText(spaced)).toBe(`${'x'.repeat(89)}…`);
  });

  it('counts Arabic letters, not bytes', () => {
    const arabic = 'أرسل إليك سامي المحتوى الخاص بـ«عصير الصيف». وهو في انتظار مراجعتك.';
    expect(truncateNotificationText(arabic)).toBe(arabic);
  });
});

describe('getRelativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('answers "now" under one second and for a date slightly in the future', () => {
    expect(getRelativeTime(ago(0), now)).toBe('now');
    expect(getRelativeTime(ago(999), now)).toBe('now');
    expect(getRelativeTime(ago(-5000), now)).toBe('now');
    expect(getRelativeTime('not a date', now)).toBe('now');
  });

  it('picks the largest whole unit', () => {
    expect(getRelativeTime(ago(1000), now)).toEqual({ unit: 'second', value: 1 });
    expect(getRelativeTime(ago(59_000), now)).toEqual({ unit: 'second', value: 59 });
    expect(getRelativeTime(ago(60_000), now)).toEqual({ unit: 'minute', value: 1 });
    expect(getRelativeTime(ago(3 * 3_600_000 + 59_000), now)).toEqual({ unit: 'hour', value: 3 });
    expect(getRelativeTime(ago(2 * 86_400_000), now)).toEqual({ unit: 'day', value: 2 });
    expect(getRelativeTime(ago(29 * 86_400_000), now)).toEqual({ unit: 'day', value: 29 });
    expect(getRelativeTime(ago(30 * 86_400_000), now)).toEqual({ unit: 'month', value: 1 });
    expect(getRelativeTime(ago(364 * 86_400_000), now)).toEqual({ unit: 'month', value: 12 });
    expect(getRelativeTime(ago(800 * 86_400_000), now)).toEqual({ unit: 'year', value: 2 });
  });

  it('accepts ISO strings from the API', () => {
    expect(getRelativeTime('2025-06-15T11:55:00.000Z', now)).toEqual({ unit: 'minute', value: 5 });
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z');

  it('uses the interface language through Intl.RelativeTimeFormat', () => {
    const fiveMinutes = '2025-06-15T11:55:00.000Z';
    expect(formatRelativeTime(fiveMinutes, { locale: 'en-GB', nowLabel: 'now', now })).toBe(
      '5 minutes ago',
    );
    expect(formatRelativeTime(fiveMinutes, { locale: 'fr-TN', nowLabel: 'maintenant', now })).toBe(
      'il y a 5 minutes',
    );
    const arabic = formatRelativeTime('2025-06-10T12:00:00.000Z', {
      locale: 'ar-TN',
      nowLabel: 'الآن',
      now,
    });
    expect(arabic).toContain('5');
    expect(arabic).toMatch(/[\u0600-\u06FF]/);
  });

  it('uses the translated label for now', () => {
    expect(formatRelativeTime(now, { locale: 'fr-TN', nowLabel: 'à l’instant', now })).toBe(
      'à l’instant',
    );
  });
});

function makeItem(hash: string, status: 'Read' | 'Not read'): NotificationItem {
  return {
    notification_hash: hash,
    notification_status: status,
    notification_module: 'content_request',
    notification_type: 'request_accepted',
    module_item_id: 1,
    collaboration_id: null,
    receiver_id: 1,
    sender_role: 'talent',
    sender_id: 2,
    created_at: '2025-06-15T11:55:00.000Z',
    sender: {
      ig_username: 'sami',
      first_name: 'Sami',
      last_name: 'Ben Ali',
      name: null,
      efile: { token: 'tok', file_extension: 'webp' },
    },
    content_request: null,
    content_opportunity: null,
    file: null,
    content: 'text',
    redirection: '/request-content/1',
    icon: 'circle-check',
    colour: 'Purple',
    image_kind: 'talent',
  };
}

function makeCache(): NotificationsCache {
  const page = (n: number, data: NotificationItem[]): NotificationListResponse => ({
    data,
    attributes: { count: 2, total: 3, page: n, limit: 2 },
  });
  return {
    pages: [
      page(1, [makeItem('a', 'Not read'), makeItem('b', 'Read')]),
      page(2, [makeItem('c', 'Not read')]),
    ],
    pageParams: [1, 2],
  };
}

describe('notifications cache', () => {
  it('marks an unread item read and drops the counter by one on every page', () => {
    const next = markNotificationRead(makeCache(), 'c');
    expect(next.pages[1]?.data[0]?.notification_status).toBe('Read');
    expect(next.pages.map((p) => p.attributes.count)).toEqual([1, 1]);
    const again = markNotificationRead(next, 'c');
    expect(again).toBe(next);
    expect(markNotificationRead(next, 'b')).toBe(next);
  });

  it('removes a deleted item and adjusts the counter only if it was unread', () => {
    const withoutUnread = removeNotification(makeCache(), 'a');
    expect(withoutUnread.pages[0]?.data.map((i) => i.notification_hash)).toEqual(['b']);
    expect(withoutUnread.pages[0]?.attributes).toMatchObject({ count: 1, total: 2 });
    const withoutRead = removeNotification(makeCache(), 'b');
    expect(withoutRead.pages[0]?.attributes).toMatchObject({ count: 2, total: 2 });
    const cache = makeCache();
    expect(removeNotification(cache, 'zzz')).toBe(cache);
  });

  it('knows when another page exists', () => {
    const attributes = { count: 0, total: 17, page: 2, limit: 8 };
    expect(getNextNotificationsPage({ data: [], attributes })).toBe(3);
    expect(getNextNotificationsPage({ data: [], attributes: { ...attributes, page: 3 } })).toBe(
      undefined,
    );
  });
});

describe('notification picture', () => {
  it('uses the sender’s thumbnail, the product image, or none', () => {
    const item = makeItem('a', 'Read');
    expect(pickNotificationPicture(item)).toBe('/v2/media/thumb/tok.webp');
    expect(pickNotificationPicture({ ...item, image_kind: 'none' })).toBeNull();
    expect(
      pickNotificationPicture({
        ...item,
        image_kind: 'product',
        file: { efile: { token: 'prod', file_extension: 'jpg' }, event_id: null },
      }),
    ).toBe('/v2/media/thumb/prod.jpg');
    expect(pickNotificationPicture({ ...item, sender: null })).toBeNull();
    expect(senderDisplayName(item.sender)).toBe('Sami Ben Ali');
    expect(senderDisplayName(null)).toBe('');
  });
});
