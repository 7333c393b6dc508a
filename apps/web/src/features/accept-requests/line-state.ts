import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';

/** Spec §1 request stepper: Content Request Details, Upload, Wait for review, Get paid. */
export const stepIds = ['details', 'upload', 'review', 'paid'] as const;
export type StepId = (typeof stepIds)[number];

/**
 * The stepper's current step for a state; `completed` means every step is done. Read from the
 * state only: what the creator may do next comes from the server (`allowed_transitions`).
 */
export function stepOf(state: ContentRequestLineState): number {
  switch (state) {
    case 'sent':
    case 'declined':
    case 'expired':
    case 'cancelled':
      return 0;
    case 'accepted':
    case 'debriefed':
      return 1;
    case 'submitted':
    case 'rejected':
    case 'disputed':
    case 'closed':
      return 2;
    case 'approved':
    case 'paid':
    case 'link_submitted':
    case 'link_declined':
      return 3;
    case 'completed':
      return stepIds.length;
  }
}

/**
 * States in which a request ended before any video: declined, expired or cancelled. Its page
 * shows no stepper and no payment to come, only what happened.
 */
export const endedUnworkedStates: readonly ContentRequestLineState[] = [
  'declined',
  'expired',
  'cancelled',
];

/** States the details page explains in a sentence (`closed.<state>`). */
export const noticeStates: readonly ContentRequestLineState[] = [
  'expired',
  'cancelled',
  'declined',
  'accepted',
];
