import type { LicenceRates, LicenceTerms } from '@clipmarket/contracts/licences';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { SettingsReader } from '../settings/index.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import type { Idempotency } from '../../platform/http/idempotency.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { LedgerService } from '../ledger/index.js';
import type { LicencesEvents } from './licences.events.js';
import { createLicenceExpiry } from './licences.expiry.js';
import { expiredLicenceOf } from './licences.lifecycle.js';
import { createLicencePages } from './licences.page.js';
import { createLicencePageRoutes } from './licences.page-routes.js';
import type {
  InvoicesForLicences,
  LinesForLicences,
  PayoutsForLicences,
  VideosForLicences,
} from './licences.ports.js';
import { createLicenceRenewal } from './licences.renewal.js';
import { businessSectorOfAdvertiser } from '../users/index.js';
import { priceLicence } from './licences.pricing.js';
import { createLicenceRatesService } from './licences.rates.js';
import { licencesRepository, type LineLicenceTerm } from './licences.repository.js';
import { createLicenceRatesRoutes } from './licences.routes.js';

export {
  addOnsOf,
  priceLicence,
  type CompleteLicenceRates,
  type LicenceBreakdownLine,
  type LicencePrice,
} from './licences.pricing.js';
export type { LineLicenceTerm } from './licences.repository.js';
export type { LicenceRatesService } from './licences.rates.js';

/**
 * Term 1 of a line's licence, bought with the video: frozen in the transaction that creates
 * the line (a request's sending, an opportunity's accepted application) with the terms, the
 * creator's base price, the add-ons' price and the rates used. Idempotent per line.
 */
export async function freezeFirstTerm(
  tx: DbOrTx,
  input: {
    lineId: number;
    terms: LicenceTerms;
    basePrice: number;
    rates: LicenceRates;
    exclusivityCategoryId: number | null;
    /** Millimes; computed from terms, rates and base price when absent. */
    addOnPrice?: number;
  },
): Promise<void> {
  const addOnPrice =
    input.addOnPrice ?? priceLicence(input.terms, input.rates, input.basePrice).addOnPrice;
  await licencesRepository.insertFirstTerm(tx, { ...input, addOnPrice });
}

/** Term 1 of each of these lines, bought with the video (lines without a licence are absent). */
export function firstTermsOf(
  q: DbOrTx,
  lineIds: readonly number[],
): Promise<Map<number, LineLicenceTerm>> {
  return licencesRepository.latestTerms(q, lineIds, true);
}

/** The latest term of each of these lines (lines without a licence are absent). */
export function licenceTermsOf(
  q: DbOrTx,
  lineIds: readonly number[],
): Promise<Map<number, LineLicenceTerm>> {
  return licencesRepository.latestTerms(q, lineIds);
}

/**
 * Usage licences (issue 27 §1). Owns `creator_licence_rates` and `line_licences`. Part A
 * (pricing): creators' rates (`GET/PUT /v2/influencer/licence-rates`), `ratesOf` (batched, own
 * over suggested), `priceLicence` (pure), `freezeFirstTerm` (in the caller's transaction).
 */
export function createLicencesModule(deps: { db: Db; settings: SettingsReader }) {
  const rates = createLicenceRatesService(deps);
  return {
    routes: createLicenceRatesRoutes(rates),
    /** `ratesOf(q, influencerIds)`: each creator's complete rates (basis points per add-on). */
    ratesOf: rates.ratesOf,
    /** The suggested rates of the business settings. */
    suggestedRates: rates.suggestedRates,
    freezeFirstTerm,
    licenceTermsOf,
    firstTermsOf,
    /** The category a licence's exclusivity covers: the advertiser's business sector, or null. */
    exclusivityCategoryOf: businessSectorOfAdvertiser,
    rates,
  };
}

export type LicencesModule = ReturnType<typeof createLicencesModule>;

// ---- Part B: the licence once bought (start, expiry, renewal, Spark code, page) ----

export type { LicencesEvents } from './licences.events.js';
export type {
  InvoicesForLicences,
  LicenceLine,
  LinesForLicences,
  PayoutsForLicences,
  VideosForLicences,
} from './licences.ports.js';
/**
 * For content-requests: `startFirstTerm` in the content fee's paying transaction, the delivery
 * view's `licenceSummaryOf`; for content-videos (through app.ts): the HD gate `expiredLicenceOf`.
 */
export {
  expiredLicenceOf,
  expiryOf,
  licenceSummaryOf,
  startFirstTerm,
} from './licences.lifecycle.js';
export { renewalPriceOf } from './licences.renewal-price.js';

/**
 * Part B (issue 27 §1, ADR 046): the licence page `GET /v2/licences/{id}`, the advertiser's
 * renewal (`POST …/renew`, wallet only), the creator's Spark code (`PUT …/spark-code`) and the
 * hourly expiry job (reminders 14 and 3 days before, the end marked and told). Built after
 * payouts and invoices; `clock` is the one clock of its reads and job (tests move it).
 */
export function createLicenceLifecycleModule(deps: {
  db: Db;
  settings: SettingsReader;
  events: EventEmitter<LicencesEvents>;
  jobs: JobQueue;
  ledger: Pick<LedgerService, 'post' | 'walletBalances'>;
  lines: LinesForLicences;
  payouts: PayoutsForLicences;
  invoices: InvoicesForLicences;
  videos: VideosForLicences;
  idempotency: Idempotency;
  log: Logger;
}) {
  const clock = { now: () => new Date() };
  const renewal = createLicenceRenewal({ ...deps, clock });
  const pages = createLicencePages({ ...deps, clock });
  const expiry = createLicenceExpiry({ ...deps, clock });
  return {
    routes: createLicencePageRoutes(pages, renewal, deps.idempotency),
    clock,
    renewal,
    pages,
    expiry,
    /** The HD gate at this module's clock: the passed expiry of the line's licence, or null. */
    expiredLicenceOf: (q: DbOrTx, lineId: number) => expiredLicenceOf(q, lineId, clock.now()),
  };
}

export type LicenceLifecycleModule = ReturnType<typeof createLicenceLifecycleModule>;
