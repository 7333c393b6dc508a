import {
  Anchor,
  Button,
  Checkbox,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { IconPlaylistAdd, IconPlus } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useOpenedOnMount } from '../../../lib/return-focus';
import { toasts } from '../../../lib/toasts';
import { useCreateShortList } from '../api/create-short-list';
import { useShortLists } from '../api/get-short-lists';
import { useUpdateShortListMember } from '../api/update-short-list-member';
import { SHORT_LIST_NAME_MAX, checkShortListName, isNameTaken } from '../short-list-name';

export interface ShortListPopoverProps {
  influencerId: number;
  /** The creator's name, for the announcements. */
  creatorName: string;
  size?: 'xs' | 'sm';
}

/**
 * The "Add to shortlist" popup: one checkbox per shortlist (ticked when the creator is in it)
 * and a field to create a new list with the creator in it. Its own chunk, loaded on the first
 * opening (add-to-short-list-menu.tsx), so it mounts open.
 */
export default function ShortListPopover({
  influencerId,
  creatorName,
  size = 'xs',
}: ShortListPopoverProps) {
  const { t } = useTranslation('discovery');
  const { opened, change, target, popup } = useOpenedOnMount();
  return (
    <Popover
      opened={opened}
      onChange={change}
      position="bottom-end"
      width={280}
      trapFocus
      shadow="md"
    >
      <Popover.Target>
        <Button
          ref={target}
          variant="light"
          size={size}
          leftSection={<IconPlaylistAdd size={16} aria-hidden />}
          onClick={() => change(!opened)}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          {t('shortLists.add')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown ref={popup}>
        {opened && <ShortListChoices influencerId={influencerId} creatorName={creatorName} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function ShortListChoices({ influencerId, creatorName }: ShortListPopoverProps) {
  const { t } = useTranslation('discovery');
  const ids = useId();
  const errorMessage = useApiErrorMessage();
  const lists = useShortLists();
  const member = useUpdateShortListMember();
  const create = useCreateShortList();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const setMember = (shortListId: number, listName: string, isMember: boolean) =>
    member.mutate(
      { shortListId, influencerId, isMember },
      {
        onSuccess: () =>
          toasts.show({
            color: 'teal',
            autoClose: 4000,
            message: t(isMember ? 'shortLists.added' : 'shortLists.removed', {
              name: creatorName,
              list: listName,
            }),
          }),
        onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
      },
    );

  const createWithCreator = async () => {
    const problem = checkShortListName(name);
    if (problem) {
      setNameError(t(`shortLists.nameErrors.${problem}`, { max: SHORT_LIST_NAME_MAX }));
      return;
    }
    try {
      const list = await create.mutateAsync(name.trim());
      setName('');
      setMember(list.short_list_id, list.name, true);
    } catch (error) {
      setNameError(isNameTaken(error) ? t('shortLists.nameErrors.taken') : errorMessage(error));
    }
  };

  return (
    <Stack gap="sm" role="group" aria-labelledby={`${ids}-title`}>
      <Text fw={600} size="sm" id={`${ids}-title`}>
        {t('shortLists.addTitle', { name: creatorName })}
      </Text>
      {lists.isPending ? (
        <Loader size="sm" aria-label={t('shortLists.loading')} />
      ) : lists.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(lists.error)}
        </Text>
      ) : lists.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('shortLists.noneYet')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={200} type="auto">
          <Stack gap={6}>
            {lists.data.map((list) => (
              <Checkbox
                key={list.short_list_id}
                label={list.name}
                checked={list.influencer_ids.includes(influencerId)}
                onChange={(event) =>
                  setMember(list.short_list_id, list.name, event.currentTarget.checked)
                }
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void createWithCreator();
        }}
      >
        <Stack gap={6}>
          <TextInput
            size="xs"
            label={t('shortLists.newName')}
            placeholder={t('shortLists.namePlaceholder')}
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
          />
          <Button
            type="submit"
            size="xs"
            variant="default"
            loading={create.isPending}
            leftSection={<IconPlus size={14} aria-hidden />}
          >
            {t('shortLists.createAndAdd')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/short-lists" size="xs">
        {t('shortLists.manage')}
      </Anchor>
    </Stack>
  );
}
