import { Button, Group } from '@mantine/core';
import { type ComponentProps, type ReactNode, useRef, useState } from 'react';
import { AdminQueue } from '../../../components/admin-queue';
import { IconCircleCheck, IconCircleX } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { ReasonModal } from './reason-modal';

/** The body both queues' decision routes take (publication links, submitted figures). */
export type ApproveOrDecline = { decision: 'approve' } | { decision: 'decline'; reason: string };

/** What a card gets to offer the two decisions on its item. */
export interface DecisionActions {
  /** The item's approval is being sent. */
  busy: boolean;
  onApprove: () => void;
  onDecline: () => void;
}

/**
 * A queue of the team's checks where each item is approved at once or declined with a required
 * reason (publication links, submitted figures): the cards, the decline dialog, the toast of the
 * outcome, and the focus back on the list once the decided card has left it. The page says what
 * a decision sends and what its toast reads (`decide`), and draws each card (`renderItem`).
 */
export function ApproveDeclineQueue<T>({
  query,
  items,
  listLabel,
  empty,
  itemKey,
  renderItem,
  decide,
  pending,
  declineDialog,
}: {
  query: ComponentProps<typeof AdminQueue>['query'];
  /** Every loaded page's items, in order. */
  items: readonly T[];
  listLabel: string;
  empty: { title: string; body: string };
  itemKey: (item: T) => number;
  renderItem: (item: T, actions: DecisionActions) => ReactNode;
  /** Sends the decision on the item; answers the toast's message. */
  decide: (item: T, decision: ApproveOrDecline) => Promise<string>;
  /** A decision is on its way (the dialog's buttons wait). */
  pending: boolean;
  /** The decline dialog's texts for an item (in the page's own words). */
  declineDialog: {
    title: string;
    confirmLabel: string;
    /** Who reads the reason, when not the creator and the advertiser both. */
    readersHint?: string;
    description: (item: T) => string;
  };
}) {
  const { t } = useTranslation('admin-content');
  const errorMessage = useApiErrorMessage();
  const [declining, setDeclining] = useState<T | null>(null);
  const [approvingKey, setApprovingKey] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // The card decided on leaves the list: keyboard focus goes to the list, not to nowhere.
  const focusList = () => requestAnimationFrame(() => listRef.current?.focus());

  const send = async (item: T, decision: ApproveOrDecline) => {
    try {
      toasts.show({ color: 'teal', message: await decide(item, decision) });
    } catch (error) {
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
  };

  const approve = async (item: T) => {
    setApprovingKey(itemKey(item));
    await send(item, { decision: 'approve' });
    setApprovingKey(null);
    focusList();
  };

  return (
    <>
      <AdminQueue
        query={query}
        items={items}
        listRef={listRef}
        listLabel={listLabel}
        texts={{ loading: t('loading'), retry: t('retry'), loadMore: t('loadMore') }}
        empty={{ icon: <IconCircleCheck size={28} aria-hidden />, ...empty }}
        itemKey={itemKey}
        renderItem={(item) =>
          renderItem(item, {
            busy: approvingKey === itemKey(item),
            onApprove: () => void approve(item),
            onDecline: () => setDeclining(item),
          })
        }
      />
      <ReasonModal
        // Each item starts with an empty reason.
        key={declining === null ? 'closed' : itemKey(declining)}
        opened={declining !== null}
        title={declineDialog.title}
        description={declining === null ? '' : declineDialog.description(declining)}
        label={t('reason.label')}
        required
        readersHint={declineDialog.readersHint}
        confirmLabel={declineDialog.confirmLabel}
        confirmColor="red"
        pending={pending}
        onClose={() => setDeclining(null)}
        onConfirm={(reason) => {
          const item = declining;
          if (item === null) return;
          void send(item, { decision: 'decline', reason }).then(() => {
            setDeclining(null);
            focusList();
          });
        }}
      />
    </>
  );
}

/** A card's two buttons: decline (opens the dialog) and approve (sent at once). */
export function DecisionButtons({
  actions,
  texts,
}: {
  actions: DecisionActions;
  /** The buttons' words, and their accessible names, which say what each decides on. */
  texts: { approve: string; decline: string; approveLabel: string; declineLabel: string };
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button
        variant="default"
        color="red"
        leftSection={<IconCircleX size={16} aria-hidden />}
        onClick={actions.onDecline}
        disabled={actions.busy}
        aria-label={texts.declineLabel}
      >
        {texts.decline}
      </Button>
      <Button
        color="teal"
        leftSection={<IconCircleCheck size={16} aria-hidden />}
        onClick={actions.onApprove}
        loading={actions.busy}
        aria-label={texts.approveLabel}
      >
        {texts.approve}
      </Button>
    </Group>
  );
}
