import { describe, expect, it } from 'vitest';
import { allowedTransitions } from '../workflow.js';
import { contentRequestLineStates } from './content-request-line.js';
import {
  applicationLabel,
  creatorOpportunityLabel,
  opportunityApplicationProcess,
  opportunityApplicationStates,
  opportunityContentStatesByFilter,
} from './opportunity-application.js';
import {
  opportunityProcess,
  opportunityStates,
  opportunityStatesByFilter,
  statesOfOpportunityFilter,
} from './opportunity.js';

describe('opportunity process', () => {
  it('lets the advertiser close early only before a creator is accepted, then stop applications', () => {
    expect(allowedTransitions(opportunityProcess, 'live', 'BRAND')).toEqual([
      'stop_applications',
      'close',
    ]);
    expect(allowedTransitions(opportunityProcess, 'ongoing', 'AGENCY')).toEqual([]);
    expect(allowedTransitions(opportunityProcess, 'ongoing', 'ADMIN')).toEqual(['admin_close']);
    expect(allowedTransitions(opportunityProcess, 'draft', 'BRAND')).toEqual(['discard']);
    // Publishing is the payment's confirmation, never a click.
    expect(allowedTransitions(opportunityProcess, 'draft', 'SYSTEM')).toEqual(['publish']);
  });

  it('goes back to taking applications when a spot frees up', () => {
    expect(opportunityProcess.transitions.reopen).toMatchObject({ from: ['ongoing'], to: 'live' });
  });

  it('derives the spec status filters from the states, each state in one filter at most', () => {
    expect(statesOfOpportunityFilter('all')).toBeNull();
    expect(statesOfOpportunityFilter('live')).toEqual(['live']);
    const listed = Object.values(opportunityStatesByFilter).flat();
    expect(new Set(listed).size).toBe(listed.length);
    for (const state of listed) expect(opportunityStates).toContain(state);
  });
});

describe('opportunity application process', () => {
  it('is answered by the advertiser, revised or withdrawn by the creator, closed by the system', () => {
    expect(allowedTransitions(opportunityApplicationProcess, 'submitted', 'BRAND')).toEqual([
      'accept',
      'debrief',
      'decline',
    ]);
    expect(allowedTransitions(opportunityApplicationProcess, 'debriefed', 'TALENT')).toEqual([
      'revise',
      'withdraw',
    ]);
    expect(allowedTransitions(opportunityApplicationProcess, 'accepted', 'TALENT')).toEqual([]);
    expect(opportunityApplicationProcess.timers.map((timer) => timer.in)).toEqual([
      'submitted',
      'debriefed',
    ]);
  });

  it('labels an application with its delivery line (spec §4 application states)', () => {
    expect(applicationLabel('submitted', null)).toBe('under_review');
    expect(applicationLabel('accepted', null)).toBe('accepted');
    expect(applicationLabel('accepted', 'submitted')).toBe('accepted');
    expect(applicationLabel('accepted', 'debriefed')).toBe('accepted_and_debriefed');
    expect(applicationLabel('accepted', 'paid')).toBe('accepted_and_approved');
    expect(applicationLabel('accepted', 'completed')).toBe('accepted_and_approved');
    expect(applicationLabel('declined', null)).toBe('declined');
    for (const state of opportunityApplicationStates) {
      expect(applicationLabel(state, null)).toBeTypeOf('string');
    }
  });

  it('labels an opportunity as the creator sees it (spec §4 opportunity labels)', () => {
    expect(creatorOpportunityLabel('live', null)).toBe('published');
    expect(creatorOpportunityLabel('live', 'submitted')).toBe('published');
    expect(creatorOpportunityLabel('ongoing', 'accepted')).toBe('accepted');
    expect(creatorOpportunityLabel('ongoing', 'declined')).toBe('declined');
    expect(creatorOpportunityLabel('ongoing', 'closed')).toBe('expired');
    expect(creatorOpportunityLabel('expired', null)).toBe('expired');
    expect(creatorOpportunityLabel('draft', null)).toBeNull();
  });

  it('filters opportunity deliveries by their line states, each state in one filter at most', () => {
    const listed = Object.values(opportunityContentStatesByFilter).flat();
    expect(new Set(listed).size).toBe(listed.length);
    for (const state of listed) expect(contentRequestLineStates).toContain(state);
    // Lines that ended without a video (expired, cancelled) show under "All" only.
    expect(listed).not.toContain('expired');
    expect(listed).not.toContain('cancelled');
  });
});
