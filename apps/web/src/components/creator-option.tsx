import type { InfluencerCard } from '@clipmarket/contracts/discovery';
import { Avatar, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/use-translation';
import { Money } from './checkout/money';
import { creatorNames, initialsOf } from '../lib/creator-name';
import { mediaUrl } from '../lib/media';
import { videoDurations } from '../lib/video-options';

/** A creator as an advertiser picks them (a request's step 1, an opportunity's invitations): the discovery card, with prices once the search sends them. */
export type PickableCreator = InfluencerCard & {
  /** Millimes per video length (the creator-prices work adds it to discovery's answers). */
  prices?: Partial<Record<'15' | '30' | '60', number | null>> | null;
};

/** What the request keeps of a chosen creator: who, and the names to show. */
export type ChosenCreator = Pick<
  PickableCreator,
  'influencer_id' | 'influencer_name' | 'first_name' | 'last_name'
>;

export function useCreatorName() {
  const { t } = useTranslation('pages');
  return (creator: ChosenCreator) => creatorNames(creator, t('creatorOption.unnamed')).displayName;
}

/** One creator with a checkbox: picture, name and, when known, the price of each length. */
export function CreatorOption({
  creator,
  checked,
  disabled,
  onToggle,
}: {
  creator: PickableCreator;
  checked: boolean;
  disabled: boolean;
  onToggle: (checked: boolean) => void;
}) {
  const { t } = useTranslation('pages');
  const nameOf = useCreatorName();
  const name = nameOf(creator);
  const prices = creator.prices ?? null;
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Group wrap="nowrap" gap="sm">
        <Checkbox
          checked={checked}
          disabled={disabled && !checked}
          onChange={(event) => onToggle(event.currentTarget.checked)}
          aria-label={name}
        />
        <Avatar src={mediaUrl(creator.efile, 'thumb')} alt="" size={44} radius="xl" aria-hidden>
          {initialsOf(name)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          {prices ? (
            <Group gap="xs">
              {videoDurations.map((duration) => {
                const price = prices[String(duration) as '15' | '30' | '60'];
                return typeof price === 'number' ? (
                  <Text size="xs" c="dimmed" key={duration}>
                    {`${t('creatorOption.seconds', { count: duration })}: `}
                    <Money millimes={price} />
                  </Text>
                ) : null;
              })}
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              {t('creatorOption.noPrice')}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
