import { Input, Rating, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation';

/**
 * A 1–5 rating as a radio group (Mantine's Rating: arrow keys move, each star is labelled with
 * its level's anchor), inside a fieldset whose legend names it; the chosen level's anchor shows.
 */
export function StarRatingField({
  label,
  hint,
  value,
  onChange,
  error,
  size = 'lg',
}: {
  label: string;
  hint?: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  size?: 'md' | 'lg' | 'xl';
}) {
  const { t } = useTranslation('reviews');
  const hintId = useId();
  const errorId = useId();
  const level = (count: number) => t('levelLabel', { count, level: t(`levels.${count}`) });
  return (
    <Stack
      component="fieldset"
      gap={4}
      m={0}
      p={0}
      style={{ border: 'none', minInlineSize: 0 }}
      aria-describedby={[hint ? hintId : '', error ? errorId : ''].join(' ').trim() || undefined}
    >
      <Text component="legend" size="sm" fw={600} p={0}>
        {label}
      </Text>
      {hint && (
        <Text id={hintId} size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <Rating
        value={value}
        onChange={onChange}
        size={size}
        getSymbolLabel={(count) =>
          count === 0 ? t('levels.0') : `${t('stars', { count })}: ${t(`levels.${count}`)}`
        }
      />
      {value > 0 && (
        <Text size="xs" aria-live="polite">
          {level(value)}
        </Text>
      )}
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
