import type { NotificationItem } from '@clipmarket/contracts/notifications';
import { mediaUrl } from '../../../lib/media';

/**
 * The picture an item shows (spec §2: talent, brand or product image): the attached product
 * image for "product", the sender's profile picture for "talent" and "brand", none otherwise.
 */
export function pickNotificationPicture(
  item: Pick<NotificationItem, 'image_kind' | 'sender' | 'file'>,
): string | null {
  if (item.image_kind === 'none') return null;
  const efile =
    item.image_kind === 'product' ? (item.file?.efile ?? item.sender?.efile) : item.sender?.efile;
  return mediaUrl(efile, 'thumb') ?? null;
}

/** Name shown as the picture's text alternative and in the placeholder initials. */
export function senderDisplayName(sender: NotificationItem['sender']): string {
  if (!sender) return '';
  const fullName = [sender.first_name, sender.last_name].filter(Boolean).join(' ');
  return sender.name || fullName || sender.ig_username || '';
}
