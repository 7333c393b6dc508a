import type { SearchQuota } from '@clipmarket/contracts/discovery';
import { Alert, Anchor, Box, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { IconAlertTriangle, IconMail } from '../../../components/icons';
import { formatDate, formatNumber } from '../../../lib/format';

/**
 * Searches left in the free trial, or "unlimited" during a paid period (spec §3 "Quota").
 * Announced politely: the count drops after each search.
 */
export function QuotaStatus({
  quota,
  isPending,
}: {
  quota: SearchQuota | undefined;
  isPending: boolean;
}) {
  const { t, i18n } = useTranslation('discovery');
  const language = i18n.language;
  if (isPending) return <Skeleton height={32} aria-hidden />;
  if (!quota) return null;
  const date = (value: string | null) => (value ? formatDate(value, language) : null);

  // The trial starts once the e-mail address is verified.
  if (quota.status === 'not_started') {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconMail size={18} aria-hidden />}
        role="status"
        title={t('quota.notStarted.title')}
      >
        <Text size="sm">{t('quota.notStarted.body')}</Text>
      </Alert>
    );
  }

  if (quota.status === 'exhausted' || quota.status === 'expired') {
    const until = date(quota.free_trial_expire_date);
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        role="status"
        title={t(`quota.${quota.status}.title`)}
      >
        <Stack gap={4}>
          <Text size="sm">
            {quota.status === 'expired' && until
              ? t('quota.expired.bodyOn', { date: until })
              : t(`quota.${quota.status}.body`, {
                  max: formatNumber(quota.max_search_count, language),
                })}
          </Text>
          <Anchor component={Link} to="/contact-us" size="sm">
            {t('quota.contact')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  if (quota.status === 'subscribed' || quota.remaining === null) {
    const until = date(quota.account_validity_to);
    return (
      <Text size="sm" c="teal.8" role="status">
        {until ? t('quota.unlimitedUntil', { date: until }) : t('quota.unlimited')}
      </Text>
    );
  }

  const max = Math.max(quota.max_search_count, 1);
  const trialEnd = date(quota.free_trial_expire_date);
  return (
    <Stack gap={4} role="status">
      <Text size="sm">
        {t('quota.remaining', {
          remaining: formatNumber(quota.remaining, language),
          max: formatNumber(quota.max_search_count, language),
        })}
      </Text>
      {/* A bar drawn with two boxes: Mantine's Progress is a chunk of its own (issue 8). */}
      <Box h={5} bg="gray.2" aria-hidden style={{ borderRadius: 32, overflow: 'hidden' }}>
        <Box
          h="100%"
          w={`${(quota.remaining / max) * 100}%`}
          bg={`var(--mantine-color-${quota.remaining <= 2 ? 'orange' : 'violet'}-filled)`}
        />
      </Box>
      {trialEnd && (
        <Text size="xs" c="dimmed">
          {t('quota.trialEnds', { date: trialEnd })}
        </Text>
      )}
    </Stack>
  );
}
