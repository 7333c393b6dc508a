import { isAdvertiserRole, type Role } from '@clipmarket/contracts/enums';
import { GET_INSPIRED_OPENED_CLICK } from '@clipmarket/contracts/get-started';
import type { UpdateMeAdminBody, UpdatePasswordBody } from '@clipmarket/contracts/profile';
import type { Db } from '../../platform/db/client.js';
import { forbidden } from '../../platform/http/errors.js';
import { toMe } from './users.dto.js';
import type { Language } from '../../platform/i18n.js';
import { createFlagsService } from './users.flags.js';
import { createPasswordService, type RevokeOtherSessions } from './users.password.js';
import { createPreferencesService } from './users.preferences.js';
import {
  createProfileService,
  type AdvertiserSave,
  type TalentSave,
  type FindSearchQuota,
  type FindValidationStatus,
  type MeProfile,
} from './users.profile.js';
import { createPublicProfileService } from './users.public-profile.js';
import type { UsersRepository } from './users.repository.js';
import { createStatsService } from './users.stats.js';

/** What Get started reads of a creator's account (issue 25 §4). */
export interface CreatorFirstSteps {
  profileCompleted: boolean;
  hasBio: boolean;
  hasCategories: boolean;
  openedGetInspired: boolean;
}

/** POST /v2/user/updateMe, parsed by the route with the contract schema of the caller. */
export type UpdateMeInput =
  | { kind: 'password'; body: UpdatePasswordBody }
  | { kind: 'talent'; body: TalentSave }
  | { kind: 'advertiser'; body: AdvertiserSave }
  | { kind: 'admin'; body: UpdateMeAdminBody };

export interface UsersServiceDeps {
  db: Db;
  repository: UsersRepository;
  revokeOtherSessions: RevokeOtherSessions;
  /** Discovery's: an advertiser's search quota, shown by getMe. */
  findSearchQuota: FindSearchQuota;
  /** Creator-validation's: a creator's validation status, shown by getMe. */
  findValidationStatus: FindValidationStatus;
}

/**
 * The users module's use cases, one file per responsibility: profile (getMe, saves), password,
 * notification preferences, flags and clicks, public profile, declared figures.
 */
export function createUsersService(deps: UsersServiceDeps) {
  const { db, repository } = deps;
  const profile = createProfileService(deps);
  const password = createPasswordService(deps);

  return {
    getMe: (userId: number) => profile.getMe(userId),

    /**
     * Get started (issue 25 §4): how far the creator's profile is (completion by getMe's own
     * rule, bio, categories) and whether they ever opened Get inspired.
     */
    async creatorFirstSteps(userId: number): Promise<CreatorFirstSteps> {
      const me = toMe(await profile.getMe(userId));
      const openedGetInspired = await repository.hasUserClick(
        db,
        userId,
        GET_INSPIRED_OPENED_CLICK,
      );
      return {
        profileCompleted: me.is_completed === 1,
        hasBio: Boolean(me.influencer?.influencer_bio?.trim()),
        hasCategories: (me.influencer?.categories.length ?? 0) > 0,
        openedGetInspired,
      };
    },

    /**
     * A password change (`only_password`), or the profile save of the caller's role; answers
     * the caller as getMe shows them.
     */
    async updateMe(
      caller: { userId: number; role: Role; sessionId: string | null },
      input: UpdateMeInput,
    ): Promise<MeProfile> {
      switch (input.kind) {
        case 'password':
          await password.changePassword(caller, input.body);
          return profile.getMe(caller.userId);
        case 'talent':
          if (caller.role !== 'TALENT') throw forbidden();
          return profile.saveTalentProfile(caller.userId, input.body);
        case 'advertiser':
          if (!isAdvertiserRole(caller.role)) throw forbidden();
          return profile.saveAdvertiserProfile(caller.userId, input.body);
        case 'admin':
          if (caller.role !== 'ADMIN') throw forbidden();
          return profile.saveAdminProfile(caller.userId, input.body);
      }
    },

    ...createPreferencesService(deps),
    ...createFlagsService(deps),
    ...createPublicProfileService(deps),
    ...createStatsService(deps),

    /** The user's stored interface language: labels follow it when the request names none. */
    async findUserLanguage(userId: number): Promise<Language> {
      return (await repository.findUser(db, userId))?.language ?? 'en';
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
