import type { Db } from '../../platform/db/client.js';
import type { SettingsReader } from '../settings/index.js';
import { createCreatorPricesRoutes } from './creator-prices.routes.js';
import { createCreatorPricesService } from './creator-prices.service.js';

export type { CreatorPriceSet, CreatorPricesService } from './creator-prices.service.js';
/** For the demo data (apps/api/src/demo): its creators' custom prices, in bulk. */
export { seedDemoCreatorPrices } from './creator-prices.demo-seed.js';

/**
 * Creators' rate cards (issue 10 §1): a price per video length (15, 30, 60 s) in millimes,
 * set by the creator, else the suggested price of their size band (business settings).
 * Owns `creator_prices`. Other modules read prices through `pricesFor` (one length, e.g. a
 * request's) and `priceSetsOf` (every length, e.g. discovery's cards), batched, on the
 * caller's database or transaction.
 */
export function createCreatorPricesModule(deps: { db: Db; settings: SettingsReader }) {
  const service = createCreatorPricesService(deps);
  return {
    routes: createCreatorPricesRoutes(service),
    /** `pricesFor(db, influencerIds, duration)`: each known creator's price of that length. */
    pricesFor: service.pricesFor,
    /** `priceSetsOf(db, influencerIds)`: each known creator's price of every length. */
    priceSetsOf: service.priceSetsOf,
    service,
  };
}
