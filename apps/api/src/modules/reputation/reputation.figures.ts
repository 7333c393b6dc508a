import { REPUTATION_MIN_FACTS } from '@clipmarket/contracts/reputation';
import type { LineHistory } from '../content-requests/index.js';

/**
 * The arithmetic of measured reputation (issue 27 §2, ADR 047), pure so the rules are tested
 * apart from the reads: medians, rates in basis points, the creator's delivery clock.
 */

const HOUR_MS = 3_600_000;

/** Hours with one decimal. */
export const roundHours = (hours: number) => Math.round(hours * 10) / 10;

/** The median of some numbers (the mean of the two middle ones for an even count); null if too few. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length < REPUTATION_MIN_FACTS) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `part / whole` in basis points (rounded half up); null under the threshold. */
export function basisPointsOf(part: number, whole: number): number | null {
  if (whole < REPUTATION_MIN_FACTS) return null;
  return Math.round((part * 10_000) / whole);
}

/** `count / per` in hundredths (40 = 0.40); null under the threshold. */
export function hundredthsOf(count: number, per: number): number | null {
  if (per < REPUTATION_MIN_FACTS) return null;
  return Math.round((count * 100) / per);
}

/** Where a line's delivery stands on the creator's clock. */
export interface DeliveryClock {
  /** Milliseconds the creator's clock ran (to `now` for a segment still open). */
  creatorMs: number;
  /** Milliseconds from acceptance to the deadline: what the creator was given. */
  allowanceMs: number;
  /** Counted in the on-time rate: the delivery is over, or already late whatever happens. */
  isSettled: boolean;
  isOnTime: boolean;
}

const STILL_DELIVERING = new Set(['accepted', 'debriefed', 'submitted']);

/**
 * The creator's delivery clock of one line: it runs from acceptance (or assignment) to each
 * submission, and from each debrief to the next submission; while a version waits for the
 * advertiser's review it stands still. Undefined when the line was never accepted, has no
 * submission or no deadline: nothing to measure.
 */
export function deliveryClockOf(line: LineHistory, now: number): DeliveryClock | undefined {
  if (line.deadline === null) return undefined;
  const acceptance = line.steps.find((s) => s.transition === 'accept' || s.transition === 'assign');
  if (!acceptance || !line.steps.some((s) => s.transition === 'submit')) return undefined;
  let creatorMs = 0;
  let runningSince: number | null = acceptance.at;
  let expiredWhileRunning = false;
  let cancelledWhileRunning = false;
  for (const step of line.steps) {
    if (step.at < acceptance.at || step === acceptance) continue;
    if (step.transition === 'submit' && runningSince !== null) {
      creatorMs += step.at - runningSince;
      runningSince = null;
    } else if (step.transition === 'debrief') {
      runningSince = step.at;
    } else if (
      (step.transition === 'expire_delivery' || step.transition === 'admin_cancel') &&
      runningSince !== null
    ) {
      creatorMs += step.at - runningSince;
      runningSince = null;
      if (step.transition === 'expire_delivery') expiredWhileRunning = true;
      else cancelledWhileRunning = true;
    }
  }
  if (runningSince !== null) creatorMs += Math.max(0, now - runningSince);
  const allowanceMs = line.deadline - acceptance.at;
  const isLate = expiredWhileRunning || creatorMs > allowanceMs;
  // A line the team cancelled while the creator was still working is no one's measure.
  if (cancelledWhileRunning && !isLate) {
    return { creatorMs, allowanceMs, isSettled: false, isOnTime: false };
  }
  return {
    creatorMs,
    allowanceMs,
    isSettled: isLate || !STILL_DELIVERING.has(line.state),
    isOnTime: !isLate,
  };
}

const APPROVING = new Set(['approve', 'auto_approve', 'settle_for_creator']);

/** The creator's figures from their lines' histories (the reviews' ratings apart). */
export function creatorFiguresOf(lines: readonly LineHistory[], now: number) {
  const answerHours: number[] = [];
  let measured = 0;
  let onTime = 0;
  let linesWithVideo = 0;
  let debriefs = 0;
  let approved = 0;
  let reviewEnded = 0;
  let completed = 0;
  for (const line of lines) {
    if (line.isRequest) {
      const answer = line.steps.find(
        (s) => s.transition === 'accept' || s.transition === 'decline',
      );
      if (answer) answerHours.push((answer.at - line.openedAt) / HOUR_MS);
    }
    const clock = deliveryClockOf(line, now);
    if (clock?.isSettled) {
      measured += 1;
      if (clock.isOnTime) onTime += 1;
    }
    if (line.steps.some((s) => s.transition === 'submit')) {
      linesWithVideo += 1;
      debriefs += line.steps.filter((s) => s.transition === 'debrief').length;
    }
    if (line.steps.some((s) => APPROVING.has(s.transition))) {
      approved += 1;
      reviewEnded += 1;
    } else if (line.state === 'closed') {
      // Closed only after a rejection (not disputed in time, or a dispute lost).
      reviewEnded += 1;
    }
    if (line.state === 'completed') completed += 1;
  }
  const median = medianOf(answerHours);
  return {
    on_time_rate: basisPointsOf(onTime, measured),
    on_time_facts: measured,
    median_hours_to_answer_request: median === null ? null : roundHours(median),
    revisions_per_video_hundredths: hundredthsOf(debriefs, linesWithVideo),
    approval_rate: basisPointsOf(approved, reviewEnded),
    completed,
  };
}

/** The creator's rating by approvals: count, average in hundredths, reasons most cited first. */
export function ratingsOf(approvals: ReadonlyArray<{ rating: number | null; reasons: string[] }>) {
  const rated = approvals.filter((a) => a.rating !== null);
  const sum = rated.reduce((total, a) => total + a.rating!, 0);
  const reasons = new Map<string, number>();
  for (const approval of approvals) {
    for (const reason of approval.reasons) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return {
    count: rated.length,
    average_hundredths:
      rated.length < REPUTATION_MIN_FACTS ? null : Math.round((sum * 100) / rated.length),
    strengths: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
