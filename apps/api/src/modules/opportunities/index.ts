import type { Db } from '../../platform/db/client.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { SettingsReader } from '../settings/index.js';
import { createOpportunityDrafts } from './opportunities.drafts.js';
import type { MediaForOpportunities, UsersForOpportunities } from './opportunities.ports.js';
import { createOpportunitiesRoutes } from './opportunities.routes.js';

export type { OpportunityDrafts } from './opportunities.drafts.js';

/**
 * Opportunities (issue 23, ADR 033): an advertiser publishes a brief that creators apply to.
 * Built so far: the advertiser's drafts (steps 1 and 2) and list; publishing, discovery,
 * applications and their delivery lines come next.
 */
export function createOpportunitiesModule(deps: {
  db: Db;
  workflow: Workflow;
  settings: SettingsReader;
  media: MediaForOpportunities;
  users: UsersForOpportunities;
}) {
  const drafts = createOpportunityDrafts(deps);
  return { routes: createOpportunitiesRoutes(drafts), drafts };
}
