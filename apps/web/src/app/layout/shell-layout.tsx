import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  Suspense,
  lazy,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Redirect, useLocation, useSearch, useSearchParams } from 'wouter';
import type { AccountSettingsTab } from '../../features/account-settings/components/account-settings-modal';
import { useCreateUserClick } from '../../features/shell/api/create-user-click';
import { useTwinkling } from '../../features/shell/api/get-twinkling';
import { logout } from '../../features/shell/api/logout';
import {
  ENVIRONMENT_BANNER_HEIGHT,
  EnvironmentBanner,
} from '../../features/shell/components/environment-banner';
import { IncompleteProfileBanner } from '../../features/shell/components/incomplete-profile-banner';
import { SideMenu } from '../../features/shell/components/side-menu';
import { useSessionExpiry } from '../../features/shell/hooks/use-session-expiry';
import { buildMenuItems, type MenuItem } from '../../features/shell/menu-items';
import { isStaging } from '../../lib/config';
import { featureFlags } from '../../lib/feature-flags';
import { onFirstInteraction } from '../../lib/first-interaction';
import { loadNamespaces } from '../../lib/i18n';
import { useMe } from '../../lib/me';
import { usePendingCreatorsCount } from '../../lib/pending-creators';
import { clearSession, loginPathFor, readTokens } from '../../lib/session';
import { TopBar } from './top-bar';
import './shell-layout.css';

// Only creators still waiting for (or refused) validation see this banner: its own chunk.
const ValidationBanner = lazy(async () => {
  const module = await import('../../features/creator-validation/components/validation-banner');
  return { default: module.ValidationBanner };
});

// The settings modal is heavy (forms, uploads) and opened rarely: its own chunk.
const AccountSettingsModal = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/account-settings/components/account-settings-modal'),
    loadNamespaces(['settings']),
  ]);
  return { default: module.AccountSettingsModal };
});

const settingsTabs: readonly string[] = [
  'profile',
  'password',
  'financial-infos',
  'legal-infos',
  'notifications-preferences',
] satisfies AccountSettingsTab[];
const isSettingsTab = (value: string | null): value is AccountSettingsTab =>
  value !== null && settingsTabs.includes(value);

/** Spec §4: the loading spinner hides 600 ms after the user data arrives. */
export const SPINNER_HIDE_DELAY_MS = 600;
const HEADER_HEIGHT = 60;

function useSpinnerVisible(ready: boolean) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => setVisible(false), SPINNER_HIDE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);
  return visible;
}

function FullPageLoader({ label }: { label: string }) {
  return (
    <Center
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 3000 }}
      aria-busy="true"
    >
      <Loader aria-label={label} />
    </Center>
  );
}

/** Everything under the shell (spec §2 "Shell", §6 roles) once a user is signed in. */
export default function ShellLayout({
  children,
  hideNavigation: isNavigationHidden = false,
}: {
  /** The page. */
  children: ReactNode;
  /** Spec §2: "A route may set a flag to hide navigation" (routes.tsx `hideNavigation`). */
  hideNavigation?: boolean;
}) {
  const { t } = useTranslation('shell');
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  const hasToken = readTokens() !== null;
  const me = useMe();
  const expired = useSessionExpiry(me.error);
  const spinnerVisible = useSpinnerVisible(me.isSuccess);
  const [mobileOpened, mobileMenu] = useDisclosure(false);
  const [desktopOpened, desktopMenu] = useDisclosure(true);
  // Read at once, not in an effect: the first render already knows whether the menu shows.
  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const isMenuShown = isDesktop ? desktopOpened : mobileOpened;
  // The menu's links are drawn once it first shows, then kept (it slides out with them): on a
  // phone the first screen has it folded away, and drawing it would slow that screen for nothing.
  const [isMenuDrawn, setMenuDrawn] = useState(isMenuShown);
  if (isMenuShown && !isMenuDrawn) setMenuDrawn(true);
  const [settings, setSettings] = useState<{ opened: boolean; tab?: AccountSettingsTab }>({
    opened: false,
  });
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  // What opened the settings gets the focus back on closing (the modal's own return misses the
  // first opening: its chunk mounts it already open).
  const settingsOpener = useRef<HTMLElement | null>(null);
  const isVisitor = me.data?.isVisitor ?? false;
  const twinkling = useTwinkling(me.isSuccess && !isVisitor);
  const recordClick = useCreateUserClick();
  const pendingCreators = usePendingCreatorsCount(me.data?.role === 'ADMIN' && !isVisitor);

  // The forms' validation messages, wanted once the person starts using a form (ADR 016).
  useEffect(() => onFirstInteraction(() => void loadNamespaces(['validation'])), []);

  // A page change closes the menu on phones, where it covers the page.
  const closeMobileMenu = mobileMenu.close;
  useEffect(() => closeMobileMenu(), [pathname, closeMobileMenu]);

  // `?settings=<tab>` (the legal and financial info reminders' links) opens the account
  // settings on that tab, once; the parameter then leaves the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedSettings = searchParams.get('settings');
  const canOpenSettings = me.isSuccess && !me.data.isVisitor && !me.data.isLegacy;
  useEffect(() => {
    if (!canOpenSettings || !isSettingsTab(requestedSettings)) return;
    setSettingsLoaded(true);
    setSettings({ opened: true, tab: requestedSettings });
    setSearchParams(
      (params) => {
        params.delete('settings');
        return params;
      },
      { replace: true },
    );
  }, [canOpenSettings, requestedSettings, setSearchParams]);

  if (!hasToken && !expired) return <Redirect to={loginPathFor({ pathname, search })} replace />;
  if (me.isPending || expired) return <FullPageLoader label={t('loading')} />;
  if (me.isError) {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" role="alert">
          <Text>{t('loadError')}</Text>
          <Button onClick={() => void me.refetch()}>{t('retry')}</Button>
        </Stack>
      </Center>
    );
  }

  const user = me.data;
  // Visitors see no menu and no top bar (spec §1), nor do pages that ask so.
  if (user.isVisitor || isNavigationHidden) {
    return <main id="main-content">{children}</main>;
  }

  const items = buildMenuItems(user, featureFlags);
  const openSettings = (tab?: AccountSettingsTab) => {
    const opener = document.activeElement;
    // From the bell's list, which closes: back to the bell.
    settingsOpener.current =
      opener instanceof HTMLElement && opener.closest('[data-notification-list]')
        ? document.querySelector<HTMLElement>('[aria-haspopup="dialog"][aria-expanded="true"]')
        : opener instanceof HTMLElement
          ? opener
          : null;
    setSettingsLoaded(true);
    setSettings({ opened: true, ...(tab ? { tab } : {}) });
  };
  const onNavigate = (item: MenuItem) => {
    if (item.recordsClick) recordClick.mutate({ role: user.role, ...item.recordsClick });
  };
  const onLogout = async () => {
    await logout();
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
  const headerHeight = HEADER_HEIGHT + (isStaging ? ENVIRONMENT_BANNER_HEIGHT : 0);
  // A collapsed menu slides out of view but stays in the page: keep it out of tab order too.
  const isMenuHidden = !isMenuShown;
  const showIncompleteBanner = user.role === 'TALENT' && user.is_completed !== 1;
  const validation = user.validation?.state === 'validated' ? null : user.validation;

  return (
    <>
      <a
        href="#main-content"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      {/* Our own frame rather than Mantine's AppShell, whose resizing and scroll-lock code the
          app does not use (ADR 026); the styles are in shell-layout.css. */}
      <div
        className="shell"
        data-desktop-collapsed={!desktopOpened || undefined}
        style={{ '--app-shell-header-offset': `${headerHeight}px` } as CSSProperties}
      >
        <header className="shell-header">
          {isStaging && <EnvironmentBanner />}
          <div style={{ height: HEADER_HEIGHT }}>
            <TopBar
              me={user}
              mobileMenuOpened={mobileOpened}
              desktopMenuOpened={desktopOpened}
              onToggleMobileMenu={mobileMenu.toggle}
              onToggleDesktopMenu={desktopMenu.toggle}
              onOpenSettings={() => openSettings()}
              onOpenNotificationPreferences={() => openSettings('notifications-preferences')}
              onLogout={() => void onLogout()}
            />
          </div>
        </header>
        <nav
          id="shell-navbar"
          className="shell-navbar"
          data-mobile-collapsed={!mobileOpened || undefined}
          data-desktop-collapsed={!desktopOpened || undefined}
          aria-label={t('menu.label')}
          inert={isMenuHidden}
          aria-hidden={isMenuHidden || undefined}
        >
          {isMenuDrawn && (
            <SideMenu
              items={items}
              twinkling={twinkling.data}
              badges={{ 'pending-creators': pendingCreators.data }}
              onNavigate={onNavigate}
            />
          )}
        </nav>
        <main id="main-content" tabIndex={-1} className="shell-main main-content">
          {showIncompleteBanner && (
            <IncompleteProfileBanner onComplete={() => openSettings('profile')} />
          )}
          {validation && (
            <Suspense fallback={null}>
              <ValidationBanner
                validation={validation}
                onEditProfile={() => openSettings('profile')}
              />
            </Suspense>
          )}
          {children}
        </main>
      </div>
      {settingsLoaded && (
        <Suspense fallback={null}>
          <AccountSettingsModal
            opened={settings.opened}
            onClose={() => {
              setSettings({ opened: false });
              const opener = settingsOpener.current;
              window.setTimeout(() => opener?.isConnected && opener.focus(), 20);
            }}
            {...(settings.tab ? { initialTab: settings.tab } : {})}
          />
        </Suspense>
      )}
      {spinnerVisible && <FullPageLoader label={t('loading')} />}
    </>
  );
}
