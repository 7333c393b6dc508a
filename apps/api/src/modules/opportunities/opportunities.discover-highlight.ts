import { opportunityProcess } from '@clipmarket/contracts/workflows/opportunity';
import type { Db } from '../../platform/db/client.js';
import type { EventSubscriber } from '../../platform/events/event-bus.js';
import type { WorkflowEvents } from '../../platform/workflow/workflow.js';
import type { CreatorsForOpportunities } from './opportunities.ports.js';
import { opportunitiesRepository as repository } from './opportunities.repository.js';

/**
 * Spec §3 "Twinkling flags": when an opportunity goes live (the process's `open`), Discover
 * Opportunities lights up for every creator it now lists it for — a public one's validated
 * creators who match its audience rules, a private one's invited creators — by the listing's
 * own rule (`creatorsListing`), in one statement whatever their number. The event's job runs
 * it after the opening committed; the creator's opening of the page turns it off (users'
 * `POST /request/twinkling/seen`). Idempotent: lighting twice leaves it lit.
 */
export function subscribeDiscoverHighlight(deps: {
  db: Db;
  events: EventSubscriber<WorkflowEvents>;
  creators: Pick<CreatorsForOpportunities, 'creatorReachRelation' | 'lightTwinklingFlagOfCreators'>;
}) {
  const { db, events, creators } = deps;
  events.on('workflow.transitioned', 'opportunities.discover-highlight', async (moved) => {
    if (moved.process !== opportunityProcess.name || moved.transition !== 'open') return;
    await creators.lightTwinklingFlagOfCreators(
      db,
      'twinkling_discover_opportunities',
      repository.creatorsListing(moved.subjectId, creators.creatorReachRelation()),
    );
  });
}
