import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { SHORT_LIST_NAME_MAX, checkShortListName, isNameTaken } from '../short-list-name';

export interface ShortListNameModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Resolves when saved; a rejection is shown in the form. */
  onSubmit: (name: string) => Promise<unknown>;
}

/** Name of a new shortlist, or the new name of one. */
export function ShortListNameModal({ opened, onClose, ...props }: ShortListNameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={props.title} centered>
      {/* Mounted only while open, so each opening starts from the given name. */}
      {opened && <NameForm onClose={onClose} {...props} />}
    </Modal>
  );
}

function NameForm({
  onClose,
  submitLabel,
  initialName = '',
  onSubmit,
}: Omit<ShortListNameModalProps, 'opened' | 'title'>) {
  const { t } = useTranslation(['discovery', 'common']);
  const errorMessage = useApiErrorMessage();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async () => {
    const problem = checkShortListName(name);
    if (problem) {
      setError(t(`shortLists.nameErrors.${problem}`, { max: SHORT_LIST_NAME_MAX }));
      return;
    }
    setSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (failure) {
      setError(isNameTaken(failure) ? t('shortLists.nameErrors.taken') : errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <TextInput
          label={t('shortLists.name')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          data-autofocus
          maxLength={SHORT_LIST_NAME_MAX + 20}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
