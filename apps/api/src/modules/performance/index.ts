import type { ModuleRoutes } from '../../platform/http/types.js';
import { createPerformanceRoutes } from './performance.routes.js';
import { createPerformanceService } from './performance.service.js';

export type {
  CampaignsForPerformance,
  CreatorsForPerformance,
  FiguresForPerformance,
  ItemsForPerformance,
  LedgerForPerformance,
} from './performance.ports.js';

/**
 * Performance (issue 24 §3): what the advertiser's published videos brought — views,
 * engagements, clicks — against what they cost (from the ledger), per video, per request or
 * opportunity, per campaign and over all. Read-only; owns no table.
 */
export function createPerformanceModule(deps: Parameters<typeof createPerformanceService>[0]) {
  const service = createPerformanceService(deps);
  return { routes: createPerformanceRoutes(service) satisfies ModuleRoutes, service };
}
