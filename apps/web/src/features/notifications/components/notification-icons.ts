import type { TablerIcon } from '@tabler/icons-react';
// One file per icon, as in components/icons.ts: never the 5,000-icon barrel.
import IconAlarm from '@tabler/icons-react/dist/esm/icons/IconAlarm.mjs';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import IconBellRinging from '@tabler/icons-react/dist/esm/icons/IconBellRinging.mjs';
import IconBuildingBank from '@tabler/icons-react/dist/esm/icons/IconBuildingBank.mjs';
import IconCash from '@tabler/icons-react/dist/esm/icons/IconCash.mjs';
import IconChartBar from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs';
import IconChartBarOff from '@tabler/icons-react/dist/esm/icons/IconChartBarOff.mjs';
import IconCircleCheck from '@tabler/icons-react/dist/esm/icons/IconCircleCheck.mjs';
import IconCircleX from '@tabler/icons-react/dist/esm/icons/IconCircleX.mjs';
import IconFileCertificate from '@tabler/icons-react/dist/esm/icons/IconFileCertificate.mjs';
import IconHourglass from '@tabler/icons-react/dist/esm/icons/IconHourglass.mjs';
import IconIdBadge from '@tabler/icons-react/dist/esm/icons/IconIdBadge.mjs';
import IconLink from '@tabler/icons-react/dist/esm/icons/IconLink.mjs';
import IconLinkOff from '@tabler/icons-react/dist/esm/icons/IconLinkOff.mjs';
import IconMail from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
import IconMessageReport from '@tabler/icons-react/dist/esm/icons/IconMessageReport.mjs';
import IconMovie from '@tabler/icons-react/dist/esm/icons/IconMovie.mjs';
import IconMovieOff from '@tabler/icons-react/dist/esm/icons/IconMovieOff.mjs';
import IconReceipt from '@tabler/icons-react/dist/esm/icons/IconReceipt.mjs';
import IconRefresh from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs';
import IconStar from '@tabler/icons-react/dist/esm/icons/IconStar.mjs';
import IconUserPlus from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs';
import IconVideo from '@tabler/icons-react/dist/esm/icons/IconVideo.mjs';
import IconWorldUpload from '@tabler/icons-react/dist/esm/icons/IconWorldUpload.mjs';

/** Icons named by the notification templates (the API sends Tabler names without `Icon`). */
const iconsByName: Record<string, TablerIcon> = {
  alarm: IconAlarm,
  bell: IconBell,
  'bell-ringing': IconBellRinging,
  'building-bank': IconBuildingBank,
  cash: IconCash,
  'chart-bar': IconChartBar,
  'chart-bar-off': IconChartBarOff,
  'circle-check': IconCircleCheck,
  'circle-x': IconCircleX,
  'file-certificate': IconFileCertificate,
  hourglass: IconHourglass,
  'id-badge': IconIdBadge,
  link: IconLink,
  'link-off': IconLinkOff,
  mail: IconMail,
  'message-report': IconMessageReport,
  movie: IconMovie,
  'movie-off': IconMovieOff,
  receipt: IconReceipt,
  refresh: IconRefresh,
  star: IconStar,
  'user-plus': IconUserPlus,
  video: IconVideo,
  'world-upload': IconWorldUpload,
};

/** The icon of a template, or the bell for a name this build does not know. */
export function resolveNotificationIcon(name: string): TablerIcon {
  return iconsByName[name] ?? IconBell;
}
