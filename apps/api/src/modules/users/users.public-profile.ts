import type { Efile } from '@clipmarket/contracts/media';
import type { Category } from '@clipmarket/contracts/reference-data';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { toLanguageTag, type Language } from '../../platform/i18n.js';
import { describeFiles } from '../media/index.js';
import { findCategories } from '../reference-data/index.js';
import type { InfluencerRow, InfluencerStatRow, UsersRepository } from './users.repository.js';

/** Who reads a profile: a creator not validated yet is theirs and admins' only. */
export interface ProfileViewer {
  userId: number;
  role: string;
}

/** What anyone signed in may see of a creator: no CIN, payout numbers, address, phone, e-mail. */
export interface PublicProfile {
  influencer: InfluencerRow;
  profileFileId: number | null;
  profileFile: Efile | null;
  /** The creator's categories, labelled in the reader's language, in the catalogue's order. */
  categories: Category[];
  stats: InfluencerStatRow[];
}

/** Public creator profiles (GET /v2/influencers/{id}/profile and the creator's own showcase). */
export function createPublicProfileService({
  db,
  repository,
}: {
  db: Db;
  repository: UsersRepository;
}) {
  async function loadPublicProfile(
    influencer: InfluencerRow,
    language: Language,
    viewer?: ProfileViewer,
  ): Promise<PublicProfile> {
    const user = await repository.findUser(db, influencer.userId);
    if (!user) throw notFound('Creator');
    // A creator not validated by the team yet is shown to no one but themself and admins.
    if (
      viewer &&
      !user.isValidated &&
      viewer.userId !== influencer.userId &&
      viewer.role !== 'ADMIN'
    ) {
      throw notFound('Creator');
    }
    const categoryIds = await repository.findCategoryIds(db, influencer.id);
    const [categories, stats, files] = await Promise.all([
      findCategories(db, categoryIds, toLanguageTag(language)),
      repository.findStats(db, influencer.id),
      describeFiles(db, user.profileFileId ? [user.profileFileId] : []),
    ]);
    return {
      influencer,
      profileFileId: user.profileFileId,
      profileFile: user.profileFileId ? (files.get(user.profileFileId) ?? null) : null,
      categories,
      stats,
    };
  }

  return {
    async getPublicProfile(
      influencerId: number,
      language: Language,
      viewer: ProfileViewer,
    ): Promise<PublicProfile> {
      const influencer = await repository.findInfluencer(db, influencerId);
      if (!influencer) throw notFound('Creator');
      return loadPublicProfile(influencer, language, viewer);
    },

    /** Spec §2 `/profile/{userId}`: the showcase of the creator whose user id this is. */
    async getPublicProfileOfUser(
      userId: number,
      language: Language,
      viewer: ProfileViewer,
    ): Promise<PublicProfile> {
      const influencer = await repository.findInfluencerByUser(db, userId);
      if (!influencer) throw notFound('Creator');
      return loadPublicProfile(influencer, language, viewer);
    },

    async getOwnPublicProfile(userId: number, language: Language): Promise<PublicProfile> {
      const influencer = await repository.findInfluencerByUser(db, userId);
      if (!influencer) throw notFound('Creator');
      return loadPublicProfile(influencer, language);
    },
  };
}

export type PublicProfileService = ReturnType<typeof createPublicProfileService>;
