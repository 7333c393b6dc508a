import type { PlacementHint } from '@clipmarket/contracts/tracked-links';
import { List, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconInfoCircle } from '../../../components/icons';
import { useTranslation } from '../../../lib/use-translation';

const looks = {
  yes: { color: 'teal', Icon: IconCircleCheck },
  no: { color: 'gray', Icon: IconCircleX },
  conditional: { color: 'yellow', Icon: IconInfoCircle },
} as const;

/** Where a link can go on a platform: each place, with yes, no, or its condition. */
export function PlacementHints({ places, label }: { places: PlacementHint[]; label: string }) {
  const { t } = useTranslation('toolbox');
  return (
    <List spacing={6} size="sm" aria-label={label} center>
      {places.map((hint) => {
        const { color, Icon } = looks[hint.answer];
        return (
          <List.Item
            key={hint.place}
            icon={
              <ThemeIcon color={color} size={22} radius="xl" variant="light">
                <Icon size={16} aria-hidden />
              </ThemeIcon>
            }
          >
            {t(`hints.places.${hint.place}`)}
            {': '}
            {hint.condition
              ? t(`hints.conditions.${hint.condition}`)
              : t(`hints.answers.${hint.answer}`)}
          </List.Item>
        );
      })}
    </List>
  );
}
