import type { PromoPurchaseKind } from '@clipmarket/contracts/promo-codes';
import { and, asc, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { promoCodeRedemptions, promoCodes } from './promo-codes.schema.js';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeInsert = typeof promoCodes.$inferInsert;
export type PromoCodeChanges = Partial<
  Pick<
    PromoCodeInsert,
    | 'isActive'
    | 'startsAt'
    | 'endsAt'
    | 'maxRedemptions'
    | 'maxRedemptionsPerAdvertiser'
    | 'appliesTo'
  >
>;
export type RedemptionRow = typeof promoCodeRedemptions.$inferSelect;

/** Redemptions that count against a code's limits: those not released. */
export interface RedemptionCounts {
  total: number;
  byAdvertiser: number;
}

/** The only SQL of the promo-codes module. */
export const promoCodesRepository = {
  /** Inserts a code; undefined when its text is already taken. */
  async insert(db: DbOrTx, values: PromoCodeInsert): Promise<PromoCodeRow | undefined> {
    const [row] = await db.insert(promoCodes).values(values).onConflictDoNothing().returning();
    return row;
  },

  async update(db: DbOrTx, id: number, changes: PromoCodeChanges): Promise<PromoCodeRow> {
    const [row] = await db
      .update(promoCodes)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(promoCodes.id, id))
      .returning();
    if (!row) throw new Error(`promo code ${id} vanished while locked`);
    return row;
  },

  async findByCode(db: DbOrTx, code: string): Promise<PromoCodeRow | undefined> {
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
    return row;
  },

  /** The code's row, locked until the transaction ends: redemptions of one code queue here. */
  async lockByCode(tx: Tx, code: string): Promise<PromoCodeRow | undefined> {
    const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
    return row;
  },

  async lockById(tx: Tx, id: number): Promise<PromoCodeRow | undefined> {
    const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    return row;
  },

  /** Every code, newest first (admins keep a handful, not thousands). */
  async listAll(db: DbOrTx): Promise<PromoCodeRow[]> {
    return db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  },

  async countRedemptions(
    db: DbOrTx,
    promoCodeId: number,
    advertiserUserId: number,
    /** This advertiser's purchase whose own redemption is not counted (it is redeemed again). */
    except?: { purchaseKind: PromoPurchaseKind; purchaseId: number },
  ): Promise<RedemptionCounts> {
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        byAdvertiser: sql<number>`(count(*) filter (where ${promoCodeRedemptions.advertiserUserId} = ${advertiserUserId}))::int`,
      })
      .from(promoCodeRedemptions)
      .where(
        and(
          eq(promoCodeRedemptions.promoCodeId, promoCodeId),
          isNull(promoCodeRedemptions.releasedAt),
          except
            ? not(
                and(
                  eq(promoCodeRedemptions.advertiserUserId, advertiserUserId),
                  eq(promoCodeRedemptions.purchaseKind, except.purchaseKind),
                  eq(promoCodeRedemptions.purchaseId, except.purchaseId),
                )!,
              )
            : undefined,
        ),
      );
    return { total: row?.total ?? 0, byAdvertiser: row?.byAdvertiser ?? 0 };
  },

  /** Counted (not released) redemptions of each code, by code id. */
  async countedByCode(db: DbOrTx, promoCodeIds: number[]): Promise<Map<number, number>> {
    if (promoCodeIds.length === 0) return new Map();
    const rows = await db
      .select({
        promoCodeId: promoCodeRedemptions.promoCodeId,
        total: sql<number>`count(*)::int`,
      })
      .from(promoCodeRedemptions)
      .where(
        and(
          inArray(promoCodeRedemptions.promoCodeId, promoCodeIds),
          isNull(promoCodeRedemptions.releasedAt),
        ),
      )
      .groupBy(promoCodeRedemptions.promoCodeId)
      .orderBy(asc(promoCodeRedemptions.promoCodeId));
    return new Map(rows.map((r) => [r.promoCodeId, r.total]));
  },

  async findRedemptionOfPurchase(
    db: DbOrTx,
    purchaseKind: PromoPurchaseKind,
    purchaseId: number,
  ): Promise<RedemptionRow | undefined> {
    const [row] = await db
      .select()
      .from(promoCodeRedemptions)
      .where(
        and(
          eq(promoCodeRedemptions.purchaseKind, purchaseKind),
          eq(promoCodeRedemptions.purchaseId, purchaseId),
        ),
      );
    return row;
  },

  async insertRedemption(
    tx: Tx,
    values: typeof promoCodeRedemptions.$inferInsert,
  ): Promise<RedemptionRow> {
    const [row] = await tx.insert(promoCodeRedemptions).values(values).returning();
    if (!row) throw new Error('no redemption inserted');
    return row;
  },

  /** Counts a released redemption again, for the code now given (the purchase is retried). */
  async reinstateRedemption(
    tx: Tx,
    id: number,
    values: Pick<RedemptionRow, 'promoCodeId' | 'advertiserUserId' | 'basisPoints'>,
  ): Promise<RedemptionRow> {
    const [row] = await tx
      .update(promoCodeRedemptions)
      .set({ ...values, releasedAt: null, createdAt: sql`now()` })
      .where(eq(promoCodeRedemptions.id, id))
      .returning();
    if (!row) throw new Error(`redemption ${id} vanished`);
    return row;
  },

  /** Releases the purchase's redemption if it still counts; a second call changes nothing. */
  async releaseRedemption(
    tx: Tx,
    purchaseKind: PromoPurchaseKind,
    purchaseId: number,
  ): Promise<void> {
    await tx
      .update(promoCodeRedemptions)
      .set({ releasedAt: sql`now()` })
      .where(
        and(
          eq(promoCodeRedemptions.purchaseKind, purchaseKind),
          eq(promoCodeRedemptions.purchaseId, purchaseId),
          isNull(promoCodeRedemptions.releasedAt),
        ),
      );
  },
};
