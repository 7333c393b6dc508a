import type { CreatorPricesBody, RateCardEntry } from '@clipmarket/contracts/creator-prices';
import { formatMoney } from '@clipmarket/contracts/money-format';
import { priceOrderProblem, suggestedPriceSettingKey } from '@clipmarket/contracts/creator-prices';
import { videoDurations, type VideoDuration } from '@clipmarket/contracts/content-requests';
import { sizeBandOf } from '@clipmarket/contracts/enums';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { inTransaction, readAll } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { SettingsReader } from '../settings/index.js';
import { describePricedCreators, influencerIdOfUser } from '../users/index.js';
import { creatorPricesRepository as repository } from './creator-prices.repository.js';

/** A creator's price per length, in millimes. */
export type CreatorPriceSet = Record<VideoDuration, number>;

/**
 * Creators' rate cards (issue 10 §1): a custom price per length, else the suggested price of
 * the creator's size band (by their largest audience on any platform) from business settings.
 */
export function createCreatorPricesService(deps: { db: Db; settings: SettingsReader }) {
  const { db, settings } = deps;

  /** Each known creator's full rate card, batched: one query for creators, one for prices. */
  async function rateCardsOf(
    dbOrTx: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, RateCardEntry[]>> {
    // Side by side on the database, one after another on the caller's transaction (readAll).
    const [creators, custom, values] = await readAll(dbOrTx, [
      () => describePricedCreators(dbOrTx, influencerIds),
      () => repository.findCustom(dbOrTx, influencerIds),
      () => settings.getAll(dbOrTx),
    ]);
    const customOf = new Map<string, number>(
      custom.map((row) => [`${row.influencerId}:${row.videoDuration}`, row.price]),
    );
    const cards = new Map<number, RateCardEntry[]>();
    for (const creator of creators.values()) {
      const band = sizeBandOf(creator.topFollowers);
      cards.set(
        creator.influencerId,
        videoDurations.map((duration) => {
          const suggested = values[suggestedPriceSettingKey(band, duration)];
          const own = customOf.get(`${creator.influencerId}:${duration}`);
          return {
            video_duration: duration,
            price: own ?? suggested,
            is_custom: own !== undefined,
            suggested_price: suggested,
          };
        }),
      );
    }
    return cards;
  }

  async function ownInfluencerId(userId: number): Promise<number> {
    const influencerId = await influencerIdOfUser(db, userId);
    if (influencerId === undefined) throw notFound('Creator profile');
    return influencerId;
  }

  async function rateCardOf(dbOrTx: DbOrTx, influencerId: number): Promise<RateCardEntry[]> {
    const card = (await rateCardsOf(dbOrTx, [influencerId])).get(influencerId);
    if (!card) throw notFound('Creator');
    return card;
  }

  return {
    rateCardsOf,

    /** Each creator's price per length (creators unknown are absent). */
    async priceSetsOf(
      dbOrTx: DbOrTx,
      influencerIds: readonly number[],
    ): Promise<Map<number, CreatorPriceSet>> {
      const cards = await rateCardsOf(dbOrTx, influencerIds);
      return new Map(
        [...cards].map(([id, card]) => [
          id,
          Object.fromEntries(
            card.map((entry) => [entry.video_duration, entry.price]),
          ) as CreatorPriceSet,
        ]),
      );
    },

    /** Each creator's price of one length (creators unknown are absent). */
    async pricesFor(
      dbOrTx: DbOrTx,
      influencerIds: number[],
      duration: VideoDuration,
    ): Promise<Map<number, number>> {
      const cards = await rateCardsOf(dbOrTx, influencerIds);
      return new Map(
        [...cards].map(([id, card]) => [
          id,
          card.find((entry) => entry.video_duration === duration)!.price,
        ]),
      );
    },

    /** The caller's own rate card (a creator). */
    async getOwn(userId: number): Promise<RateCardEntry[]> {
      return rateCardOf(db, await ownInfluencerId(userId));
    },

    /** Sets the caller's prices; a null length goes back to the suggested price. */
    async setOwn(userId: number, body: CreatorPricesBody): Promise<RateCardEntry[]> {
      const influencerId = await ownInfluencerId(userId);
      return inTransaction(db, async (tx) => {
        for (const duration of videoDurations) {
          const price = body.prices[duration];
          if (price === null) await repository.remove(tx, influencerId, duration);
          else await repository.upsert(tx, influencerId, duration, price);
        }
        const card = await rateCardOf(tx, influencerId);
        // What advertisers would pay, suggested prices included: a 15 s video never costs more
        // than a 30 s one (the transaction is rolled back, nothing is saved).
        const problem = priceOrderProblem(
          Object.fromEntries(card.map((entry) => [entry.video_duration, entry.price])) as Record<
            VideoDuration,
            number
          >,
        );
        if (problem) {
          const message = `A ${problem.duration} s video costs no more than a ${problem.longer} s video (${formatMoney(problem.longerPrice, 'en')})`;
          throw new AppError('VALIDATION_FAILED', message, [
            { field: `prices.${problem.duration}`, message },
          ]);
        }
        return card;
      });
    },

    /** A creator's rate card as advertisers see it: validated creators only, else a 404. */
    async getForAdvertiser(influencerId: number): Promise<RateCardEntry[]> {
      const [creator] = (await describePricedCreators(db, [influencerId])).values();
      if (!creator?.isValidated) throw notFound('Creator');
      return rateCardOf(db, influencerId);
    },
  };
}

export type CreatorPricesService = ReturnType<typeof createCreatorPricesService>;
