import type { Db } from '../../platform/db/client.js';
import { createPromoCodesRoutes } from './promo-codes.routes.js';
import { createPromoCodesService } from './promo-codes.service.js';

export type {
  PromoCheckInput,
  PromoCodesService,
  PromoRedeemInput,
  PromoRedemption,
  ValidPromoCode,
} from './promo-codes.service.js';
export type { PromoPurchaseKind } from '@clipmarket/contracts/promo-codes';

/**
 * Promo codes (issue 9 point 7, ADR 019): admins create them at `/admin/promo-codes`;
 * advertisers verify one before ordering; the checkout calls `service.check`, `service.redeem`
 * and `service.release` inside its own transaction.
 */
export function createPromoCodesModule(deps: { db: Db }) {
  const service = createPromoCodesService(deps);
  return { routes: createPromoCodesRoutes(service), service };
}
