import type { GetStarted } from '@clipmarket/contracts/get-started';
import type { Db } from '../../platform/db/client.js';
import type { CreatorsForGetStarted, LinesForGetStarted } from './get-started.ports.js';

/**
 * Get started for creators (issue 25 §4, spec §1): each onboarding step done or not from what
 * the creator really did. Read-only, a fixed number of queries (the account, then the lines).
 */
export function createGetStartedService(deps: {
  db: Db;
  creators: CreatorsForGetStarted;
  lines: LinesForGetStarted;
}) {
  return {
    async ofCreator(userId: number): Promise<GetStarted> {
      const account = await deps.creators.creatorFirstSteps(userId);
      const progress = await deps.lines.progressOfCreator(deps.db, userId);
      const awaiting = progress.lineAwaitingVideo;
      return {
        ideate: {
          // The showcase is set up once the profile is complete and tells who the creator is.
          done: account.profileCompleted && account.hasBio && account.hasCategories,
          profile_completed: account.profileCompleted,
          has_bio: account.hasBio,
          has_categories: account.hasCategories,
        },
        inspire: { done: account.openedGetInspired },
        create: { done: progress.hasAcceptedLine },
        upload: {
          done: progress.hasSubmittedVideo,
          open_line: awaiting
            ? { content_request_influencer_id: awaiting.lineId, source: awaiting.source }
            : null,
        },
      };
    },
  };
}

export type GetStartedService = ReturnType<typeof createGetStartedService>;
