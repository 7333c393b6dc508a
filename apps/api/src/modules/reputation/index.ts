import type { ModuleRoutes } from '../../platform/http/types.js';
import { createReputationRoutes } from './reputation.routes.js';
import { createReputationService } from './reputation.service.js';

export type {
  LinesForReputation,
  OpportunitiesForReputation,
  PartiesForReputation,
  ReviewsForReputation,
} from './reputation.ports.js';
export type { ReputationService } from './reputation.service.js';

/**
 * Measured reputation both ways (issue 27 §2, ADR 047): creators' and advertisers' figures
 * computed from the delivery lines' audit, the reviews, payments and applications, read through
 * content-requests', opportunities' and users' index. Read-only; owns no table.
 */
export function createReputationModule(deps: Parameters<typeof createReputationService>[0]) {
  const service = createReputationService(deps);
  return { routes: createReputationRoutes(service) satisfies ModuleRoutes, service };
}
