import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { AdvertiserDeliveryFacts, LineHistory } from '../content-requests/index.js';
import type { ApplicationAnswerFacts } from '../opportunities/index.js';
import type { ReputationCreator } from '../users/index.js';

/** What reputation reads of users (its index): whose figures. */
export interface PartiesForReputation {
  findReputationCreator(q: DbOrTx, influencerId: number): Promise<ReputationCreator | undefined>;
  advertiserUserIdsAmong(q: DbOrTx, userIds: readonly number[]): Promise<Set<number>>;
}

/** What reputation reads of content-requests (`reputationReadsOfRequests`). */
export interface LinesForReputation {
  creatorLineHistories(
    q: DbOrTx,
    input: { influencerUserId: number; since: Date; opportunityDeadlines: SQL },
  ): Promise<LineHistory[]>;
  creatorApprovals(
    q: DbOrTx,
    input: { influencerUserId: number; since: Date },
  ): Promise<Array<{ rating: number | null; reasons: string[] }>>;
  advertiserDeliveryFacts(
    q: DbOrTx,
    input: {
      advertiserUserIds: readonly number[];
      since: Date;
      now: Date;
      reviewWindowHours: number;
      paidOnTimeHours: number;
    },
  ): Promise<Map<number, AdvertiserDeliveryFacts>>;
}

/** What reputation reads of opportunities (`reputationReadsOfOpportunities`). */
export interface OpportunitiesForReputation {
  deadlinesRelation(): SQL;
  applicationAnswerFacts(
    q: DbOrTx,
    advertiserUserIds: readonly number[],
    since: Date,
  ): Promise<Map<number, ApplicationAnswerFacts>>;
}

/** A written reviews' summary per user (the reviews module's `ratingSummariesOf`). */
export interface RatingSummary {
  count: number;
  average: number | null;
  criteria: Record<string, number>;
}

/** The reviews module, when it is part of the API: its summaries go into the figures. */
export interface ReviewsForReputation {
  ratingSummariesOf(q: DbOrTx, userIds: readonly number[]): Promise<Map<number, RatingSummary>>;
}

/** The review window (`review_window_days`) in hours: an automatic approval's review time. */
export interface SettingsForReputation {
  getHours(q: DbOrTx, key: 'review_window_days'): Promise<number>;
}
