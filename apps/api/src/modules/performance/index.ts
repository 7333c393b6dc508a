import type { ModuleRoutes } from '../../platform/http/types.js';
import type { CampaignPagesForReport } from './performance.ports.js';
import { createCampaignReports } from './performance.report.js';
import { createPerformanceRoutes } from './performance.routes.js';
import { createPerformanceService } from './performance.service.js';

export type {
  CampaignPagesForReport,
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
export function createPerformanceModule(
  deps: Parameters<typeof createPerformanceService>[0] & {
    /** The campaign's own facts (dates, budget) a campaign's PDF report prints. */
    campaignPages: CampaignPagesForReport;
  },
) {
  const service = createPerformanceService(deps);
  const reports = createCampaignReports({ performance: service, campaigns: deps.campaignPages });
  return { routes: createPerformanceRoutes(service, reports) satisfies ModuleRoutes, service };
}
