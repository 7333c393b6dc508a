import { opportunityProcess } from '@clipmarket/contracts/workflows/opportunity';
import { opportunityApplicationProcess } from '@clipmarket/contracts/workflows/opportunity-application';
import type { Tx } from '../../platform/db/client.js';
import { systemActor, type Actor, type Workflow } from '../../platform/workflow/workflow.js';
import type { LinesForOpportunities } from './opportunities.ports.js';
import { opportunitiesRepository as repository } from './opportunities.repository.js';

/**
 * What ending an opportunity's applications does, in one place for every way it happens (the
 * advertiser stopping or closing, the deadline, the product team closing): open applications
 * are closed, and an early close also cancels the delivery lines not started yet.
 */
export function createOpportunityClosing(deps: {
  workflow: Workflow;
  lines: Pick<LinesForOpportunities, 'cancelNotStarted'>;
}) {
  const { workflow, lines } = deps;

  /** Every open application of an opportunity that no longer takes any: closed (SYSTEM). */
  async function closeOpenApplications(tx: Tx, opportunityId: number) {
    for (const application of await repository.openApplicationsOf(tx, opportunityId)) {
      await workflow.apply(tx, {
        process: opportunityApplicationProcess,
        subjectId: application.id,
        transition: 'close',
        actor: systemActor,
      });
    }
  }

  /**
   * Closes an opportunity early, in the caller's transaction with its row locked: the
   * advertiser's `close` (nobody accepted yet) or the team's `admin_close` (at any time). Its
   * open applications are closed, and the lines whose creator has not sent a video yet are
   * cancelled with the reason (their held prices go back to the wallet); the others are
   * delivered to their end. The opportunity is closed first, so that a line's spot given back
   * does not open it again.
   */
  async function closeEarly(
    tx: Tx,
    opportunityId: number,
    step: { transition: 'close' | 'admin_close'; actor: Actor; reason: string },
  ) {
    await workflow.apply(tx, {
      process: opportunityProcess,
      subjectId: opportunityId,
      transition: step.transition,
      actor: step.actor,
      reason: step.reason,
    });
    await closeOpenApplications(tx, opportunityId);
    await lines.cancelNotStarted(tx, opportunityId, step.actor, step.reason);
  }

  return { closeOpenApplications, closeEarly };
}

export type OpportunityClosing = ReturnType<typeof createOpportunityClosing>;
