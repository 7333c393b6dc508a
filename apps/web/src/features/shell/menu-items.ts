import type { Me } from '@clipmarket/contracts/users';
import type { TablerIcon } from '@tabler/icons-react';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconBook,
  IconBriefcase,
  IconBulb,
  IconCash,
  IconChartBar,
  IconCoin,
  IconCompass,
  IconFileText,
  IconHome,
  IconInbox,
  IconLink,
  IconListCheck,
  IconLifebuoy,
  IconMovie,
  IconMail,
  IconReceipt,
  IconRocket,
  IconRosetteDiscountCheck,
  IconScale,
  IconSearch,
  IconSpeakerphone,
  IconStar,
  IconTool,
  IconUserCheck,
  IconUserCircle,
  IconVideo,
} from '../../components/icons';
import type { FeatureFlags } from '../../lib/feature-flags';
import type { TwinklingFlag } from './api/get-twinkling';

export type MenuItemId =
  | 'showcase'
  | 'get-started'
  | 'toolbox'
  | 'media-kit'
  | 'get-inspired'
  | 'accept-requests'
  | 'make-content'
  | 'discover-opportunities'
  | 'track-opportunities'
  | 'track-content'
  | 'get-paid'
  | 'support-creator'
  | 'discover-content'
  | 'request-content'
  | 'short-lists'
  | 'manage-content'
  | 'manage-opportunities'
  | 'campaigns'
  | 'performance'
  | 'track-payments'
  | 'support-advertiser'
  | 'admin-home'
  | 'admin-creators'
  | 'admin-payments'
  | 'admin-promo-codes'
  | 'admin-publications'
  | 'admin-metric-submissions'
  | 'admin-disputes'
  | 'admin-reviews'
  | 'admin-content-requests'
  | 'admin-opportunities'
  | 'admin-payouts'
  | 'admin-settings'
  | 'admin-jobs'
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
 * media kit (when the creator's is_show_media_kit flag is on), get inspired, accept requests, create content
 * (spec §2 shell), discover opportunities, track opportunities, track content (spec §2 side menu),
 * get paid, creator support. BRAND and AGENCY: discover
 * content, get inspired (issue 25 §3), their content requests (issue 10), shortlists
 * (feature flag, spec §2 routes), manage content (issue 11), manage opportunities, campaigns (feature flag), performance,
 * track payments, advertiser support. ADMIN (issue 8): admin home, creators to validate, then
 * the admin areas the next issues build (payments and ledger, promo codes, content requests,
 * submitted figures, payouts, business settings, failed jobs), which open their "coming soon" page until then.
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
      // Issue 25 §3: published videos that worked, as ideas for the next one.
      item('get-inspired', '/get-inspired', IconBulb),
      item('accept-requests', '/accept-requests', IconInbox, {
        twinkling: 'twinkling_accept_request',
      }),
      item('make-content', '/make-content', IconVideo),
      item('discover-opportunities', '/discover-opportunities', IconCompass, {
        twinkling: 'twinkling_discover_opportunities',
      }),
      // Issue 23: the creator's applications and the advertisers' answers (spec §2 side menu).
      item('track-opportunities', '/track-opportunities', IconListCheck),
      // Issue 23 §5: the videos of the approved applications, filmed and delivered like a request's.
      item('track-content', '/track-content', IconMovie),
      item('get-paid', '/track-deposits', IconCash, { twinkling: 'twinkling_get_paid' }),
      item('support-creator', '/support-creator', IconLifebuoy, { twinkling: 'twinkling_support' }),
    );
  } else if (me.role === 'BRAND' || me.role === 'AGENCY') {
    items.push(
      item('discover-content', '/discover-content', IconSearch),
      // Issue 25 §3: published videos, and a request to their creator from there.
      item('get-inspired', '/get-inspired', IconBulb),
      // The requests sent and their creators' answers (issue 10); it pulses on an answer.
      item('request-content', '/request-content', IconFileText, {
        twinkling: 'twinkling_content_request',
      }),
    );
    if (flags.shortlist) items.push(item('short-lists', '/short-lists', IconListCheck));
    items.push(
      // The videos creators sent: review, pay, follow (issue 11); it pulses on a new video.
      item('manage-content', '/manage-content', IconVideo, {
        twinkling: 'twinkling_manage_content',
      }),
      item('manage-opportunities', '/publish-opportunity', IconBriefcase),
    );
    if (flags.campaign) items.push(item('campaigns', '/campaign', IconSpeakerphone));
    items.push(
      item('performance', '/dashboard', IconChartBar),
      item('track-payments', '/track-payments/my-wallet', IconReceipt, {
        twinkling: 'twinkling_trak_payment',
      }),
      item('support-advertiser', '/support-advertiser', IconLifebuoy, {
        twinkling: 'twinkling_support',
      }),
    );
  } else if (me.role === 'ADMIN') {
    items.push(
      item('admin-home', '/admin', IconHome),
      item('admin-creators', '/admin/creators', IconUserCheck, { badge: 'pending-creators' }),
      item('admin-payments', '/admin/payments', IconCoin),
      item('admin-promo-codes', '/admin/promo-codes', IconRosetteDiscountCheck),
      item('admin-publications', '/admin/publications', IconLink),
      item('admin-metric-submissions', '/admin/metric-submissions', IconChartBar),
      item('admin-disputes', '/admin/disputes', IconScale),
      item('admin-reviews', '/admin/reviews', IconStar),
      item('admin-content-requests', '/admin/content-requests', IconFileText),
      item('admin-opportunities', '/admin/opportunities', IconBriefcase),
      item('admin-payouts', '/admin/payouts', IconCash),
      item('admin-settings', '/admin/settings', IconAdjustments),
      item('admin-jobs', '/admin/jobs', IconAlertTriangle),
    );
  }
  if (flags.contact) items.push(item('contact-us', '/contact-us', IconMail));
  return items;
}

/** An item is current on its own path and on the pages below it. */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  if (item.id === 'showcase') return pathname.startsWith('/profile/');
  if (item.id === 'track-payments') return pathname.startsWith('/track-payments');
  // A creator's page (/creator/:id) is reached from the discovery results.
  if (item.id === 'discover-content' && pathname.startsWith('/creator/')) return true;
  // The admin pages are all below /admin: the home is current on itself only.
  if (item.id === 'admin-home') return pathname === item.path;
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}
