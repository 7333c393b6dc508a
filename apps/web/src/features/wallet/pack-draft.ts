import type { PackDraft } from './components/buy-pack-form';

/**
 * The pack being bought when the server asked for the legal info first: kept for the session,
 * so the form comes back filled in once the settings bring the advertiser back (spec §4).
 */
const DRAFT_KEY = 'walletPackDraft';

export function storePackDraft(draft: PackDraft): void {
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
}

/** Forgets the stored draft (once the form has it). */
export function clearPackDraft(): void {
  sessionStorage.removeItem(DRAFT_KEY);
}

/** The stored draft, if any (read without side effects: a render may run twice). */
export function readPackDraft(): PackDraft | null {
  const raw = sessionStorage.getItem(DRAFT_KEY);
  if (raw === null) return null;
  try {
    const draft = JSON.parse(raw) as Partial<PackDraft>;
    return {
      amount: typeof draft.amount === 'number' ? draft.amount : null,
      promo:
        draft.promo && typeof draft.promo.code === 'string'
          ? { code: draft.promo.code, percent_basis_points: draft.promo.percent_basis_points }
          : null,
    };
  } catch {
    return null;
  }
}

/** `?amount=150` (dinars, from "Try again"): the pack to buy again, in millimes. */
export function readAmountParam(value: string | null): number | null {
  if (value === null || !/^\d{1,7}$/.test(value)) return null;
  return Number(value) * 1000;
}
