import type { Me } from '@clipmarket/contracts/users';
import { ActionIcon, Anchor, Avatar, Burger, Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'wouter';
import { IconLogout, IconSettings } from '../../components/icons';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { LanguagePicker } from '../../components/language-picker';
import { mediaUrl } from '../../lib/media';
import { isAdvertiser } from '../../lib/roles';

export interface TopBarProps {
  me: Me;
  mobileMenuOpened: boolean;
  desktopMenuOpened: boolean;
  onToggleMobileMenu: () => void;
  onToggleDesktopMenu: () => void;
  onOpenSettings: () => void;
  onOpenNotificationPreferences: () => void;
  onLogout: () => void;
}

/** Spec §2 "Shell": logo, full name, picture, bell, settings, language, logout. */
export function TopBar(props: TopBarProps) {
  const { me } = props;
  const { t } = useTranslation('shell');
  const logoTarget = isAdvertiser(me.role)
    ? '/support-advertiser'
    : me.role === 'ADMIN'
      ? '/admin'
      : '/profile/check-profile';
  const initials = me.fullname
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={props.mobileMenuOpened}
          onClick={props.onToggleMobileMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={t(props.mobileMenuOpened ? 'menu.close' : 'menu.open')}
          aria-expanded={props.mobileMenuOpened}
          aria-controls="shell-navbar"
        />
        <Burger
          opened={props.desktopMenuOpened}
          onClick={props.onToggleDesktopMenu}
          visibleFrom="sm"
          size="sm"
          aria-label={t(props.desktopMenuOpened ? 'menu.close' : 'menu.open')}
          aria-expanded={props.desktopMenuOpened}
          aria-controls="shell-navbar"
        />
        <Anchor
          component={Link}
          to={logoTarget}
          underline="never"
          c="inherit"
          aria-label={t('logo.label')}
          style={{ display: 'flex', alignItems: 'center', gap: 8 }}
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text fw={800} size="lg" visibleFrom="xs">
            Clipmarket
          </Text>
        </Anchor>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} size="sm" truncate="end" maw={220} visibleFrom="sm">
          {me.fullname}
        </Text>
        <Avatar src={mediaUrl(me.efile, 'thumb')} alt={me.fullname} radius="xl" size={36}>
          {initials || null}
        </Avatar>
        {/* Legacy users have no settings (spec §6), hence no preferences entry either. */}
        <NotificationBell
          {...(me.isLegacy ? {} : { onOpenPreferences: props.onOpenNotificationPreferences })}
        />
        {!me.isLegacy && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('settings.open')}
            title={t('settings.open')}
            onClick={props.onOpenSettings}
          >
            <IconSettings size={20} aria-hidden />
          </ActionIcon>
        )}
        <LanguagePicker />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('logout')}
          title={t('logout')}
          onClick={props.onLogout}
        >
          <IconLogout size={20} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
