import { describe, expect, it } from 'vitest';
import type { LineHistory } from '../content-requests/index.js';
import {
  basisPointsOf,
  deliveryClockOf,
  hundredthsOf,
  medianOf,
  ratingsOf,
} from './reputation.figures.js';

const HOUR = 3_600_000;
const line = (
  steps: Array<[string, number]>,
  deadline: number | null,
  state = 'approved',
): LineHistory => ({
  lineId: 1,
  isRequest: true,
  state,
  openedAt: 0,
  deadline: deadline === null ? null : deadline * HOUR,
  steps: steps.map(([transition, hours]) => ({ transition, at: hours * HOUR })),
});

describe('medianOf', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one', () => {
    expect(medianOf([9, 1, 5])).toBe(5);
    expect(medianOf([10, 2, 6, 4])).toBe(5);
  });
  it('answers null under three facts', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([1, 2])).toBeNull();
  });
});

describe('rates', () => {
  it('rounds basis points and hundredths half up, null under three facts', () => {
    expect(basisPointsOf(2, 3)).toBe(6_667);
    expect(basisPointsOf(0, 3)).toBe(0);
    expect(basisPointsOf(1, 2)).toBeNull();
    expect(hundredthsOf(1, 6)).toBe(17);
    expect(hundredthsOf(1, 2)).toBeNull();
  });
});

describe("the creator's delivery clock", () => {
  it('stops while a version waits for review: late by the wall clock, on time by the clock', () => {
    const clock = deliveryClockOf(
      line(
        [
          ['accept', 2],
          ['submit', 42],
          ['debrief', 72],
          ['submit', 78],
          ['approve', 80],
        ],
        50,
      ),
      1_000 * HOUR,
    );
    expect(clock).toEqual({
      creatorMs: 46 * HOUR,
      allowanceMs: 48 * HOUR,
      isSettled: true,
      isOnTime: true,
    });
  });

  it('is late past the allowance, even while the line is still under way', () => {
    const open = line(
      [
        ['accept', 0],
        ['submit', 10],
        ['debrief', 11],
      ],
      20,
      'debriefed',
    );
    // 10 h used, the revision running since 11 h: at 15 h still on time and not settled.
    expect(deliveryClockOf(open, 15 * HOUR)).toMatchObject({ isSettled: false, isOnTime: true });
    // At 25 h the clock reads 24 h of 20: late whatever comes.
    expect(deliveryClockOf(open, 25 * HOUR)).toMatchObject({
      creatorMs: 24 * HOUR,
      isSettled: true,
      isOnTime: false,
    });
  });

  it('counts a line expired while waiting for a revision as late', () => {
    const expired = line(
      [
        ['assign', 0],
        ['submit', 5],
        ['debrief', 6],
        ['expire_delivery', 20],
      ],
      20,
      'expired',
    );
    expect(deliveryClockOf(expired, 100 * HOUR)).toMatchObject({
      isSettled: true,
      isOnTime: false,
    });
  });

  it('measures nothing without acceptance, submission or deadline', () => {
    expect(deliveryClockOf(line([['accept', 0]], 10, 'accepted'), HOUR)).toBeUndefined();
    expect(deliveryClockOf(line([['submit', 1]], 10), HOUR)).toBeUndefined();
    expect(
      deliveryClockOf(
        line(
          [
            ['accept', 0],
            ['submit', 1],
          ],
          null,
        ),
        HOUR,
      ),
    ).toBeUndefined();
  });
});

describe('ratingsOf', () => {
  it('averages three ratings or more in hundredths and ranks the reasons', () => {
    expect(
      ratingsOf([
        { rating: 5, reasons: ['creativity', 'expressive'] },
        { rating: 4, reasons: ['expressive'] },
        { rating: 4, reasons: [] },
      ]),
    ).toEqual({
      count: 3,
      average_hundredths: 433,
      strengths: [
        { reason: 'expressive', count: 2 },
        { reason: 'creativity', count: 1 },
      ],
    });
  });
});
