import { useCallback, useState } from 'react';
import type { PromoPurchaseKind } from '@clipmarket/contracts/promo-codes';
import type { VerifiedPromoCode } from './promo-codes';

/**
 * The promo code applied on a purchase's checkout (a content request, an opportunity), kept for
 * the browser tab's session: a reload (or the settings' detour for the legal info) finds it
 * applied again. The server checks it again with every quote and at payment, so a stored code
 * is never trusted.
 */
type CheckoutKind = Exclude<PromoPurchaseKind, 'wallet_pack'>;
const keyOf = (purchaseId: number, kind: CheckoutKind) =>
  kind === 'content_request'
    ? `checkout.promo.${purchaseId}`
    : `checkout.promo.${kind}.${purchaseId}`;

export function readCheckoutPromo(
  purchaseId: number,
  kind: CheckoutKind = 'content_request',
): VerifiedPromoCode | null {
  try {
    const raw = sessionStorage.getItem(keyOf(purchaseId, kind));
    if (raw === null) return null;
    const stored = JSON.parse(raw) as Partial<VerifiedPromoCode> | null;
    return stored &&
      typeof stored.code === 'string' &&
      stored.code !== '' &&
      typeof stored.percent_basis_points === 'number'
      ? { code: stored.code, percent_basis_points: stored.percent_basis_points }
      : null;
  } catch {
    return null;
  }
}

export function storeCheckoutPromo(
  purchaseId: number,
  promo: VerifiedPromoCode | null,
  kind: CheckoutKind = 'content_request',
) {
  try {
    if (promo) sessionStorage.setItem(keyOf(purchaseId, kind), JSON.stringify(promo));
    else sessionStorage.removeItem(keyOf(purchaseId, kind));
  } catch {
    // Storage disabled: the code simply is not kept.
  }
}

/** The applied code of this checkout, as state that survives a reload. */
export function useCheckoutPromo(purchaseId: number, kind: CheckoutKind = 'content_request') {
  const [promo, setPromoState] = useState<VerifiedPromoCode | null>(() =>
    readCheckoutPromo(purchaseId, kind),
  );
  const setPromo = useCallback(
    (next: VerifiedPromoCode | null) => {
      setPromoState(next);
      storeCheckoutPromo(purchaseId, next, kind);
    },
    [purchaseId, kind],
  );
  return [promo, setPromo] as const;
}
