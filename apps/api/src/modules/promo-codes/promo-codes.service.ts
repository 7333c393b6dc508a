import {
  END_BEFORE_START_MESSAGE,
  normalizePromoCode,
  PER_ADVERTISER_ABOVE_TOTAL_MESSAGE,
  PROMO_CODE_INVALID_MESSAGE,
  type AdminPromoCode,
  type CreatePromoCodeInput,
  type PromoPurchaseKind,
  type UpdatePromoCodeInput,
} from '@clipmarket/contracts/promo-codes';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { validationFailed } from '../../platform/http/validation.js';
import {
  promoCodesRepository as repo,
  type PromoCodeChanges,
  type PromoCodeRow,
  type RedemptionCounts,
} from './promo-codes.repository.js';

export interface PromoCheckInput {
  /** As the advertiser typed it: any case, spaces around ignored. */
  code: string;
  advertiserUserId: number;
  purchaseKind: PromoPurchaseKind;
  /**
   * The advertiser's purchase the code is for, when it exists already: the redemption it holds
   * (a payment left open at the gateway) does not count against the code for that same
   * purchase, which redeems it again when paid.
   */
  purchaseId?: number | undefined;
  /** When the code must be valid; now by default. */
  at?: Date;
}

export interface ValidPromoCode {
  promoCodeId: number;
  code: string;
  basisPoints: number;
}

export interface PromoRedeemInput {
  code: string;
  advertiserUserId: number;
  purchaseKind: PromoPurchaseKind;
  /** The purchase the code is redeemed for (wallet purchase, content request, opportunity). */
  purchaseId: number;
}

export interface PromoRedemption extends ValidPromoCode {
  redemptionId: number;
}

export type PromoCodesService = ReturnType<typeof createPromoCodesService>;

const invalidCode = () => new AppError('PROMO_CODE_INVALID', PROMO_CODE_INVALID_MESSAGE);

/** Whether `code` may be used for this purchase at `at`, given the redemptions that count. */
function isUsable(
  code: PromoCodeRow,
  purchaseKind: PromoPurchaseKind,
  at: Date,
  counts: RedemptionCounts,
): boolean {
  if (!code.isActive) return false;
  if (at < code.startsAt) return false;
  if (code.endsAt !== null && at >= code.endsAt) return false;
  if (!code.appliesTo.includes(purchaseKind)) return false;
  if (code.maxRedemptions !== null && counts.total >= code.maxRedemptions) return false;
  if (
    code.maxRedemptionsPerAdvertiser !== null &&
    counts.byAdvertiser >= code.maxRedemptionsPerAdvertiser
  ) {
    return false;
  }
  return true;
}

/** The end must follow the start, and the per-advertiser limit fit within the total one. */
function checkWindowAndLimits(
  code: Pick<
    PromoCodeRow,
    'startsAt' | 'endsAt' | 'maxRedemptions' | 'maxRedemptionsPerAdvertiser'
  >,
): void {
  if (code.endsAt !== null && code.endsAt <= code.startsAt) {
    throw validationFailed([{ field: 'ends_at', message: END_BEFORE_START_MESSAGE }]);
  }
  if (
    code.maxRedemptions !== null &&
    code.maxRedemptionsPerAdvertiser !== null &&
    code.maxRedemptionsPerAdvertiser > code.maxRedemptions
  ) {
    throw validationFailed([
      { field: 'max_redemptions_per_advertiser', message: PER_ADVERTISER_ABOVE_TOTAL_MESSAGE },
    ]);
  }
}

const codeTaken = () =>
  new AppError('PROMO_CODE_TAKEN', 'A promo code with this text already exists.', [
    { field: 'code', message: 'A promo code with this text already exists.' },
  ]);

function toAdminPromoCode(row: PromoCodeRow, redemptionCount: number): AdminPromoCode {
  return {
    promo_code_id: row.id,
    code: row.code,
    percent_basis_points: row.basisPoints,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    max_redemptions: row.maxRedemptions,
    max_redemptions_per_advertiser: row.maxRedemptionsPerAdvertiser,
    applies_to: row.appliesTo,
    is_active: row.isActive,
    redemption_count: redemptionCount,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Promo codes (issue 9 point 7, ADR 019). Admins manage codes; the checkout checks a code when
 * the advertiser types it and redeems it, inside its own transaction, when the order is
 * placed; a purchase whose payment failed or expired releases its redemption.
 */
export function createPromoCodesService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * The code, valid now for this advertiser and purchase: unknown, inactive, outside its
   * window, not for this purchase or used up all answer 422 PROMO_CODE_INVALID with the
   * spec's message (the advertiser learns nothing more of a code they may not use).
   */
  async function check(dbOrTx: DbOrTx, input: PromoCheckInput): Promise<ValidPromoCode> {
    const code = await repo.findByCode(dbOrTx, normalizePromoCode(input.code));
    if (!code) throw invalidCode();
    const counts = await repo.countRedemptions(
      dbOrTx,
      code.id,
      input.advertiserUserId,
      input.purchaseId === undefined
        ? undefined
        : { purchaseKind: input.purchaseKind, purchaseId: input.purchaseId },
    );
    if (!isUsable(code, input.purchaseKind, input.at ?? new Date(), counts)) throw invalidCode();
    return { promoCodeId: code.id, code: code.code, basisPoints: code.basisPoints };
  }

  /**
   * Redeems the code for a purchase, in the caller's transaction. Race-safe: the code's row is
   * locked first, so concurrent redemptions of one code count one after the other and never
   * exceed its limits. One redemption per purchase: redeeming again for the same purchase
   * answers the same redemption, even if the code has expired since.
   */
  async function redeem(tx: Tx, input: PromoRedeemInput): Promise<PromoRedemption> {
    const code = await repo.lockByCode(tx, normalizePromoCode(input.code));
    if (!code) throw invalidCode();
    const existing = await repo.findRedemptionOfPurchase(tx, input.purchaseKind, input.purchaseId);
    if (existing && existing.releasedAt === null) {
      if (
        existing.promoCodeId !== code.id ||
        existing.advertiserUserId !== input.advertiserUserId
      ) {
        throw new Error(
          `${input.purchaseKind} ${input.purchaseId} already redeemed promo code ${existing.promoCodeId}`,
        );
      }
      return {
        redemptionId: existing.id,
        promoCodeId: code.id,
        code: code.code,
        basisPoints: existing.basisPoints,
      };
    }
    const counts = await repo.countRedemptions(tx, code.id, input.advertiserUserId);
    if (!isUsable(code, input.purchaseKind, new Date(), counts)) throw invalidCode();
    const values = {
      promoCodeId: code.id,
      advertiserUserId: input.advertiserUserId,
      basisPoints: code.basisPoints,
    };
    const redemption = existing
      ? await repo.reinstateRedemption(tx, existing.id, values)
      : await repo.insertRedemption(tx, {
          ...values,
          purchaseKind: input.purchaseKind,
          purchaseId: input.purchaseId,
        });
    return {
      redemptionId: redemption.id,
      promoCodeId: code.id,
      code: code.code,
      basisPoints: redemption.basisPoints,
    };
  }

  /**
   * The purchase's payment failed or expired: its redemption no longer counts against the
   * code's limits. Idempotent; a purchase without a code is fine.
   */
  async function release(
    tx: Tx,
    input: { purchaseKind: PromoPurchaseKind; purchaseId: number },
  ): Promise<void> {
    await repo.releaseRedemption(tx, input.purchaseKind, input.purchaseId);
  }

  async function listForAdmin(): Promise<AdminPromoCode[]> {
    const rows = await repo.listAll(db);
    const counts = await repo.countedByCode(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toAdminPromoCode(row, counts.get(row.id) ?? 0));
  }

  async function create(adminUserId: number, input: CreatePromoCodeInput): Promise<AdminPromoCode> {
    const values = {
      code: input.code,
      basisPoints: input.percent_basis_points,
      startsAt: new Date(input.starts_at),
      endsAt: input.ends_at === null ? null : new Date(input.ends_at),
      maxRedemptions: input.max_redemptions,
      maxRedemptionsPerAdvertiser: input.max_redemptions_per_advertiser,
      appliesTo: input.applies_to,
      isActive: input.is_active,
      createdBy: adminUserId,
    };
    checkWindowAndLimits(values);
    try {
      const row = await repo.insert(db, values);
      if (!row) throw codeTaken();
      return toAdminPromoCode(row, 0);
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  async function update(promoCodeId: number, input: UpdatePromoCodeInput): Promise<AdminPromoCode> {
    return inTransaction(db, async (tx) => {
      const row = await repo.lockById(tx, promoCodeId);
      if (!row) throw notFound('Promo code');
      const changes: PromoCodeChanges = {
        ...(input.is_active !== undefined && { isActive: input.is_active }),
        ...(input.starts_at !== undefined && { startsAt: new Date(input.starts_at) }),
        ...(input.ends_at !== undefined && {
          endsAt: input.ends_at === null ? null : new Date(input.ends_at),
        }),
        ...(input.max_redemptions !== undefined && { maxRedemptions: input.max_redemptions }),
        ...(input.max_redemptions_per_advertiser !== undefined && {
          maxRedemptionsPerAdvertiser: input.max_redemptions_per_advertiser,
        }),
        ...(input.applies_to !== undefined && { appliesTo: input.applies_to }),
      };
      checkWindowAndLimits({ ...row, ...changes });
      const saved = await repo.update(tx, promoCodeId, changes);
      const counts = await repo.countedByCode(tx, [promoCodeId]);
      return toAdminPromoCode(saved, counts.get(promoCodeId) ?? 0);
    });
  }

  /** The advertiser's "Verify Your Promo code" before ordering: `check` now, outside any order. */
  function verify(input: Omit<PromoCheckInput, 'at'>): Promise<ValidPromoCode> {
    return check(db, input);
  }

  return { check, redeem, release, verify, listForAdmin, create, update };
}
