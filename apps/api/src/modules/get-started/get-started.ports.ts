import type { DbOrTx } from '../../platform/db/client.js';
import type { CreatorLinesProgress } from '../content-requests/index.js';
import type { CreatorFirstSteps } from '../users/index.js';

/** What Get started reads of the users module (its service). */
export interface CreatorsForGetStarted {
  creatorFirstSteps(userId: number): Promise<CreatorFirstSteps>;
}

/** What Get started reads of the content-requests module (`getStartedReadsOfRequests`). */
export interface LinesForGetStarted {
  progressOfCreator(q: DbOrTx, influencerUserId: number): Promise<CreatorLinesProgress>;
}
