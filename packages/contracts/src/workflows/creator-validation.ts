import { defineProcess, type StateOf, type TransitionOf } from '../workflow.js';

/**
 * Creator account validation (spec §4 "account pending validation", `is_validated` in getMe):
 * a new creator account waits for the product team, who validate it or reject it with a reason.
 * A rejected creator who has fixed their profile asks again; the team may also reconsider.
 * Only validated creators appear in advertisers' search.
 */
export const creatorValidationProcess = defineProcess({
  name: 'creator-validation',
  initial: 'pending',
  states: ['pending', 'validated', 'rejected'],
  terminal: ['validated'],
  transitions: {
    validate: { from: ['pending', 'rejected'], to: 'validated', actors: ['ADMIN'] },
    reject: { from: ['pending'], to: 'rejected', actors: ['ADMIN'], requiresReason: true },
    resubmit: { from: ['rejected'], to: 'pending', actors: ['TALENT'] },
  },
  timers: [],
});

export type CreatorValidationState = StateOf<typeof creatorValidationProcess>;
export type CreatorValidationTransition = TransitionOf<typeof creatorValidationProcess>;
export const creatorValidationStates = creatorValidationProcess.states;

/** Admins are reminded of accounts left pending longer than this (scheduled job). */
export const CREATOR_VALIDATION_REMINDER_HOURS = 48;
