import { and, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { advertiserCriteria, creatorCriteria } from '@clipmarket/contracts/reviews';
import type { DbOrTx } from '../../platform/db/client.js';
import { reviews } from './reviews.schema.js';

/** A user's visible reviews in numbers: how many, their average, and each criterion's. */
export interface RatingSummary {
  count: number;
  /** The average rating, one decimal; null when there is no visible review. */
  average: number | null;
  /** Each criterion's average, one decimal (only criteria that were rated). */
  criteria: Record<string, number>;
}

export const emptyRatingSummary = (): RatingSummary => ({ count: 0, average: null, criteria: {} });

/** A review counts for the public once visible and not removed by the team. */
export const isPubliclyVisible = (now: Date) =>
  and(
    lte(reviews.visibleFrom, now),
    or(isNull(reviews.contestState), ne(reviews.contestState, 'removed')),
  );

const reviewCriteria = [...new Set<string>([...creatorCriteria, ...advertiserCriteria])];

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The rating summaries of some users (as the reviewed party), visible reviews only: one query
 * for all of them. Users without a visible review get an empty summary.
 */
export async function ratingSummariesOf(
  q: DbOrTx,
  userIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, RatingSummary>> {
  const result = new Map<number, RatingSummary>();
  const ids = [...new Set(userIds)];
  for (const id of ids) result.set(id, emptyRatingSummary());
  if (ids.length === 0) return result;
  // Every criterion of both sides as a column: avg() skips the reviews that lack it.
  const criterionColumns = Object.fromEntries(
    reviewCriteria.map((criterion) => [
      criterion,
      sql<string | null>`avg((${reviews.criteria} ->> ${criterion})::numeric)`,
    ]),
  );
  const rows = await q
    .select({
      userId: reviews.subjectUserId,
      count: sql<number>`count(*)::int`.mapWith(Number),
      average: sql<string | null>`avg(${reviews.rating})`,
      ...criterionColumns,
    })
    .from(reviews)
    .where(and(inArray(reviews.subjectUserId, ids), isPubliclyVisible(now)))
    .groupBy(reviews.subjectUserId);
  for (const row of rows) {
    const values = row as unknown as Record<string, string | null>;
    const criteria: Record<string, number> = {};
    for (const criterion of reviewCriteria) {
      const value = values[criterion];
      if (value !== null && value !== undefined) criteria[criterion] = round1(Number(value));
    }
    result.set(row.userId, {
      count: row.count,
      average: row.average === null ? null : round1(Number(row.average)),
      criteria,
    });
  }
  return result;
}
