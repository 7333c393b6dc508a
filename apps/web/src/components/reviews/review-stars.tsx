import { Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';

/** A rating as stars, read out as "4 out of 5". */
export function ReviewStars({ value, size = 'md' }: { value: number; size?: string }) {
  const { t } = useTranslation('reviews');
  const full = Math.round(value);
  return (
    <Text span c="yellow.8" size={size} role="img" aria-label={t('starsOf', { value })}>
      {'★'.repeat(full)}
      <Text span c="gray.5" inherit>
        {'★'.repeat(Math.max(0, 5 - full))}
      </Text>
    </Text>
  );
}
