import type { LicenceRenewBody, LicenceSummary } from '@clipmarket/contracts/licence-lifecycle';
import { formatMoney } from '@clipmarket/contracts/money-format';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { labelledItem, priceOrder } from '../checkout/index.js';
import { earningsOf, walletOf, type LedgerService } from '../ledger/index.js';
import type { SettingsReader } from '../settings/index.js';
import type { LicencesEvents } from './licences.events.js';
import { expiryOf, licenceStateOf, toLicenceSummary } from './licences.lifecycle.js';
import { lifecycleRepository } from './licences.lifecycle.repository.js';
import type {
  InvoicesForLicences,
  LicenceLine,
  LicenceViewer,
  LinesForLicences,
  PayoutsForLicences,
} from './licences.ports.js';
import { renewalPriceOf } from './licences.renewal-price.js';

/** The invoice kind of a renewal: one invoice per renewed term (its `line_licences` id). */
export const LICENCE_RENEWAL_INVOICE_KIND = 'licence_renewal';

/** The payout of a renewal's earning: one per renewed term. */
export const renewalPayoutKey = (lineId: number, term: number) => `line:${lineId}:licence:${term}`;

export const isAdvertiserOf = (caller: LicenceViewer, line: LicenceLine) =>
  (caller.role === 'BRAND' || caller.role === 'AGENCY') && line.advertiserUserId === caller.userId;

/**
 * One-click paid renewal of a line's licence (issue 27 §1, ADR 046): the same terms for the
 * same duration, priced by `renewalPriceOf`, paid from the advertiser's wallet only, in one
 * transaction: the latest term locked, one balanced ledger transaction (wallet → the creator's
 * earnings, collected on the creator's behalf like the content fee: no VAT, no stamp) under an
 * idempotency key per term, the next term (starting at the current end if it has not passed,
 * else now), the creator's payout scheduled, the invoice issued, the creator told.
 *
 * Two clicks renew once: the body names the term being renewed; under the row lock, a term
 * renewed meanwhile answers the licence as it is (`renewed: false`), nothing charged twice.
 */
export function createLicenceRenewal(deps: {
  db: Db;
  ledger: Pick<LedgerService, 'post' | 'walletBalances'>;
  settings: SettingsReader;
  events: EventEmitter<LicencesEvents>;
  lines: LinesForLicences;
  payouts: PayoutsForLicences;
  invoices: InvoicesForLicences;
  clock: { now(): Date };
}) {
  const { db, ledger } = deps;

  async function renew(
    caller: LicenceViewer,
    lineId: number,
    body: LicenceRenewBody,
  ): Promise<{ renewed: boolean; licence: LicenceSummary }> {
    const line = await deps.lines.describeLineParties(db, lineId);
    if (!line || !isAdvertiserOf(caller, line)) throw notFound('Licence');
    return inTransaction(db, async (tx) => {
      const latest = await lifecycleRepository.lockLatest(tx, lineId);
      if (!latest) throw notFound('Licence');
      const now = deps.clock.now();
      const renewal30 = await deps.settings.get(tx, 'licence_renewal_30_days_basis_points');
      if (latest.term > body.term) {
        return { renewed: false, licence: toLicenceSummary(latest, now, renewal30) };
      }
      if (latest.term < body.term) {
        throw new AppError('VALIDATION_FAILED', `Term ${body.term} does not exist yet`, [
          { field: 'term', message: `The current term is ${latest.term}` },
        ]);
      }
      const state = licenceStateOf(latest, now);
      const priced =
        state === 'active' || state === 'expired' ? renewalPriceOf(latest, renewal30) : null;
      if (!priced) {
        throw new AppError(
          'LICENCE_NOT_RENEWABLE',
          state === 'perpetual'
            ? 'A perpetual licence never ends: there is nothing to renew.'
            : 'The licence starts when the content fee is paid: it cannot be renewed before.',
        );
      }
      const { available } = await ledger.walletBalances(tx, caller.userId);
      if (available < priced.price) {
        const missing = priced.price - available;
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `Your wallet is ${formatMoney(missing, 'en')} short of this renewal (${formatMoney(priced.price, 'en')}): top it up, then renew.`,
          [{ field: 'missing_amount', message: String(missing) }],
        );
      }
      const term = latest.term + 1;
      const startsAt = state === 'active' ? latest.expiresAt! : now;
      const posted =
        priced.price > 0
          ? await ledger.post(tx, {
              idempotencyKey: `line:${lineId}:licence-term:${term}`,
              kind: 'licence-renewal.paid',
              postings: [
                { account: walletOf(line.advertiserUserId), amount: -priced.price },
                { account: earningsOf(line.influencerUserId), amount: priced.price },
              ],
              reference: {
                ...(line.source.kind === 'content-request'
                  ? { content_request_id: line.source.id }
                  : { content_opportunity_id: line.source.id }),
                content_request_influencer_id: lineId,
                licence_term: term,
              },
            })
          : null;
      const renewed = await lifecycleRepository.insertTerm(tx, {
        lineId,
        term,
        channels: latest.channels,
        duration: latest.duration,
        territory: latest.territory,
        // Exclusivity ran once from the licence's start: a renewal does not buy it again.
        exclusivityDays: 0,
        exclusivityCategoryId: null,
        basePrice: latest.basePrice,
        // A renewal's whole price (its base is the reference it was computed from).
        addOnPrice: priced.price,
        rates: latest.rates,
        startsAt,
        expiresAt: expiryOf(startsAt, latest.duration),
        sparkCode: latest.sparkCode,
        sparkCodeExpiresAt: latest.sparkCodeExpiresAt,
        ledgerTransactionId: posted?.transaction.id ?? null,
      });
      if (priced.price > 0) {
        await deps.payouts.schedule(tx, {
          creatorUserId: line.influencerUserId,
          amount: priced.price,
          sourceKey: renewalPayoutKey(lineId, term),
          source: {
            content_request_influencer_id: lineId,
            reference: line.reference,
            title: line.title,
          },
          paidAt: now,
        });
      }
      await deps.invoices.issue(tx, {
        ownerUserId: line.advertiserUserId,
        purchaseKind: LICENCE_RENEWAL_INVOICE_KIND,
        purchaseId: renewed.id,
        order: priceOrder({
          items: [
            labelledItem(
              { code: 'licence_renewal', params: { reference: line.reference, title: line.title } },
              { quantity: 1, unitAmount: priced.price },
            ),
          ],
          rates: { vatRateBasisPoints: 0, fiscalStampMillimes: 0 },
        }),
        paidAt: now,
      });
      await deps.events.emit(tx, 'licence.renewed', {
        lineId,
        term,
        expiresAt: renewed.expiresAt?.toISOString() ?? null,
        price: priced.price,
        advertiserUserId: line.advertiserUserId,
        creatorUserId: line.influencerUserId,
      });
      return { renewed: true, licence: toLicenceSummary(renewed, now, renewal30) };
    });
  }

  return { renew };
}

export type LicenceRenewal = ReturnType<typeof createLicenceRenewal>;
