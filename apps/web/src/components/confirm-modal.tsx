import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** "Are you sure?" before something that cannot be undone (delete a draft, cancel a line). */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel,
  isBusy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text>{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isBusy}>
            {cancelLabel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={isBusy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
