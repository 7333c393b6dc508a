import { Anchor, Group } from '@mantine/core';
import { useTranslation } from '../lib/use-translation';
import { IconBrandInstagram, IconBrandTiktok, IconExternalLink } from './icons';

/** Address of a creator's profile on a social platform. */
export function socialProfileUrl(platform: 'instagram' | 'tiktok', username: string): string {
  return platform === 'instagram'
    ? `https://www.instagram.com/${encodeURIComponent(username)}/`
    : `https://www.tiktok.com/@${encodeURIComponent(username)}`;
}

/** A creator's username linking to the profile on its platform (new tab). */
export function SocialLink({
  platform,
  username,
}: {
  platform: 'instagram' | 'tiktok';
  username: string;
}) {
  const { t } = useTranslation('pages');
  const Icon = platform === 'instagram' ? IconBrandInstagram : IconBrandTiktok;
  return (
    <Anchor
      href={socialProfileUrl(platform, username)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('showcase.openProfile', { platform: t(`platforms.${platform}`), username })}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <Icon size={18} aria-hidden />
        {/* Usernames are Latin: keep them left to right inside Arabic text. */}
        <span dir="ltr">@{username}</span>
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}
