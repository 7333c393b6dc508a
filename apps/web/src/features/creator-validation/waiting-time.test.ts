import { describe, expect, it } from 'vitest';
import { formatWaitingTime, hasWaitedLongerThan } from './waiting-time';

const now = new Date('2025-03-10T12:00:00.000Z');
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('waiting time of an account under review', () => {
  it('reads in minutes, hours under two days, then days', () => {
    expect(formatWaitingTime(ago(0), 'en', now)).toBe('1 minute');
    expect(formatWaitingTime(ago(0.5), 'en', now)).toBe('30 minutes');
    expect(formatWaitingTime(ago(5), 'en', now)).toBe('5 hours');
    expect(formatWaitingTime(ago(47.9), 'en', now)).toBe('47 hours');
    expect(formatWaitingTime(ago(72), 'en', now)).toBe('3 days');
    expect(formatWaitingTime(ago(72), 'fr', now)).toMatch(/^3\sjours$/); // narrow no-break space
    expect(formatWaitingTime(ago(72), 'tn', now)).toMatch(/^3 /);
  });

  it('is overdue past the reminder delay', () => {
    expect(hasWaitedLongerThan(ago(49), 48, now)).toBe(true);
    expect(hasWaitedLongerThan(ago(47), 48, now)).toBe(false);
  });
});
