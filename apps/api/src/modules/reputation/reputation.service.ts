import {
  PAID_ON_TIME_HOURS,
  REPUTATION_MIN_FACTS,
  REPUTATION_WINDOW_MONTHS,
  type AdvertiserReputation,
  type CreatorReputation,
} from '@clipmarket/contracts/reputation';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import {
  basisPointsOf,
  creatorFiguresOf,
  hundredthsOf,
  ratingsOf,
  roundHours,
} from './reputation.figures.js';
import type {
  LinesForReputation,
  OpportunitiesForReputation,
  PartiesForReputation,
  ReviewsForReputation,
  SettingsForReputation,
} from './reputation.ports.js';

/** Who asks: any signed-in user; their id and role decide what an unvalidated creator shows. */
export interface ReputationCaller {
  userId: number;
  role: string;
}

/** The start of the figures' window: `REPUTATION_WINDOW_MONTHS` before `now`. */
export function windowStartOf(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - REPUTATION_WINDOW_MONTHS);
  return since;
}

/**
 * Measured reputation (issue 27 §2, ADR 047), read-only: a creator's figures in three
 * statements (their standing, their lines' histories, their approvals), a page of advertisers'
 * in three (who is an advertiser, their delivery facts, their applications' answers) — plus the
 * reviews' summaries when that module is there.
 */
export function createReputationService(deps: {
  db: Db;
  parties: PartiesForReputation;
  lines: LinesForReputation;
  opportunities: OpportunitiesForReputation;
  settings: SettingsForReputation;
  reviews?: ReviewsForReputation;
  /** The clock (tests move it). */
  now?: () => Date;
}) {
  const { db } = deps;
  const nowOf = deps.now ?? (() => new Date());

  async function advertisersFigures(userIds: readonly number[]): Promise<AdvertiserReputation[]> {
    const now = nowOf();
    const since = windowStartOf(now);
    const known = await deps.parties.advertiserUserIdsAmong(db, userIds);
    const ids = userIds.filter((id) => known.has(id));
    if (ids.length === 0) return [];
    const reviewWindowHours = await deps.settings.getHours(db, 'review_window_days');
    const delivery = await deps.lines.advertiserDeliveryFacts(db, {
      advertiserUserIds: ids,
      since,
      now,
      reviewWindowHours,
      paidOnTimeHours: PAID_ON_TIME_HOURS,
    });
    const answers = await deps.opportunities.applicationAnswerFacts(db, ids, since);
    const reviews = deps.reviews ? await deps.reviews.ratingSummariesOf(db, ids) : undefined;
    return ids.map((userId) => {
      const facts = delivery.get(userId);
      const answered = answers.get(userId);
      const medianAnswer =
        answered && answered.answered >= REPUTATION_MIN_FACTS ? answered.medianAnswerHours : null;
      const medianReview =
        facts && facts.reviews >= REPUTATION_MIN_FACTS ? facts.medianReviewHours : null;
      const disputesDecided = (facts?.disputesLost ?? 0) + (facts?.disputesWon ?? 0);
      const figures: AdvertiserReputation = {
        user_id: userId,
        window_months: REPUTATION_WINDOW_MONTHS,
        median_hours_to_answer_application: medianAnswer === null ? null : roundHours(medianAnswer),
        median_hours_to_review: medianReview === null ? null : roundHours(medianReview),
        paid_on_time_rate: basisPointsOf(
          facts?.approvalsPaidOnTime ?? 0,
          facts?.approvalsSettled ?? 0,
        ),
        revisions_per_video_hundredths: hundredthsOf(
          facts?.debriefs ?? 0,
          facts?.linesWithVideo ?? 0,
        ),
        disputes_lost: facts?.disputesLost ?? 0,
        disputes_decided: disputesDecided,
        disputes_lost_rate: basisPointsOf(facts?.disputesLost ?? 0, disputesDecided),
        unanswered_application_rate: basisPointsOf(
          answered?.unanswered ?? 0,
          answered?.settled ?? 0,
        ),
      };
      if (reviews) {
        figures.reviews = reviews.get(userId) ?? { count: 0, average: null, criteria: {} };
      }
      return figures;
    });
  }

  return {
    /**
     * A creator's figures; a creator not validated yet is a 404 but to themself and admins,
     * as their public profile.
     */
    async ofCreator(caller: ReputationCaller, influencerId: number): Promise<CreatorReputation> {
      const creator = await deps.parties.findReputationCreator(db, influencerId);
      const mayRead =
        creator &&
        (creator.isValidated || caller.role === 'ADMIN' || caller.userId === creator.userId);
      if (!creator || !mayRead) throw notFound('Creator');
      const now = nowOf();
      const since = windowStartOf(now);
      const histories = await deps.lines.creatorLineHistories(db, {
        influencerUserId: creator.userId,
        since,
        opportunityDeadlines: deps.opportunities.deadlinesRelation(),
      });
      const approvals = await deps.lines.creatorApprovals(db, {
        influencerUserId: creator.userId,
        since,
      });
      const figures: CreatorReputation = {
        influencer_id: influencerId,
        window_months: REPUTATION_WINDOW_MONTHS,
        ...creatorFiguresOf(histories, now.getTime()),
        ratings: ratingsOf(approvals),
      };
      if (deps.reviews) {
        const summaries = await deps.reviews.ratingSummariesOf(db, [creator.userId]);
        figures.reviews = summaries.get(creator.userId) ?? {
          count: 0,
          average: null,
          criteria: {},
        };
      }
      return figures;
    },

    /** An advertiser's figures; a user who is no advertiser is a 404. */
    async ofAdvertiser(userId: number): Promise<AdvertiserReputation> {
      const [figures] = await advertisersFigures([userId]);
      if (!figures) throw notFound('Advertiser');
      return figures;
    },

    /** Several advertisers' figures (opportunity cards); ids that are no advertiser are left out. */
    ofAdvertisers: advertisersFigures,
  };
}

export type ReputationService = ReturnType<typeof createReputationService>;
