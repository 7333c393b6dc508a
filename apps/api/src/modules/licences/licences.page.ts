import {
  SPARK_CODE_MAX_DAYS,
  SPARK_CODE_MIN_DAYS,
  sparkCodeMessages,
  type LicencePage,
  type LicenceSummary,
  type SparkCodeBody,
} from '@clipmarket/contracts/licence-lifecycle';
import { requestToday } from '@clipmarket/contracts/request-dates';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { LedgerService } from '../ledger/index.js';
import type { SettingsReader } from '../settings/index.js';
import { findNotificationParty } from '../users/index.js';
import { addToDate, endOfTunisDay, toLicenceSummary } from './licences.lifecycle.js';
import { lifecycleRepository } from './licences.lifecycle.repository.js';
import type {
  LicenceLine,
  LicenceViewer,
  LinesForLicences,
  VideosForLicences,
} from './licences.ports.js';
import { isAdvertiserOf } from './licences.renewal.js';

/** Line states from the approval on: the creator may enter the Spark code (issue 27 §1). */
const APPROVED_STATES = ['approved', 'paid', 'link_submitted', 'link_declined', 'completed'];

type Side = LicencePage['viewer_side'];

function sideOf(caller: LicenceViewer, line: LicenceLine): Side | undefined {
  if (caller.role === 'ADMIN') return 'admin';
  if (caller.role === 'TALENT' && line.influencerUserId === caller.userId) return 'creator';
  if (isAdvertiserOf(caller, line)) return 'advertiser';
  return undefined;
}

async function nameOf(db: Db, userId: number): Promise<string> {
  const party = await findNotificationParty(db, userId);
  if (party?.advertiser) return party.advertiser.name;
  const creator = party?.influencer;
  if (!creator) return '';
  return creator.name || [creator.firstName, creator.lastName].filter(Boolean).join(' ');
}

/**
 * The licence page (issue 27 §1: "the licence terms are a readable page per line") and the
 * creator's Spark code. The line's advertiser, its creator and admins read it; anyone else,
 * and a line without a licence, is a 404.
 */
export function createLicencePages(deps: {
  db: Db;
  ledger: Pick<LedgerService, 'walletBalances'>;
  settings: SettingsReader;
  lines: LinesForLicences;
  videos: VideosForLicences;
  clock: { now(): Date };
}) {
  const { db } = deps;

  async function partyLine(caller: LicenceViewer, lineId: number) {
    const line = await deps.lines.describeLineParties(db, lineId);
    const side = line && sideOf(caller, line);
    if (!line || !side) throw notFound('Licence');
    return { line, side };
  }

  /** `GET /v2/licences/{content_request_influencer_id}`. */
  async function get(caller: LicenceViewer, lineId: number): Promise<LicencePage> {
    const { line, side } = await partyLine(caller, lineId);
    const terms = await lifecycleRepository.termsOf(db, lineId);
    const first = terms[0];
    const latest = terms[terms.length - 1];
    if (!first || !latest) throw notFound('Licence');
    const now = deps.clock.now();
    const renewal30 = await deps.settings.get(db, 'licence_renewal_30_days_basis_points');
    const licence = toLicenceSummary(latest, now, renewal30);
    const video = await deps.videos.latestOf(db, lineId);
    const wallet =
      side === 'advertiser' ? await deps.ledger.walletBalances(db, caller.userId) : null;
    return {
      content_request_influencer_id: lineId,
      reference: line.reference,
      title: line.title,
      advertiser_name: await nameOf(db, line.advertiserUserId),
      creator_name: await nameOf(db, line.influencerUserId),
      viewer_side: side,
      video: video ? { video_id: video.videoId, version: video.version } : null,
      licence,
      exclusivity_days: first.exclusivityDays,
      exclusivity_category_id: first.exclusivityCategoryId,
      terms: terms.map((row) => ({
        term: row.term,
        starts_at: row.startsAt?.toISOString() ?? null,
        expires_at: row.expiresAt?.toISOString() ?? null,
        price: row.term === 1 ? row.basePrice + row.addOnPrice : row.addOnPrice,
        base_price: row.term === 1 ? row.basePrice : null,
        add_on_price: row.term === 1 ? row.addOnPrice : null,
        created_at: row.createdAt.toISOString(),
      })),
      wallet_available: wallet?.available ?? null,
      can_renew: side === 'advertiser' && licence.renewal_price !== null,
      can_edit_spark_code:
        side === 'creator' &&
        latest.channels.includes('spark_ads') &&
        APPROVED_STATES.includes(line.state),
    };
  }

  /**
   * `PUT /v2/licences/{id}/spark-code`: the line's creator, once the video is approved, when
   * the licence includes Spark ads; the code works until the end of `expires_on` in Tunisia,
   * 7 to 365 days from today. It is kept on the current term (a renewal carries it on).
   */
  async function saveSparkCode(
    caller: LicenceViewer,
    lineId: number,
    body: SparkCodeBody,
  ): Promise<LicenceSummary> {
    const { line, side } = await partyLine(caller, lineId);
    if (side !== 'creator') throw notFound('Licence');
    const now = deps.clock.now();
    const today = requestToday(now);
    if (
      body.expires_on < addToDate(today, { days: SPARK_CODE_MIN_DAYS }) ||
      body.expires_on > addToDate(today, { days: SPARK_CODE_MAX_DAYS })
    ) {
      throw new AppError('VALIDATION_FAILED', sparkCodeMessages.expiryOutOfRange, [
        { field: 'expires_on', message: sparkCodeMessages.expiryOutOfRange },
      ]);
    }
    return inTransaction(db, async (tx) => {
      const latest = await lifecycleRepository.lockLatest(tx, lineId);
      if (!latest) throw notFound('Licence');
      if (!latest.channels.includes('spark_ads') || !APPROVED_STATES.includes(line.state)) {
        throw new AppError(
          'SPARK_CODE_NOT_ALLOWED',
          latest.channels.includes('spark_ads')
            ? 'The Spark code can be entered once the video is approved.'
            : 'This licence does not include Spark ads: there is no code to enter.',
        );
      }
      const sparkCodeExpiresAt = endOfTunisDay(body.expires_on);
      await lifecycleRepository.update(tx, latest.id, {
        sparkCode: body.code,
        sparkCodeExpiresAt,
      });
      const renewal30 = await deps.settings.get(tx, 'licence_renewal_30_days_basis_points');
      return toLicenceSummary(
        { ...latest, sparkCode: body.code, sparkCodeExpiresAt },
        now,
        renewal30,
      );
    });
  }

  return { get, saveSparkCode };
}

export type LicencePages = ReturnType<typeof createLicencePages>;
