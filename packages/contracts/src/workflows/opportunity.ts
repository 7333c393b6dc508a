import { defineProcess, type StateOf, type TransitionOf } from '../workflow.js';

/**
 * One opportunity (`content_opportunity_id`, issue 23 §1): a brief an advertiser publishes for
 * creators to apply to, from the draft to its end.
 *
 * draft → published once the platform fee is paid → live while it takes applications (at once,
 * or from its start date) → ongoing when its spots are taken, or when its application deadline
 * passes with accepted creators (back to live when an accepted creator's line ends without a
 * delivery before that deadline) → completed when every delivery has ended. A live opportunity
 * whose application deadline passes with no accepted creator expires (nothing is held then).
 * The advertiser may close it early while no creator is accepted, or stop its applications once
 * one is; the product team may close any open one. A draft may be discarded.
 *
 * The start date and the application deadline are dates of the opportunity, not delays from
 * entering a state: the opportunities module arms a job per opportunity for `open`, `expire` and
 * `close_applications`, as content requests do for `expire_delivery`.
 */
export const opportunityProcess = defineProcess({
  name: 'opportunity',
  initial: 'draft',
  states: ['draft', 'published', 'live', 'ongoing', 'completed', 'expired', 'closed', 'discarded'],
  terminal: ['completed', 'expired', 'closed', 'discarded'],
  transitions: {
    // The advertiser's draft, until its platform fee is paid (the payment's confirmation).
    publish: { from: ['draft'], to: 'published', actors: ['SYSTEM'] },
    discard: { from: ['draft'], to: 'discarded', actors: ['BRAND', 'AGENCY', 'ADMIN'] },
    // Applications.
    open: { from: ['published'], to: 'live', actors: ['SYSTEM'] },
    fill: { from: ['live'], to: 'ongoing', actors: ['SYSTEM'] },
    close_applications: { from: ['live'], to: 'ongoing', actors: ['SYSTEM'] },
    stop_applications: { from: ['live'], to: 'ongoing', actors: ['BRAND', 'AGENCY'] },
    reopen: { from: ['ongoing'], to: 'live', actors: ['SYSTEM'] },
    expire: { from: ['live'], to: 'expired', actors: ['SYSTEM'] },
    // Deliveries.
    complete: { from: ['ongoing'], to: 'completed', actors: ['SYSTEM'] },
    // Early ends: the advertiser before any creator is accepted, the product team at any time.
    close: {
      from: ['published', 'live'],
      to: 'closed',
      actors: ['BRAND', 'AGENCY'],
      requiresReason: true,
    },
    admin_close: {
      from: ['published', 'live', 'ongoing'],
      to: 'closed',
      actors: ['ADMIN'],
      requiresReason: true,
    },
  },
  timers: [],
});

export type OpportunityState = StateOf<typeof opportunityProcess>;
export type OpportunityTransition = TransitionOf<typeof opportunityProcess>;
export const opportunityStates = opportunityProcess.states;

/** States in which creators see the opportunity and may apply. */
export const opportunityOpenStates = ['live'] as const satisfies readonly OpportunityState[];

/**
 * Spec §4 "Opportunity status filter: All, published, ongoing, Completed, expired, Live" (the
 * advertiser's list), derived from the states (never stored). Drafts have a list of their own;
 * closed and discarded opportunities appear under "All" only.
 */
export const opportunityFilters = [
  'all',
  'published',
  'live',
  'ongoing',
  'completed',
  'expired',
] as const;
export type OpportunityFilter = (typeof opportunityFilters)[number];

export const opportunityStatesByFilter: Record<
  Exclude<OpportunityFilter, 'all'>,
  readonly OpportunityState[]
> = {
  published: ['published'],
  live: ['live'],
  ongoing: ['ongoing'],
  completed: ['completed'],
  expired: ['expired'],
};

/** The states a filter shows; null for "all" (every state but the drafts). */
export function statesOfOpportunityFilter(
  filter: OpportunityFilter,
): readonly OpportunityState[] | null {
  return filter === 'all' ? null : opportunityStatesByFilter[filter];
}
