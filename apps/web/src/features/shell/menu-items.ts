import type { Me } from '@clipmarket/contracts/users';
import type { TablerIcon } from '@tabler/icons-react';
import {
  IconBook,
  IconBriefcase,
  IconCash,
  IconChartBar,
  IconCompass,
  IconInbox,
  IconListCheck,
  IconLifebuoy,
  IconMail,
  IconReceipt,
  IconRocket,
  IconSearch,
  IconSpeakerphone,
  IconTool,
  IconUserCheck,
  IconUserCircle,
} from '../../components/icons';
import type { FeatureFlags } from '../../lib/feature-flags';
import type { TwinklingFlag } from './api/get-twinkling';

export type MenuItemId =
  | 'showcase'
  | 'get-started'
  | 'toolbox'
  | 'media-kit'
  | 'accept-requests'
  | 'discover-opportunities'
  | 'get-paid'
  | 'support-creator'
  | 'discover-content'
  | 'short-lists'
  | 'manage-opportunities'
  | 'campaigns'
  | 'performance'
  | 'track-payments'
  | 'support-advertiser'
  | 'admin-creators'
  | 'contact-us';

export interface MenuItem {
  id: MenuItemId;
  path: string;
  /** Key in the `shell` namespace. */
  labelKey: `menu.items.${MenuItemId}`;
  icon: TablerIcon;
  /** Server flag that makes this item pulse (spec §3). */
  twinkling?: TwinklingFlag;
  /** Opening it records a click (spec §2 "/toolbox"). */
  recordsClick?: { module: string; click: string };
  /** A count shown beside the label (e.g. accounts waiting for an admin), given by the shell. */
  badge?: MenuBadge;
}

export type MenuBadge = 'pending-creators';

const item = (
  id: MenuItemId,
  path: string,
  icon: TablerIcon,
  extra: Partial<Pick<MenuItem, 'twinkling' | 'recordsClick' | 'badge'>> = {},
): MenuItem => ({ id, path, icon, labelKey: `menu.items.${id}`, ...extra });

/**
 * The side menu of spec §6, in the order shown. TALENT: showcase, get started, toolbox,
 * media kit (when the creator's is_show_media_kit flag is on), accept requests, discover
 * opportunities, get paid, creator support. BRAND and AGENCY: discover content, shortlists
 * (feature flag, spec §2 routes), manage opportunities, campaigns (feature flag), performance,
 * track payments, advertiser support. ADMIN: creators to validate (issue 7; the admin area
 * grows later).
 * Everyone: contact us (feature flag).
 */
export function buildMenuItems(
  me: Pick<Me, 'role' | 'influencer'>,
  flags: Pick<FeatureFlags, 'campaign' | 'contact' | 'shortlist'>,
): MenuItem[] {
  const items: MenuItem[] = [];
  if (me.role === 'TALENT') {
    items.push(
      item('showcase', '/profile/check-profile', IconUserCircle),
      item('get-started', '/get-started', IconRocket),
      item('toolbox', '/toolbox', IconTool, {
        recordsClick: { module: 'toolbox', click: 'menu' },
      }),
    );
    if (me.influencer?.is_show_media_kit) items.push(item('media-kit', '/media-kit', IconBook));
    items.push(
      item('accept-requests', '/accept-requests', IconInbox, {
        twinkling: 'twinkling_accept_request',
      }),
      item('discover-opportunities', '/discover-opportunities', IconCompass, {
        twinkling: 'twinkling_discover_opportunities',
      }),
      item('get-paid', '/track-deposits', IconCash, { twinkling: 'twinkling_get_paid' }),
      item('support-creator', '/support-creator', IconLifebuoy, { twinkling: 'twinkling_support' }),
    );
  } else if (me.role === 'BRAND' || me.role === 'AGENCY') {
    items.push(
      item('discover-content', '/discover-content', IconSearch, {
        twinkling: 'twinkling_content_request',
      }),
    );
    if (flags.shortlist) items.push(item('short-lists', '/short-lists', IconListCheck));
    items.push(item('manage-opportunities', '/publish-opportunity', IconBriefcase));
    if (flags.campaign) items.push(item('campaigns', '/campaign', IconSpeakerphone));
    items.push(
      item('performance', '/dashboard', IconChartBar),
      item('track-payments', '/track-payments/my-invoices', IconReceipt, {
        twinkling: 'twinkling_trak_payment',
      }),
      item('support-advertiser', '/support-advertiser', IconLifebuoy, {
        twinkling: 'twinkling_support',
      }),
    );
  } else if (me.role === 'ADMIN') {
    items.push(
      item('admin-creators', '/admin/creators', IconUserCheck, { badge: 'pending-creators' }),
    );
  }
  if (flags.contact) items.push(item('contact-us', '/contact-us', IconMail));
  return items;
}

/** An item is current on its own path and on the pages below it. */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  if (item.id === 'showcase') return pathname.startsWith('/profile/');
  if (item.id === 'track-payments') return pathname.startsWith('/track-payments');
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}
