import { ActionIcon, Indicator } from '@mantine/core';
import { forwardRef, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { IconBell } from '../../../components/icons';
import { useNotifications } from '../api/get-notifications';
import { useNotificationEvents } from '../hooks/use-notification-events';

const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(loadPopover);

export interface NotificationBellProps {
  /**
   * Opens the notification preferences (allow notifications / e-mails). The spec's settings
   * panel has no tab button of its own, so the bell, where the notifications are, leads to it.
   */
  onOpenPreferences?: () => void;
}

interface BellButtonProps {
  unread: number;
  opened: boolean;
  onToggle: () => void;
}

/** The bell and its unread counter; a ref target for the popover that anchors to it. */
const BellButton = forwardRef<HTMLButtonElement, BellButtonProps>(function BellButton(
  { unread, opened, onToggle },
  ref,
) {
  const { t } = useTranslation('notifications');
  return (
    <Indicator
      label={unread > 99 ? '99+' : String(unread)}
      disabled={unread === 0}
      size={18}
      offset={6}
      color="pink"
      inline
    >
      <ActionIcon
        ref={ref}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('bell.label', { count: unread })}
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={onToggle}
        // The list's code starts downloading as soon as the pointer or focus comes near.
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
});

/**
 * Top-bar bell (spec §2): unread counter and live updates (toast, sound) on every screen;
 * the list itself is a separate chunk loaded the first time the bell is opened.
 */
export function NotificationBell({ onOpenPreferences }: NotificationBellProps) {
  const { i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [isPopoverWanted, setPopoverWanted] = useState(false);
  const query = useNotifications(i18n.language);
  useNotificationEvents(i18n.language);
  const unread = query.data?.pages[0]?.attributes.count ?? 0;
  const bellRef = useRef<HTMLButtonElement>(null);
  const wasOpened = useRef(false);

  // Closing the list (Escape, a click on the bell or on a line) gives the bell the focus back
  // when it was in the list. Done here, not by the popover: the first opening mounts the
  // popover (its own chunk) already open and with a new bell, so it has nothing to go back to.
  useEffect(() => {
    if (opened) {
      wasOpened.current = true;
      return;
    }
    if (!wasOpened.current) return;
    wasOpened.current = false;
    const focused = document.activeElement;
    const inList = focused?.closest('[data-notification-list]');
    if (!focused || focused === document.body || inList) bellRef.current?.focus();
  }, [opened]);

  const button = (
    <BellButton
      ref={bellRef}
      unread={unread}
      opened={opened}
      onToggle={() => {
        setPopoverWanted(true);
        setOpened((o) => !o);
      }}
    />
  );
  if (!isPopoverWanted) return button;
  return (
    <Suspense fallback={button}>
      <NotificationPopover
        opened={opened}
        setOpened={setOpened}
        target={button}
        onOpenPreferences={onOpenPreferences}
      />
    </Suspense>
  );
}
