import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LicenceRates, LicenceTerms } from '@clipmarket/contracts/licences';
import type { TestContext } from '../../test/harness.js';
import { contentVideos } from '../content-videos/content-videos.schema.js';
import { callAs } from '../content-requests/content-requests.test-support.js';
import {
  approveBody,
  lineRow,
  reviewed,
  submittedLine,
} from '../content-requests/delivery/review.test-support.js';
import { freezeFirstTerm } from './index.js';
import { lineLicences } from './licences.schema.js';

/**
 * Test helpers for the licences' lifecycle (issue 27 §1, part B): a delivered line whose term 1
 * has the terms a test needs, paid by the advertiser's approval (the fee reserved at sending is
 * captured), and the licence's rows.
 */

/** The suggested rates of the business settings' defaults (basis points). */
export const DEFAULT_RATES: Required<LicenceRates> = {
  paid_ads: 3_000,
  spark_ads: 2_000,
  '90_days': 1_500,
  '1_year': 4_000,
  perpetual: 10_000,
  mena: 2_000,
  worldwide: 5_000,
  exclusivity_30_days: 2_500,
  exclusivity_90_days: 5_000,
  exclusivity_180_days: 8_000,
};

export const DAY = 86_400_000;

/**
 * Term 1 of a line with these terms (test only): the line's own frozen term is replaced, so a
 * test chooses terms without going through the draft form. Before payment nothing reads it.
 */
export async function setFirstTerm(
  ctx: TestContext,
  lineId: number,
  terms: Partial<LicenceTerms>,
  basePrice = 300_000,
) {
  const db = ctx.database.db;
  await db.delete(lineLicences).where(eq(lineLicences.lineId, lineId));
  await freezeFirstTerm(db, {
    lineId,
    terms: {
      channels: ['organic'],
      duration: '30_days',
      territory: 'tunisia',
      exclusivity_days: 0,
      ...terms,
    },
    basePrice,
    rates: DEFAULT_RATES,
    exclusivityCategoryId: null,
  });
}

/** A line delivered and approved by its advertiser, not paid yet: no hold reserved its fee. */
export async function approvedUnpaidLine(ctx: TestContext, terms: Partial<LicenceTerms> = {}) {
  // 40 000 millimes cover the platform fee only: the line waits approved for its payment.
  const line = await submittedLine(ctx, { funds: 40_000 });
  await setFirstTerm(ctx, line.lineId, terms);
  await reviewed(ctx, line.brand.token, line.lineId, approveBody);
  return line;
}

/** A line whose content fee is paid (reserved at sending, captured by the approval). */
export async function paidLine(ctx: TestContext, terms: Partial<LicenceTerms> = {}) {
  const line = await submittedLine(ctx);
  await setFirstTerm(ctx, line.lineId, terms);
  await reviewed(ctx, line.brand.token, line.lineId, approveBody);
  const row = await lineRow(ctx, line.lineId);
  expect(row.state).toBe('paid');
  const [video] = await ctx.database.db
    .select({ id: contentVideos.id })
    .from(contentVideos)
    .where(eq(contentVideos.lineId, line.lineId));
  return { ...line, paidAt: row.paidAt!, price: row.price, videoId: video!.id };
}

export async function termsOf(ctx: TestContext, lineId: number) {
  return ctx.database.db
    .select()
    .from(lineLicences)
    .where(eq(lineLicences.lineId, lineId))
    .orderBy(asc(lineLicences.term));
}

/** Writes a term's end straight in the database (the E2E does the same with `pg`). */
export async function setExpiry(ctx: TestContext, lineId: number, term: number, expiresAt: Date) {
  await ctx.database.db
    .update(lineLicences)
    .set({ expiresAt })
    .where(and(eq(lineLicences.lineId, lineId), eq(lineLicences.term, term)));
}

export const getLicence = (ctx: TestContext, token: string | undefined, lineId: number) =>
  token === undefined
    ? ctx.app.inject({ method: 'GET', url: `/v2/licences/${lineId}` })
    : callAs(ctx, token, 'GET', `/v2/licences/${lineId}`);

let keys = 0;
export const renew = (
  ctx: TestContext,
  token: string,
  lineId: number,
  term: number,
  key = `renew-${process.pid}-${(keys += 1)}`,
) =>
  callAs(ctx, token, 'POST', `/v2/licences/${lineId}/renew`, { term }, { 'idempotency-key': key });

export const originalLink = (ctx: TestContext, token: string, lineId: number, videoId: number) =>
  callAs(ctx, token, 'GET', `/v2/content-request-influencers/${lineId}/videos/${videoId}/original`);
