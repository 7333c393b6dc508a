import {
  SHORT_LIST_MAX_INFLUENCERS,
  type InfluencerCard,
  type ShortList,
} from '@clipmarket/contracts/discovery';
import type { ReferenceLanguage } from '@clipmarket/contracts/reference-data';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { creatorExists } from '../users/index.js';
import { cardsOf, type PriceSetsOf } from './cards.js';
import { createListsRepository, type ShortListRow } from './lists.repository.js';
import type { Platform } from './search.repository.js';

const repository = createListsRepository();

function nameTaken(name: string): AppError {
  const message = `You already have a shortlist named "${name}"`;
  return new AppError('NAME_TAKEN', message, [{ field: 'name', message }]);
}

function toShortList(row: ShortListRow, influencerIds: number[]): ShortList {
  return {
    short_list_id: row.id,
    name: row.name,
    influencer_ids: influencerIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Favourites (the heart on a card) and shortlists (spec §2 "/short-lists"). */
export function createListsService(deps: {
  db: Db;
  /** The advertiser of a user, or a 404 (see discovery.service.ts). */
  advertiserOf: (userId: number) => Promise<number>;
  priceSetsOf: PriceSetsOf;
}) {
  const { db, advertiserOf, priceSetsOf } = deps;

  async function membersOf(lists: ShortListRow[]): Promise<Map<number, number[]>> {
    const members = new Map<number, number[]>(lists.map((list) => [list.id, []]));
    const ids = lists.map((list) => list.id);
    for (const row of await repository.listShortListMembers(db, ids)) {
      members.get(row.shortListId)?.push(row.influencerId);
    }
    return members;
  }

  async function shortListOf(row: ShortListRow): Promise<ShortList> {
    return toShortList(row, (await membersOf([row])).get(row.id) ?? []);
  }

  return {
    /** "Creator favorised or disfavorised successfully" (spec §8). */
    async toggleFavorite(
      userId: number,
      influencerId: number,
    ): Promise<{ influencer_id: number; is_favorite: boolean }> {
      const advertiserId = await advertiserOf(userId);
      return inTransaction(db, async (tx) => {
        if (await repository.deleteFavorite(tx, advertiserId, influencerId)) {
          return { influencer_id: influencerId, is_favorite: false };
        }
        if (!(await creatorExists(tx, influencerId))) throw notFound('Creator');
        await repository.insertFavorite(tx, advertiserId, influencerId);
        return { influencer_id: influencerId, is_favorite: true };
      });
    },

    async listFavorites(
      userId: number,
      platform: Platform,
      language: ReferenceLanguage,
    ): Promise<InfluencerCard[]> {
      const advertiserId = await advertiserOf(userId);
      const ids = await repository.listFavoriteIds(db, advertiserId);
      return cardsOf(db, advertiserId, ids, platform, language, priceSetsOf);
    },

    async listFavoriteIds(userId: number): Promise<number[]> {
      return repository.listFavoriteIds(db, await advertiserOf(userId));
    },

    async listShortLists(userId: number): Promise<ShortList[]> {
      const advertiserId = await advertiserOf(userId);
      const lists = await repository.listShortLists(db, advertiserId);
      const members = await membersOf(lists);
      return lists.map((list) => toShortList(list, members.get(list.id) ?? []));
    },

    async createShortList(userId: number, name: string): Promise<ShortList> {
      const advertiserId = await advertiserOf(userId);
      try {
        return await inTransaction(db, async (tx) => {
          if (await repository.isShortListNameTaken(tx, advertiserId, name)) throw nameTaken(name);
          return toShortList(await repository.insertShortList(tx, advertiserId, name), []);
        });
      } catch (error) {
        // Lost a race with a simultaneous creation under the same name.
        if (isUniqueViolation(error)) throw nameTaken(name);
        throw error;
      }
    },

    async renameShortList(userId: number, shortListId: number, name: string): Promise<ShortList> {
      const advertiserId = await advertiserOf(userId);
      try {
        const row = await inTransaction(db, async (tx) => {
          const list = await repository.findShortList(tx, advertiserId, shortListId, {
            lock: true,
          });
          if (!list) throw notFound('Shortlist');
          if (await repository.isShortListNameTaken(tx, advertiserId, name, list.id)) {
            throw nameTaken(name);
          }
          return repository.renameShortList(tx, list.id, name);
        });
        return await shortListOf(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(name);
        throw error;
      }
    },

    async deleteShortList(userId: number, shortListId: number): Promise<void> {
      const advertiserId = await advertiserOf(userId);
      if (!(await repository.deleteShortList(db, advertiserId, shortListId))) {
        throw notFound('Shortlist');
      }
    },

    async getShortList(
      userId: number,
      shortListId: number,
      platform: Platform,
      language: ReferenceLanguage,
    ): Promise<ShortList & { items: InfluencerCard[] }> {
      const advertiserId = await advertiserOf(userId);
      const row = await repository.findShortList(db, advertiserId, shortListId);
      if (!row) throw notFound('Shortlist');
      const list = await shortListOf(row);
      const items = await cardsOf(
        db,
        advertiserId,
        list.influencer_ids,
        platform,
        language,
        priceSetsOf,
      );
      return { ...list, items };
    },

    /** Idempotent: adding a creator already in the list changes nothing. */
    async addToShortList(
      userId: number,
      shortListId: number,
      influencerId: number,
    ): Promise<ShortList> {
      const advertiserId = await advertiserOf(userId);
      const row = await inTransaction(db, async (tx) => {
        // Locked: two adds at the limit cannot both pass the count.
        const list = await repository.findShortList(tx, advertiserId, shortListId, { lock: true });
        if (!list) throw notFound('Shortlist');
        if (!(await creatorExists(tx, influencerId))) throw notFound('Creator');
        if (await repository.isShortListMember(tx, list.id, influencerId)) return list;
        if ((await repository.countShortListMembers(tx, list.id)) >= SHORT_LIST_MAX_INFLUENCERS) {
          const message = `A shortlist holds at most ${SHORT_LIST_MAX_INFLUENCERS} creators`;
          throw new AppError('VALIDATION_FAILED', message, [{ field: 'influencer_id', message }]);
        }
        await repository.addShortListMember(tx, list.id, influencerId);
        return repository.touchShortList(tx, list.id);
      });
      return shortListOf(row);
    },

    /** Idempotent: removing a creator who is not in the list changes nothing. */
    async removeFromShortList(
      userId: number,
      shortListId: number,
      influencerId: number,
    ): Promise<ShortList> {
      const advertiserId = await advertiserOf(userId);
      const row = await inTransaction(db, async (tx) => {
        const list = await repository.findShortList(tx, advertiserId, shortListId, { lock: true });
        if (!list) throw notFound('Shortlist');
        if (!(await repository.removeShortListMember(tx, list.id, influencerId))) return list;
        return repository.touchShortList(tx, list.id);
      });
      return shortListOf(row);
    },
  };
}
