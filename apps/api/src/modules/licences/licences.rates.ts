import {
  licenceAddOns,
  licenceRateSettingKey,
  type LicenceAddOn,
  type LicenceRateEntry,
  type LicenceRates,
  type LicenceRatesBody,
} from '@clipmarket/contracts/licences';
import type { BusinessSettingValues } from '@clipmarket/contracts/business-settings';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { inTransaction, readAll } from '../../platform/db/transaction.js';
import { notFound } from '../../platform/http/errors.js';
import type { SettingsReader } from '../settings/index.js';
import { influencerIdOfUser } from '../users/index.js';
import type { CompleteLicenceRates } from './licences.pricing.js';
import { licencesRepository as repository } from './licences.repository.js';

/** The suggested rate of every add-on, from the business settings. */
export function suggestedLicenceRates(values: BusinessSettingValues): CompleteLicenceRates {
  return Object.fromEntries(
    licenceAddOns.map((addOn) => [addOn, values[licenceRateSettingKey(addOn)]]),
  ) as CompleteLicenceRates;
}

/** A creator's rates: their own where they set one, else the suggested rate. */
function completeRates(suggested: CompleteLicenceRates, own: LicenceRates | undefined) {
  return Object.fromEntries(
    licenceAddOns.map((addOn) => [addOn, own?.[addOn] ?? suggested[addOn]]),
  ) as CompleteLicenceRates;
}

/**
 * Creators' licence rates (issue 27 §1): each add-on in basis points of the creator's base
 * price, their own over the suggested rate of the business settings.
 */
export function createLicenceRatesService(deps: { db: Db; settings: SettingsReader }) {
  const { db, settings } = deps;

  /** Each creator's complete rates, batched (two queries whatever the number of creators). */
  async function ratesOf(
    q: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, CompleteLicenceRates>> {
    const [own, values] = await readAll(q, [
      () => repository.findRates(q, influencerIds),
      () => settings.getAll(q),
    ]);
    const suggested = suggestedLicenceRates(values);
    return new Map(influencerIds.map((id) => [id, completeRates(suggested, own.get(id))]));
  }

  /** The suggested rates alone (what a creator's own rates replace). */
  async function suggestedRates(q: DbOrTx): Promise<CompleteLicenceRates> {
    return suggestedLicenceRates(await settings.getAll(q));
  }

  async function entriesOf(q: DbOrTx, influencerId: number): Promise<LicenceRateEntry[]> {
    const [own, values] = await readAll(q, [
      () => repository.findRates(q, [influencerId]),
      () => settings.getAll(q),
    ]);
    const suggested = suggestedLicenceRates(values);
    const mine = own.get(influencerId) ?? {};
    return licenceAddOns.map((addOn) => ({
      add_on: addOn,
      basis_points: mine[addOn] ?? suggested[addOn],
      is_custom: mine[addOn] !== undefined,
      suggested_basis_points: suggested[addOn],
    }));
  }

  async function ownInfluencerId(userId: number): Promise<number> {
    const influencerId = await influencerIdOfUser(db, userId);
    if (influencerId === undefined) throw notFound('Creator profile');
    return influencerId;
  }

  return {
    ratesOf,
    suggestedRates,
    /** The suggested rates, as the forms show them. */
    suggested: () => suggestedRates(db),

    /** The caller's rates (a creator): each add-on's, own or suggested. */
    async getOwn(userId: number): Promise<LicenceRateEntry[]> {
      return entriesOf(db, await ownInfluencerId(userId));
    },

    /** Sets the caller's rates; a null add-on goes back to the suggested rate. */
    async setOwn(userId: number, body: LicenceRatesBody): Promise<LicenceRateEntry[]> {
      const influencerId = await ownInfluencerId(userId);
      const own: LicenceRates = {};
      for (const addOn of licenceAddOns) {
        const value = body.rates[addOn as LicenceAddOn];
        if (value !== null && value !== undefined) own[addOn] = value;
      }
      return inTransaction(db, async (tx) => {
        await repository.saveRates(tx, influencerId, own);
        return entriesOf(tx, influencerId);
      });
    },
  };
}

export type LicenceRatesService = ReturnType<typeof createLicenceRatesService>;
