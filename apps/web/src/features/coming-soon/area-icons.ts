import type { TablerIcon } from '@tabler/icons-react';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconBook,
  IconBriefcase,
  IconBulb,
  IconCash,
  IconChartBar,
  IconCompass,
  IconFileText,
  IconInbox,
  IconListCheck,
  IconMovie,
  IconSend,
  IconSpeakerphone,
  IconTool,
  IconVideo,
} from '../../components/icons';
import type { ComingSoonAreaId } from '../../lib/coming-soon';

/** The picture of each area on its "coming soon" page (the menu's icon where it has one). */
export const comingSoonAreaIcons: Record<ComingSoonAreaId, TablerIcon> = {
  toolbox: IconTool,
  'media-kit': IconBook,
  'get-inspired': IconBulb,
  'accept-requests': IconInbox,
  'make-content': IconVideo,
  'discover-opportunities': IconCompass,
  'track-opportunities': IconListCheck,
  'track-content': IconMovie,
  'get-paid': IconCash,
  'request-content': IconSend,
  'manage-content': IconVideo,
  'publish-opportunity': IconBriefcase,
  campaign: IconSpeakerphone,
  performance: IconChartBar,
  'admin-content-requests': IconFileText,
  'admin-payouts': IconCash,
  'admin-settings': IconAdjustments,
  'admin-jobs': IconAlertTriangle,
};
