import { isAdvertiserRole, type Role } from '@clipmarket/contracts/enums';
import type { userClickBodySchema } from '@clipmarket/contracts/users';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import type { TwinklingRow, UsersRepository } from './users.repository.js';
import { setTwinklingFlag, type TwinklingFlag } from './users.twinkling.js';

export type UserClickInput = z.output<typeof userClickBodySchema>;

/** Menu highlight flags, home redirection and analytics clicks. */
export function createFlagsService({ db, repository }: { db: Db; repository: UsersRepository }) {
  return {
    /**
     * Spec §2 "/": advertisers go to the server's target, admins to their home (issue 8),
     * everyone else to their showcase.
     */
    redirectionFor(role: Role): string {
      if (isAdvertiserRole(role)) return '/discover-content';
      return role === 'ADMIN' ? '/admin' : '/profile/check-profile';
    },

    /** The caller opened the page behind `flag`: its menu item stops highlighting. */
    async markTwinklingSeen(userId: number, flag: TwinklingFlag): Promise<TwinklingRow | null> {
      await setTwinklingFlag(db, userId, flag, false);
      return (await repository.findTwinklingFlags(db, userId)) ?? null;
    },

    /** The caller's flags; null when none were ever stored (all off). */
    async getTwinklingFlags(userId: number): Promise<TwinklingRow | null> {
      return (await repository.findTwinklingFlags(db, userId)) ?? null;
    },

    /**
     * Records an analytics click. The role stored is the caller's real one, and a creator's
     * click is always filed under their own influencer id, whatever the body claims.
     */
    async recordClick(
      caller: { userId: number; role: Role },
      input: UserClickInput,
    ): Promise<{ id: number; createdAt: Date }> {
      let influencerId = input.influencer_id ?? null;
      if (caller.role === 'TALENT') {
        influencerId = (await repository.findInfluencerByUser(db, caller.userId))?.id ?? null;
      }
      return repository.insertUserClick(db, {
        userId: caller.userId,
        influencerId,
        role: caller.role,
        module: input.module,
        moduleId: input.module_id,
        click: input.click,
      });
    },
  };
}

export type FlagsService = ReturnType<typeof createFlagsService>;
