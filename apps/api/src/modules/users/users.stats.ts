import { engagementRateOf, type DeclaredStatsBody } from '@clipmarket/contracts/discovery';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { validationFailed } from '../../platform/http/validation.js';
import type { UsersRepository } from './users.repository.js';

/** Audience figures a creator declares themselves (the search reads them by trigger). */
export function createStatsService({ db, repository }: { db: Db; repository: UsersRepository }) {
  return {
    /**
     * PUT /v2/influencers/me/stats/{platform}: the creator's own figures, source "declared",
     * engagement rate computed here (never typed in). Only for a platform the creator has a
     * username on: figures of an account nobody can look up would be found by no search.
     */
    async declareStats(
      userId: number,
      platform: 'instagram' | 'tiktok',
      body: DeclaredStatsBody,
    ): Promise<void> {
      const influencer = await repository.findInfluencerByUser(db, userId);
      if (!influencer) throw notFound('Creator');
      const username = platform === 'instagram' ? influencer.igUsername : influencer.tiktokUsername;
      if (!username?.trim()) {
        const network = platform === 'instagram' ? 'Instagram' : 'TikTok';
        throw validationFailed([
          {
            field: 'platform',
            message: `Add your ${network} username to your profile before declaring its figures`,
          },
        ]);
      }
      await repository.upsertStats(db, {
        influencerId: influencer.id,
        platform,
        followersCount: body.followers_count,
        postsCount: body.posts_count,
        avgLikes: body.avg_likes,
        avgComments: body.avg_comments,
        avgVideoViews: body.avg_video_views,
        personsReached: body.persons_reached,
        engagementRate: engagementRateOf(body).toFixed(2),
        source: 'declared',
        updatedAt: new Date(),
      });
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
