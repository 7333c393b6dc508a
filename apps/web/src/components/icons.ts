/**
 * Icons used by the shared UI and the shell, each imported from its own file so that neither
 * the bundle nor the test runner ever loads the 5,000-icon barrel of @tabler/icons-react.
 */
export { default as IconAdjustments } from '@tabler/icons-react/dist/esm/icons/IconAdjustments.mjs';
export { default as IconAlertTriangle } from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
export { default as IconBell } from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
export { default as IconBook } from '@tabler/icons-react/dist/esm/icons/IconBook.mjs';
export { default as IconBrandInstagram } from '@tabler/icons-react/dist/esm/icons/IconBrandInstagram.mjs';
export { default as IconBrandTiktok } from '@tabler/icons-react/dist/esm/icons/IconBrandTiktok.mjs';
export { default as IconBriefcase } from '@tabler/icons-react/dist/esm/icons/IconBriefcase.mjs';
export { default as IconBulb } from '@tabler/icons-react/dist/esm/icons/IconBulb.mjs';
export { default as IconCash } from '@tabler/icons-react/dist/esm/icons/IconCash.mjs';
export { default as IconChartBar } from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs';
export { default as IconChevronDown } from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
export { default as IconClock } from '@tabler/icons-react/dist/esm/icons/IconClock.mjs';
export { default as IconCoin } from '@tabler/icons-react/dist/esm/icons/IconCoin.mjs';
export { default as IconCompass } from '@tabler/icons-react/dist/esm/icons/IconCompass.mjs';
export { default as IconExternalLink } from '@tabler/icons-react/dist/esm/icons/IconExternalLink.mjs';
export { default as IconFileText } from '@tabler/icons-react/dist/esm/icons/IconFileText.mjs';
export { default as IconHome } from '@tabler/icons-react/dist/esm/icons/IconHome.mjs';
export { default as IconInbox } from '@tabler/icons-react/dist/esm/icons/IconInbox.mjs';
export { default as IconInfoCircle } from '@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs';
export { default as IconLanguage } from '@tabler/icons-react/dist/esm/icons/IconLanguage.mjs';
export { default as IconLifebuoy } from '@tabler/icons-react/dist/esm/icons/IconLifebuoy.mjs';
export { default as IconLogout } from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
export { default as IconMail } from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
export { default as IconMapPin } from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
export { default as IconMoodSad } from '@tabler/icons-react/dist/esm/icons/IconMoodSad.mjs';
export { default as IconPencil } from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
export { default as IconReceipt } from '@tabler/icons-react/dist/esm/icons/IconReceipt.mjs';
export { default as IconRefresh } from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs';
export { default as IconRocket } from '@tabler/icons-react/dist/esm/icons/IconRocket.mjs';
export { default as IconRosetteDiscountCheck } from '@tabler/icons-react/dist/esm/icons/IconRosetteDiscountCheck.mjs';
export { default as IconSearch } from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
export { default as IconSend } from '@tabler/icons-react/dist/esm/icons/IconSend.mjs';
export { default as IconSettings } from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs';
export { default as IconSparkles } from '@tabler/icons-react/dist/esm/icons/IconSparkles.mjs';
export { default as IconSpeakerphone } from '@tabler/icons-react/dist/esm/icons/IconSpeakerphone.mjs';
export { default as IconTool } from '@tabler/icons-react/dist/esm/icons/IconTool.mjs';
export { default as IconUpload } from '@tabler/icons-react/dist/esm/icons/IconUpload.mjs';
export { default as IconUserCircle } from '@tabler/icons-react/dist/esm/icons/IconUserCircle.mjs';
export { default as IconVideo } from '@tabler/icons-react/dist/esm/icons/IconVideo.mjs';
