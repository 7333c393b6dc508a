import type { PromoPurchaseKind } from '@clipmarket/contracts/promo-codes';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
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

/** What a purchase module needs of promo codes (the `service`), for its own kind of purchase. */
export interface PromoCodesFor<Kind extends PromoPurchaseKind> {
  check(
    db: DbOrTx,
    input: { code: string; advertiserUserId: number; purchaseKind: Kind; purchaseId?: number },
  ): Promise<{ basisPoints: number; code: string }>;
  redeem(
    tx: Tx,
    input: { code: string; advertiserUserId: number; purchaseKind: Kind; purchaseId: number },
  ): Promise<{ basisPoints: number }>;
  release(tx: Tx, input: { purchaseKind: Kind; purchaseId: number }): Promise<void>;
}

/**
 * Promo codes (issue 9 point 7, ADR 019): admins create them at `/admin/promo-codes`;
 * advertisers verify one before ordering; the checkout calls `service.check`, `service.redeem`
 * and `service.release` inside its own transaction.
 */
export function createPromoCodesModule(deps: { db: Db }) {
  const service = createPromoCodesService(deps);
  return { routes: createPromoCodesRoutes(service), service };
}
