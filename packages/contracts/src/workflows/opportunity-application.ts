import { defineProcess, type StateOf, type TransitionOf } from '../workflow.js';
import type { ContentRequestLineState } from './content-request-line.js';
import type { OpportunityState } from './opportunity.js';

/**
 * One creator's application to one opportunity (`content_opportunity_influencer_id`, issue 23 §1).
 *
 * submitted (under review) → accepted, which takes a spot and holds the agreed price; → debriefed
 * when the advertiser asks for another price or pitch (once, checked by the service), and back to
 * submitted when the creator revises it; → declined by the advertiser (with a reason), or by the
 * system when the advertiser has not answered within the answer window (the creator is told);
 * → withdrawn by the creator while it is open; → closed when the opportunity stops taking
 * applications (its spots taken, its deadline passed, closed) before an answer.
 *
 * An accepted application becomes a delivery line of the content delivery (ADR 032), entering it
 * at `accepted`: what happens to the video from then on is that line's process, not this one.
 */
export const opportunityApplicationProcess = defineProcess({
  name: 'opportunity-application',
  initial: 'submitted',
  states: ['submitted', 'debriefed', 'accepted', 'declined', 'withdrawn', 'closed'],
  terminal: ['accepted', 'declined', 'withdrawn', 'closed'],
  transitions: {
    accept: { from: ['submitted'], to: 'accepted', actors: ['BRAND', 'AGENCY'] },
    debrief: {
      from: ['submitted'],
      to: 'debriefed',
      actors: ['BRAND', 'AGENCY'],
      requiresReason: true,
    },
    revise: { from: ['debriefed'], to: 'submitted', actors: ['TALENT'] },
    decline: {
      from: ['submitted', 'debriefed'],
      to: 'declined',
      actors: ['BRAND', 'AGENCY'],
      requiresReason: true,
    },
    auto_decline: { from: ['submitted', 'debriefed'], to: 'declined', actors: ['SYSTEM'] },
    withdraw: { from: ['submitted', 'debriefed'], to: 'withdrawn', actors: ['TALENT'] },
    close: { from: ['submitted', 'debriefed'], to: 'closed', actors: ['SYSTEM'] },
  },
  timers: [
    // The advertiser's answer window; a debriefed application waits for the creator as long.
    {
      in: 'submitted',
      after: { settingHours: 'application_answer_window_days' },
      take: 'auto_decline',
    },
    {
      in: 'debriefed',
      after: { settingHours: 'application_answer_window_days' },
      take: 'auto_decline',
    },
  ],
});

export type OpportunityApplicationState = StateOf<typeof opportunityApplicationProcess>;
export type OpportunityApplicationTransition = TransitionOf<typeof opportunityApplicationProcess>;
export const opportunityApplicationStates = opportunityApplicationProcess.states;

/**
 * Spec §4 "Application states: under review, accepted and approved, accepted and debriefed,
 * declined": the application's state, and once accepted its delivery line's (approved when the
 * video was approved, debriefed while a revision is asked for). Withdrawn and closed applications
 * have labels of their own; an accepted one whose line has not reached a review reads "accepted".
 */
export const applicationLabels = [
  'under_review',
  'debriefed',
  'accepted',
  'accepted_and_approved',
  'accepted_and_debriefed',
  'declined',
  'withdrawn',
  'closed',
] as const;
export type ApplicationLabel = (typeof applicationLabels)[number];

const approvedLineStates: readonly ContentRequestLineState[] = [
  'approved',
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
];

export function applicationLabel(
  application: OpportunityApplicationState,
  line: ContentRequestLineState | null,
): ApplicationLabel {
  switch (application) {
    case 'submitted':
      return 'under_review';
    case 'accepted':
      if (line && approvedLineStates.includes(line)) return 'accepted_and_approved';
      if (line === 'debriefed') return 'accepted_and_debriefed';
      return 'accepted';
    default:
      return application;
  }
}

/**
 * Spec §4 "Opportunity labels: Published, Accepted, Expired, Declined": an opportunity as the
 * creator sees it in their lists — open to them, their application accepted or declined, or no
 * longer taking applications. Null for an opportunity the creator has nothing to see of.
 */
export const creatorOpportunityLabels = ['published', 'accepted', 'expired', 'declined'] as const;
export type CreatorOpportunityLabel = (typeof creatorOpportunityLabels)[number];

export function creatorOpportunityLabel(
  opportunity: OpportunityState,
  application: OpportunityApplicationState | null,
): CreatorOpportunityLabel | null {
  if (application === 'accepted') return 'accepted';
  if (application === 'declined') return 'declined';
  if (opportunity === 'live') return 'published';
  if (opportunity === 'draft' || opportunity === 'discarded' || opportunity === 'published')
    return null;
  return 'expired';
}

/**
 * Spec §4 content status filter of the creator's opportunity deliveries ("All, To publish,
 * Reviewing, Declined, Debriefed, Approved, Completed"), on their delivery lines' states.
 */
export const opportunityContentFilters = [
  'all',
  'to_publish',
  'reviewing',
  'declined',
  'debriefed',
  'approved',
  'completed',
] as const;
export type OpportunityContentFilter = (typeof opportunityContentFilters)[number];

export const opportunityContentStatesByFilter: Record<
  Exclude<OpportunityContentFilter, 'all'>,
  readonly ContentRequestLineState[]
> = {
  to_publish: ['accepted'],
  reviewing: ['submitted'],
  declined: ['rejected', 'disputed', 'closed'],
  debriefed: ['debriefed'],
  approved: ['approved', 'paid', 'link_submitted', 'link_declined'],
  completed: ['completed'],
};
