import type { Db } from '../../platform/db/client.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import type {
  AdvertisersForCampaigns,
  CreatorsForCampaigns,
  LedgerForCampaigns,
  PerformanceForCampaigns,
  SourcesForCampaigns,
} from './campaigns.ports.js';
import { createCampaignsRoutes } from './campaigns.routes.js';
import { createCampaignsService } from './campaigns.service.js';

export type { CampaignsService } from './campaigns.service.js';
export type { SourcesForCampaigns } from './campaigns.ports.js';
export { campaignGoalNames, campaignPhaseNames } from './campaigns.texts.js';

/**
 * Campaigns (issue 24 §1): an advertiser's campaigns, the requests and opportunities each holds,
 * their deliveries and their money from the ledger, and their public report links. Owns
 * `campaigns`, `campaign_items` and `campaign_share_links`.
 */
export function createCampaignsModule(deps: {
  db: Db;
  sources: SourcesForCampaigns;
  ledger: LedgerForCampaigns;
  creators: CreatorsForCampaigns;
  performance: PerformanceForCampaigns;
  advertisers: AdvertisersForCampaigns;
  now?: () => Date;
}) {
  const service = createCampaignsService(deps);
  return {
    routes: createCampaignsRoutes(service) satisfies ModuleRoutes,
    service,
  };
}
