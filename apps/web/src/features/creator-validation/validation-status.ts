import type { CreatorValidationTransition } from '@clipmarket/contracts/workflows/creator-validation';

/**
 * Transitions of the process definition (contracts/workflows/creator-validation). Screens show
 * an action only when the API lists it in `allowed_transitions`, never from the role.
 */
export const transitions = {
  validate: 'validate',
  reject: 'reject',
  resubmit: 'resubmit',
} as const satisfies Record<CreatorValidationTransition, CreatorValidationTransition>;

export const isAllowed = (
  status: { allowed_transitions: readonly string[] },
  transition: CreatorValidationTransition,
) => status.allowed_transitions.includes(transition);
