import { describe, expect, it } from 'vitest';
import {
  deadlineOf,
  requestDateMessages,
  requestDateProblems,
  requestDateRuleOf,
  requestToday,
} from './request-dates.js';

// 28 November 2026, 14:50 UTC: 15:50 in Tunis (UTC+1, no summer time).
const now = new Date('2026-11-28T14:50:00Z');
const dates = (delivery: string | null, slot: string | null, publishing: string | null) => ({
  delivery_date: delivery,
  delivery_slot: slot,
  publishing_deadline: publishing,
});

describe('content request dates', () => {
  it('reads a date and slot in Tunisia’s time', () => {
    expect(deadlineOf('2026-11-28', '16:00').toISOString()).toBe('2026-11-28T15:00:00.000Z');
    expect(requestToday(new Date('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
  });

  it('accepts a future deadline and a publishing date on or after the delivery date', () => {
    expect(requestDateProblems(dates('2026-12-05', '12:30', '2026-12-05'), now)).toEqual([]);
    expect(requestDateProblems(dates('2026-11-28', '16:00', null), now)).toEqual([]);
    expect(requestDateProblems(dates(null, null, null), now)).toEqual([]);
  });

  it('refuses a delivery date in the past, or today at an hour already gone', () => {
    expect(requestDateProblems(dates('2026-11-27', '12:30', null), now)).toEqual([
      {
        field: 'delivery_date',
        rule: 'deliveryInPast',
        message: 'The delivery deadline must be in the future',
      },
    ]);
    expect(requestDateProblems(dates('2026-11-28', '15:30', null), now)).toEqual([
      expect.objectContaining({ field: 'delivery_slot', rule: 'deliveryInPast' }),
    ]);
  });

  it('refuses a publishing date before the delivery date, or in the past', () => {
    expect(requestDateProblems(dates('2026-12-10', '09:00', '2026-12-09'), now)).toEqual([
      {
        field: 'publishing_deadline',
        rule: 'publishingBeforeDelivery',
        message: 'The publishing date cannot be before the delivery date',
      },
    ]);
    expect(requestDateProblems(dates(null, null, '2026-11-01'), now)).toEqual([
      expect.objectContaining({ field: 'publishing_deadline', rule: 'publishingInPast' }),
    ]);
  });

  it('finds the rule of a message the API answered', () => {
    expect(requestDateRuleOf(requestDateMessages.publishingBeforeDelivery)).toBe(
      'publishingBeforeDelivery',
    );
    expect(requestDateRuleOf('Please fill in the required fields.')).toBeNull();
  });
});
