import { ActionIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { HoverHint } from '../../../components/hover-hint';
import { IconHeart, IconHeartFilled } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useFavoriteIds } from '../api/get-favorite-ids';
import { useToggleFavorite } from '../api/toggle-favorite';

export interface FavoriteButtonProps {
  influencerId: number;
  /** What the card knew when it was loaded; the favourites list wins once it is there. */
  isFavorite?: boolean;
  size?: 'md' | 'lg' | 'xl';
}

/** The heart of a creator (spec §8 "Creator favorised or disfavorised successfully"). */
export function FavoriteButton({
  influencerId,
  isFavorite = false,
  size = 'lg',
}: FavoriteButtonProps) {
  const { t } = useTranslation('discovery');
  const errorMessage = useApiErrorMessage();
  const favoriteIds = useFavoriteIds();
  const toggle = useToggleFavorite();
  const pressed = favoriteIds.data ? favoriteIds.data.includes(influencerId) : isFavorite;
  const label = pressed ? t('favorites.remove') : t('favorites.add');
  return (
    <HoverHint label={label}>
      <ActionIcon
        variant={pressed ? 'light' : 'subtle'}
        color="pink"
        size={size}
        radius="xl"
        aria-label={label}
        aria-pressed={pressed}
        onClick={() =>
          toggle.mutate(
            { influencerId, isFavorite: pressed },
            {
              onSuccess: () =>
                toasts.show({ color: 'teal', message: t('favorites.toggled'), autoClose: 4000 }),
              onError: (error) =>
                toasts.show({ color: 'red', message: errorMessage(error), autoClose: 6000 }),
            },
          )
        }
      >
        {pressed ? <IconHeartFilled size={20} aria-hidden /> : <IconHeart size={20} aria-hidden />}
      </ActionIcon>
    </HoverHint>
  );
}
