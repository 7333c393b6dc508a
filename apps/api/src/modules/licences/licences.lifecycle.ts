import type { LicenceDuration } from '@clipmarket/contracts/licences';
import type { LicenceState, LicenceSummary } from '@clipmarket/contracts/licence-lifecycle';
import { deadlineOf, requestToday } from '@clipmarket/contracts/request-dates';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import type { SettingsReader } from '../settings/index.js';
import { lifecycleRepository, type LineLicenceRow } from './licences.lifecycle.repository.js';
import { renewalPriceOf } from './licences.renewal-price.js';

/**
 * A line's licence once bought (issue 27 §1, part B, ADR 046): term 1 starts when the content
 * fee is paid; a term ends at the end of its last day in Tunisia; whether it is expired is
 * decided when read, against the caller's clock (`now`), not by the expiry job, which only
 * reminds, marks and tells.
 */

/** `YYYY-MM-DD` plus whole days or years, on the calendar (29 February + 1 year = 1 March). */
export function addToDate(date: string, amount: { days?: number; years?: number }): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year + (amount.years ?? 0), month - 1, day + (amount.days ?? 0)));
  return moved.toISOString().slice(0, 10);
}

/** The last instant of a day in Tunisia (23:59:59.999 there). */
export function endOfTunisDay(date: string): Date {
  return new Date(deadlineOf(date, '23:59').getTime() + 59_999);
}

/**
 * When a term starting at `startsAt` ends: its start's day in Tunisia plus 30 days, 90 days or
 * one year on the calendar, at the end of that day; null for a perpetual licence. A licence
 * paid on 1 December at 14:00 for 30 days runs until 31 December 23:59:59.999 (Tunis).
 */
export function expiryOf(startsAt: Date, duration: LicenceDuration): Date | null {
  const startDay = requestToday(startsAt);
  switch (duration) {
    case '30_days':
      return endOfTunisDay(addToDate(startDay, { days: 30 }));
    case '90_days':
      return endOfTunisDay(addToDate(startDay, { days: 90 }));
    case '1_year':
      return endOfTunisDay(addToDate(startDay, { years: 1 }));
    case 'perpetual':
      return null;
  }
}

/** A term's state at `now`: expired once `expires_at <= now`, whatever the job did. */
export function licenceStateOf(
  row: Pick<LineLicenceRow, 'startsAt' | 'expiresAt' | 'duration'>,
  now: Date,
): LicenceState {
  if (row.startsAt === null) return 'not_started';
  if (row.duration === 'perpetual' || row.expiresAt === null) return 'perpetual';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The Spark code part of a licence: null when its channels have no Spark ads. */
export function sparkCodeOf(row: LineLicenceRow, now: Date): LicenceSummary['spark_code'] {
  if (!row.channels.includes('spark_ads')) return null;
  if (row.sparkCode === null) return { state: 'none', code: null, expires_at: null };
  const isExpired =
    row.sparkCodeExpiresAt !== null && row.sparkCodeExpiresAt.getTime() <= now.getTime();
  return {
    state: isExpired ? 'expired' : 'active',
    code: row.sparkCode,
    expires_at: row.sparkCodeExpiresAt?.toISOString() ?? null,
  };
}

/** The wire summary of a line's current term. */
export function toLicenceSummary(
  latest: LineLicenceRow,
  now: Date,
  renewal30DaysBasisPoints: number,
): LicenceSummary {
  const state = licenceStateOf(latest, now);
  const renewal =
    state === 'active' || state === 'expired'
      ? renewalPriceOf(latest, renewal30DaysBasisPoints)
      : null;
  return {
    term: latest.term,
    state,
    duration: latest.duration,
    channels: latest.channels,
    territory: latest.territory,
    starts_at: latest.startsAt?.toISOString() ?? null,
    expires_at: latest.expiresAt?.toISOString() ?? null,
    renewal_price: renewal?.price ?? null,
    spark_code: sparkCodeOf(latest, now),
  };
}

/**
 * In the transaction that pays the content fee: term 1 starts at `paidAt` (and ends as its
 * duration says). Once only: a replayed payment changes nothing; a line sold before licences
 * existed has no term and nothing happens.
 */
export async function startFirstTerm(tx: Tx, lineId: number, paidAt: Date): Promise<void> {
  const [first] = await lifecycleRepository.termsOf(tx, lineId);
  if (!first || first.term !== 1 || first.startsAt !== null) return;
  await lifecycleRepository.startFirstTerm(tx, lineId, paidAt, expiryOf(paidAt, first.duration));
}

/** The delivery view's licence of a line (both parties), null for a line without one. */
export async function licenceSummaryOf(
  q: DbOrTx,
  lineId: number,
  settings: SettingsReader,
  now: Date = new Date(),
): Promise<LicenceSummary | null> {
  const latest = await lifecycleRepository.latestOf(q, lineId);
  if (!latest) return null;
  const renewal30 = await settings.get(q, 'licence_renewal_30_days_basis_points');
  return toLicenceSummary(latest, now, renewal30);
}

/**
 * The HD gate (content-videos asks before opening the original to the advertiser): the
 * expiry of the line's current term when it has passed at `now`, else null (running,
 * perpetual, not started, or a line without a licence).
 */
export async function expiredLicenceOf(
  q: DbOrTx,
  lineId: number,
  now: Date,
): Promise<{ expiresAt: Date } | null> {
  const latest = await lifecycleRepository.latestOf(q, lineId);
  if (!latest || licenceStateOf(latest, now) !== 'expired') return null;
  return { expiresAt: latest.expiresAt! };
}
