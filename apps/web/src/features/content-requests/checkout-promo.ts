import { useCallback, useState } from 'react';
import type { VerifiedPromoCode } from '../../lib/promo-codes';

/**
 * The promo code applied on a request's checkout, kept for the browser tab's session: a reload
 * (or the settings' detour for the legal info) finds it applied again. The server checks it
 * again with every quote and at payment, so a stored code is never trusted.
 */
const keyOf = (contentRequestId: number) => `checkout.promo.${contentRequestId}`;

export function readCheckoutPromo(contentRequestId: number): VerifiedPromoCode | null {
  try {
    const raw = sessionStorage.getItem(keyOf(contentRequestId));
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

export function storeCheckoutPromo(contentRequestId: number, promo: VerifiedPromoCode | null) {
  try {
    if (promo) sessionStorage.setItem(keyOf(contentRequestId), JSON.stringify(promo));
    else sessionStorage.removeItem(keyOf(contentRequestId));
  } catch {
    // Storage disabled: the code simply is not kept.
  }
}

/** The applied code of this checkout, as state that survives a reload. */
export function useCheckoutPromo(contentRequestId: number) {
  const [promo, setPromoState] = useState<VerifiedPromoCode | null>(() =>
    readCheckoutPromo(contentRequestId),
  );
  const setPromo = useCallback(
    (next: VerifiedPromoCode | null) => {
      setPromoState(next);
      storeCheckoutPromo(contentRequestId, next);
    },
    [contentRequestId],
  );
  return [promo, setPromo] as const;
}
