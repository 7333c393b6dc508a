import type { NotificationItem } from '@clipmarket/contracts/notifications';
import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from 'wouter';
import { IconAdjustments } from '../../../components/icons';
import { useNotifications } from '../api/get-notifications';
import { useReadNotification } from '../api/read-notification';
import { NEW_NOTIFICATION_TOAST_ID } from '../hooks/use-notification-events';
import { NotificationItemView } from './notification-item';

/** Spec §4: navigation after a click waits 50 ms (the popover closes first). */
const NAVIGATION_DELAY_MS = 50;
/** Relative times refresh while the list is open. */
const CLOCK_TICK_MS = 30_000;

function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export interface NotificationPopoverProps {
  opened: boolean;
  setOpened: (opened: boolean) => void;
  /** The bell button, anchored by the popover. */
  target: ReactNode;
  onOpenPreferences?: (() => void) | undefined;
}

/**
 * The bell's list (spec §2): 8 per page, the next page when the bottom becomes visible,
 * click marks read then navigates. Its own chunk: most screens never open it.
 */
export default function NotificationPopover({
  opened,
  setOpened,
  target,
  onOpenPreferences,
}: NotificationPopoverProps) {
  const { t, i18n } = useTranslation('notifications');
  const [, navigate] = useLocation();
  const titleId = useId();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const query = useNotifications(i18n.language);
  const read = useReadNotification();
  const now = useNow(opened);

  const unread = query.data?.pages[0]?.attributes.count ?? 0;
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // The next page loads when the bottom of the list becomes visible (spec §2).
  useEffect(() => {
    if (!opened || !sentinel || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: viewport, rootMargin: '0px 0px 64px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [opened, sentinel, viewport, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const openItem = (item: NotificationItem) => {
    read.mutate(item.notification_hash, {
      onSuccess: (data) => {
        setOpened(false);
        setTimeout(() => navigate(data.redirection || item.redirection), NAVIGATION_DELAY_MS);
      },
      onError: () => {
        toasts.show({ color: 'red', message: t('errors.read') });
      },
    });
  };

  // The open list shows the new notification already: its toast would only cover the list.
  useEffect(() => {
    if (opened) toasts.hide(NEW_NOTIFICATION_TOAST_ID);
  }, [opened]);

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={380}
      position="bottom-end"
      shadow="md"
      withArrow
      // Opening moves the focus into the list (its first line); Escape closes it and the bell
      // takes the focus back (notification-bell.tsx).
      trapFocus
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p={0} aria-labelledby={titleId} role="dialog" data-notification-list>
        <Group
          justify="space-between"
          px="sm"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text fw={700} id={titleId}>
            {t('bell.title')}
          </Text>
          <Group gap={4} wrap="nowrap">
            {unread > 0 && (
              <Text size="xs" c="dimmed">
                {t('bell.unreadCount', { count: unread })}
              </Text>
            )}
            {onOpenPreferences && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('bell.preferences')}
                title={t('bell.preferences')}
                onClick={() => {
                  setOpened(false);
                  onOpenPreferences();
                }}
              >
                <IconAdjustments size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <ScrollArea.Autosize mah="min(480px, 70dvh)" viewportRef={setViewport} type="auto">
          {query.isPending ? (
            <Center py="lg" aria-live="polite">
              <Loader size="sm" aria-label={t('list.loading')} />
            </Center>
          ) : query.isError ? (
            <Stack align="center" gap="xs" py="lg" role="alert">
              <Text size="sm">{t('list.loadError')}</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                {t('list.retry')}
              </Button>
            </Stack>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              {t('list.empty')}
            </Text>
          ) : (
            <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {items.map((item, index) => (
                <li key={item.notification_hash}>
                  <NotificationItemView
                    autoFocus={index === 0}
                    item={item}
                    now={now}
                    busy={read.isPending && read.variables === item.notification_hash}
                    onOpen={openItem}
                  />
                </li>
              ))}
            </Box>
          )}
          <div ref={setSentinel} style={{ height: 1 }} />
          {isFetchingNextPage && (
            <Center py="xs" aria-live="polite">
              <Loader size="xs" aria-label={t('list.loadingMore')} />
            </Center>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
