import { Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';
import { IconHourglass } from '../icons';
import { formatDateTime, formatRelative } from './format-time';

/** A new request's acceptance window: when it closes, in words and as a date. */
export function AnswerBy({ answerBy, size = 'sm' }: { answerBy: string; size?: 'sm' | 'md' }) {
  const { t, i18n } = useTranslation('accept-requests');
  const isOver = new Date(answerBy).getTime() <= Date.now();
  return (
    <Group gap={6} wrap="nowrap" c={isOver ? 'dimmed' : 'orange.8'}>
      <IconHourglass size={16} aria-hidden />
      <Text size={size} fw={600} c="inherit">
        {isOver
          ? t('card.answerTimeOver')
          : t('card.answerBy', {
              date: formatDateTime(answerBy, i18n.language),
              relative: formatRelative(answerBy, i18n.language),
            })}
      </Text>
    </Group>
  );
}
