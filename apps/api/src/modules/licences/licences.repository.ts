import { desc, eq, inArray } from 'drizzle-orm';
import type { LicenceRates, LicenceTerms } from '@clipmarket/contracts/licences';
import type { DbOrTx } from '../../platform/db/client.js';
import { creatorLicenceRates, lineLicences } from './licences.schema.js';

/** A line's licence term as frozen: its terms, prices (millimes) and the rates used. */
export interface LineLicenceTerm {
  lineId: number;
  term: number;
  terms: LicenceTerms;
  exclusivityCategoryId: number | null;
  basePrice: number;
  addOnPrice: number;
  rates: LicenceRates;
  startsAt: Date | null;
  expiresAt: Date | null;
}

export interface FirstTermToFreeze {
  lineId: number;
  terms: LicenceTerms;
  /** Millimes: the creator's price of the video, before the licence's add-ons. */
  basePrice: number;
  addOnPrice: number;
  rates: LicenceRates;
  exclusivityCategoryId: number | null;
}

/**
 * The SQL of the licences module's pricing side (part A): creators' own rates
 * (`creator_licence_rates`) and the freezing of term 1 into `line_licences`.
 */
export const licencesRepository = {
  /** These creators' own rates (only creators who set some), in one query. */
  async findRates(
    db: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, LicenceRates>> {
    if (influencerIds.length === 0) return new Map();
    const rows = await db
      .select({ influencerId: creatorLicenceRates.influencerId, rates: creatorLicenceRates.rates })
      .from(creatorLicenceRates)
      .where(inArray(creatorLicenceRates.influencerId, [...new Set(influencerIds)]));
    return new Map(rows.map((row) => [row.influencerId, row.rates]));
  },

  /** Replaces a creator's own rates; none left removes the row (all suggested). */
  async saveRates(db: DbOrTx, influencerId: number, rates: LicenceRates): Promise<void> {
    if (Object.keys(rates).length === 0) {
      await db
        .delete(creatorLicenceRates)
        .where(eq(creatorLicenceRates.influencerId, influencerId));
      return;
    }
    await db
      .insert(creatorLicenceRates)
      .values({ influencerId, rates })
      .onConflictDoUpdate({
        target: creatorLicenceRates.influencerId,
        set: { rates, updatedAt: new Date() },
      });
  },

  /** Term 1 of a line, bought with the video; a second call for the same line changes nothing. */
  async insertFirstTerm(db: DbOrTx, input: FirstTermToFreeze): Promise<void> {
    await db
      .insert(lineLicences)
      .values({
        lineId: input.lineId,
        term: 1,
        channels: input.terms.channels,
        duration: input.terms.duration,
        territory: input.terms.territory,
        exclusivityDays: input.terms.exclusivity_days,
        exclusivityCategoryId:
          input.terms.exclusivity_days > 0 ? input.exclusivityCategoryId : null,
        basePrice: input.basePrice,
        addOnPrice: input.addOnPrice,
        rates: input.rates,
      })
      .onConflictDoNothing({ target: [lineLicences.lineId, lineLicences.term] });
  },

  /**
   * The latest term of each of these lines, or term 1 with `first` (the one bought with the
   * video: the split of the line's price); lines without a licence are absent.
   */
  async latestTerms(
    db: DbOrTx,
    lineIds: readonly number[],
    first = false,
  ): Promise<Map<number, LineLicenceTerm>> {
    if (lineIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([lineLicences.lineId])
      .from(lineLicences)
      .where(inArray(lineLicences.lineId, [...new Set(lineIds)]))
      .orderBy(lineLicences.lineId, first ? lineLicences.term : desc(lineLicences.term));
    return new Map(
      rows.map((row) => [
        row.lineId,
        {
          lineId: row.lineId,
          term: row.term,
          terms: {
            channels: row.channels,
            duration: row.duration,
            territory: row.territory,
            exclusivity_days: row.exclusivityDays as LicenceTerms['exclusivity_days'],
          },
          exclusivityCategoryId: row.exclusivityCategoryId,
          basePrice: row.basePrice,
          addOnPrice: row.addOnPrice,
          rates: row.rates,
          startsAt: row.startsAt,
          expiresAt: row.expiresAt,
        },
      ]),
    );
  },
};
