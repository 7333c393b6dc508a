import { defineProcess, type StateOf, type TransitionOf } from '../workflow.js';

/**
 * One creator in one content request (`content_request_influencer_id`, issue 10 §2), from the
 * advertiser sending it to the published video — both parts of the flow, designed at once.
 *
 * Part 1 (requests): sent → accepted | declined | expired (acceptance window) | cancelled (the
 * advertiser, before acceptance); accepted → expired when the delivery deadline passes unmet.
 * An opportunity's line is assigned: accepted as soon as it is made (the application was).
 * Part 2 (delivery): submitted → approved | debriefed (a revision, at most `revision_cap`, checked
 * by the service) | rejected | auto-approved once the review window passes; debriefed →
 * submitted again; approved → paid (the content fee captured) → publication link submitted →
 * completed, or link declined → submitted again. A rejected creator may dispute within the
 * review window; an admin settles disputes, and may cancel a line that is stuck in any open state.
 *
 * The delivery deadline is a date of the request, not a delay from entering a state, so its
 * expiry (`expire_delivery`) is a job the content-requests module arms per line, not a timer here.
 */
export const contentRequestLineProcess = defineProcess({
  name: 'content-request-line',
  initial: 'sent',
  states: [
    'sent',
    'accepted',
    'declined',
    'expired',
    'cancelled',
    'submitted',
    'debriefed',
    'rejected',
    'disputed',
    'approved',
    'paid',
    'link_submitted',
    'link_declined',
    'completed',
    'closed',
  ],
  terminal: ['declined', 'expired', 'cancelled', 'completed', 'closed'],
  transitions: {
    // Part 1: the creator answers.
    accept: { from: ['sent'], to: 'accepted', actors: ['TALENT'] },
    decline: { from: ['sent'], to: 'declined', actors: ['TALENT'], requiresReason: true },
    expire: { from: ['sent'], to: 'expired', actors: ['SYSTEM'] },
    cancel: { from: ['sent'], to: 'cancelled', actors: ['BRAND', 'AGENCY'] },
    expire_delivery: { from: ['accepted', 'debriefed'], to: 'expired', actors: ['SYSTEM'] },
    // An opportunity's line (ADR 035): its creator accepted the brief by applying, and the
    // advertiser's approval of the application makes the line, accepted from the start.
    assign: { from: ['sent'], to: 'accepted', actors: ['SYSTEM'] },
    // Part 2: the video, its review and its payment.
    submit: { from: ['accepted', 'debriefed'], to: 'submitted', actors: ['TALENT'] },
    approve: { from: ['submitted'], to: 'approved', actors: ['BRAND', 'AGENCY'] },
    auto_approve: { from: ['submitted'], to: 'approved', actors: ['SYSTEM'] },
    debrief: {
      from: ['submitted'],
      to: 'debriefed',
      actors: ['BRAND', 'AGENCY'],
      requiresReason: true,
    },
    reject: {
      from: ['submitted'],
      to: 'rejected',
      actors: ['BRAND', 'AGENCY'],
      requiresReason: true,
    },
    dispute: { from: ['rejected'], to: 'disputed', actors: ['TALENT'], requiresReason: true },
    close: { from: ['rejected'], to: 'closed', actors: ['SYSTEM'] },
    mark_paid: { from: ['approved'], to: 'paid', actors: ['SYSTEM'] },
    // Part 2: publication, checked by the product team.
    submit_link: { from: ['paid', 'link_declined'], to: 'link_submitted', actors: ['TALENT'] },
    approve_link: { from: ['link_submitted'], to: 'completed', actors: ['ADMIN'] },
    decline_link: {
      from: ['link_submitted'],
      to: 'link_declined',
      actors: ['ADMIN'],
      requiresReason: true,
    },
    // Disputes and stuck lines: the product team decides.
    settle_for_creator: { from: ['disputed'], to: 'approved', actors: ['ADMIN'] },
    settle_for_advertiser: {
      from: ['disputed'],
      to: 'closed',
      actors: ['ADMIN'],
      requiresReason: true,
    },
    admin_cancel: {
      from: ['accepted', 'submitted', 'debriefed', 'approved'],
      to: 'cancelled',
      actors: ['ADMIN'],
      requiresReason: true,
    },
    admin_complete: { from: ['paid', 'link_declined'], to: 'completed', actors: ['ADMIN'] },
  },
  timers: [
    { in: 'sent', after: { settingHours: 'acceptance_window_hours' }, take: 'expire' },
    { in: 'submitted', after: { settingHours: 'review_window_days' }, take: 'auto_approve' },
    { in: 'rejected', after: { settingHours: 'review_window_days' }, take: 'close' },
  ],
});

export type ContentRequestLineState = StateOf<typeof contentRequestLineProcess>;
export type ContentRequestLineTransition = TransitionOf<typeof contentRequestLineProcess>;
export const contentRequestLineStates = contentRequestLineProcess.states;

/**
 * Transitions of part 1 (the creator's answer, the advertiser's cancel and their timers): the
 * generic transitions route takes these and `dispute`; part 2's other steps have routes of
 * their own (ADR 022).
 */
export const contentRequestLinePart1Transitions = [
  'accept',
  'decline',
  'expire',
  'cancel',
  'expire_delivery',
] as const satisfies readonly ContentRequestLineTransition[];

/**
 * Spec §4 status filters, derived from the states (never stored). The advertiser's list:
 * All, Sent, Creator Accepted, To Review, Declined, Debriefed, Approved, Completed; the
 * creator's: All, Sent (New), Declined, Debriefed, Approved, Completed, In review, Accepted.
 * `to_review` (advertiser) and `in_review` (creator) are one set of states seen from each side.
 */
export const advertiserRequestFilters = [
  'all',
  'sent',
  'accepted',
  'to_review',
  'declined',
  'debriefed',
  'approved',
  'completed',
] as const;
export type AdvertiserRequestFilter = (typeof advertiserRequestFilters)[number];

export const creatorRequestFilters = [
  'all',
  'sent',
  'declined',
  'debriefed',
  'approved',
  'completed',
  'in_review',
  'accepted',
] as const;
export type CreatorRequestFilter = (typeof creatorRequestFilters)[number];

type LineFilter = Exclude<AdvertiserRequestFilter | CreatorRequestFilter, 'all'>;

/** The states each filter shows (expired and cancelled lines appear under "All" only). */
export const lineStatesByFilter: Record<LineFilter, readonly ContentRequestLineState[]> = {
  sent: ['sent'],
  accepted: ['accepted'],
  to_review: ['submitted'],
  in_review: ['submitted'],
  declined: ['declined', 'rejected', 'disputed', 'closed'],
  debriefed: ['debriefed'],
  approved: ['approved', 'paid', 'link_submitted', 'link_declined'],
  completed: ['completed'],
};

/** The states a filter shows; null for "all". */
export function statesOfFilter(
  filter: AdvertiserRequestFilter | CreatorRequestFilter,
): readonly ContentRequestLineState[] | null {
  return filter === 'all' ? null : lineStatesByFilter[filter];
}

/** Spec §4 request labels (Sent, Accepted, Expired, Declined, …) by state, for badges. */
export const lineLabelOf: Record<ContentRequestLineState, string> = {
  sent: 'sent',
  accepted: 'accepted',
  declined: 'declined',
  expired: 'expired',
  cancelled: 'cancelled',
  submitted: 'in_review',
  debriefed: 'debriefed',
  rejected: 'declined',
  disputed: 'disputed',
  approved: 'approved',
  paid: 'approved',
  link_submitted: 'approved',
  link_declined: 'approved',
  completed: 'completed',
  closed: 'declined',
};

/** Acceptance and submission reminders (issue 10 §5): hours before the window or deadline ends. */
export const ACCEPTANCE_REMINDER_HOURS_BEFORE = 24;
export const SUBMISSION_REMINDER_HOURS_BEFORE = 24;
