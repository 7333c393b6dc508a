import type { NotificationColour, NotificationItem } from '@clipmarket/contracts/notifications';
import { Avatar, Box, Group, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { intlLocale } from '../../../lib/i18n';
import { pickNotificationPicture, senderDisplayName } from '../utils/notification-picture';
import { formatRelativeTime } from '../utils/relative-time';
import { truncateNotificationText } from '../utils/truncate-notification-text';
import { resolveNotificationIcon } from './notification-icons';

const themeColours: Record<NotificationColour, { color: string; variant: string }> = {
  Purple: { color: 'violet', variant: 'light' },
  Pink: { color: 'pink', variant: 'light' },
  Black: { color: 'dark', variant: 'filled' },
  transparent: { color: 'gray', variant: 'transparent' },
};

function initialsOf(name: string): string {
  return name
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => Array.from(part)[0]?.toUpperCase() ?? '')
    .join('');
}

export interface NotificationItemViewProps {
  item: NotificationItem;
  now: Date;
  busy: boolean;
  onOpen: (item: NotificationItem) => void;
  /** The first line: it takes the focus when the list opens. */
  autoFocus?: boolean;
}

/** One line of the bell (spec §2): read state, picture, icon, colour, text, time since. */
export function NotificationItemView({
  item,
  now,
  busy,
  onOpen,
  autoFocus = false,
}: NotificationItemViewProps) {
  const { t, i18n } = useTranslation('notifications');
  const isUnread = item.notification_status === 'Not read';
  const picture = pickNotificationPicture(item);
  const name = senderDisplayName(item.sender);
  const Icon = resolveNotificationIcon(item.icon);
  const theme = themeColours[item.colour];
  const text = truncateNotificationText(item.content);
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      // Read by the popover's focus trap on opening.
      data-autofocus={autoFocus || undefined}
      disabled={busy}
      aria-busy={busy || undefined}
      title={text === item.content ? undefined : item.content}
      w="100%"
      px="sm"
      py={10}
      style={{
        display: 'block',
        backgroundColor: isUnread ? 'var(--mantine-color-violet-light)' : undefined,
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box pos="relative" style={{ flexShrink: 0 }}>
          <Avatar src={picture} alt={name} radius="xl" size={40} color="violet">
            {picture ? null : name ? initialsOf(name) : <Icon size={20} aria-hidden />}
          </Avatar>
          <ThemeIcon
            color={theme.color}
            variant={theme.variant}
            size={20}
            radius="xl"
            pos="absolute"
            bottom={-4}
            style={{ insetInlineEnd: -4 }}
            aria-hidden
          >
            <Icon size={13} />
          </ThemeIcon>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <VisuallyHidden>{isUnread ? t('item.unread') : t('item.read')}</VisuallyHidden>
          <Text size="sm" fw={isUnread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
            {text}
          </Text>
          <Text size="xs" c="dimmed" mt={2} component="time" dateTime={item.created_at}>
            {formatRelativeTime(item.created_at, {
              locale: intlLocale(i18n.language),
              nowLabel: t('time.now'),
              now,
            })}
          </Text>
        </Box>
        {isUnread && (
          <Box
            aria-hidden
            mt={6}
            w={8}
            h={8}
            style={{
              flexShrink: 0,
              borderRadius: '50%',
              backgroundColor: 'var(--mantine-color-violet-filled)',
            }}
          />
        )}
      </Group>
    </UnstyledButton>
  );
}
