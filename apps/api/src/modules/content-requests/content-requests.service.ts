import type { z } from 'zod';
import type { creatorLineListQuerySchema } from '@clipmarket/contracts/content-requests';
import { statesOfFilter } from '@clipmarket/contracts/workflows/content-request-line';
import { opportunityContentStatesByFilter } from '@clipmarket/contracts/workflows/opportunity-application';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { LedgerService } from '../ledger/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { SettingsReader } from '../settings/index.js';
import { createCheckout } from './content-requests.checkout.js';
import { createDrafts } from './content-requests.drafts.js';
import type { ContentRequestsEvents } from './content-requests.events.js';
import { deliveryLines } from './content-requests.delivery-lines.js';
import { createLineProcess } from './content-requests.line-process.js';
import { createLineSteps } from './content-requests.lines.js';
import type {
  Caller,
  CreatorPricesForRequests,
  LicencesForRequests,
  InvoicesForRequests,
  MediaForRequests,
  PromoCodesForRequests,
  UsersForRequests,
} from './content-requests.ports.js';
import { contentRequestsRepository as repository } from './content-requests.repository.js';
import { setLineInspiration } from './content-requests.inspiration.js';
import { setLineShowcase } from './content-requests.showcase.js';
import { createRequestViews } from './content-requests.views.js';
import {
  createDeliveryView,
  type PayoutsForRequests,
  type VideosForRequests,
} from './delivery/index.js';

export type { Caller } from './content-requests.ports.js';
export { CONTENT_REQUEST_PURPOSE } from './content-requests.checkout.js';

/**
 * Content requests (issue 10 §2–§8), assembled from their parts: the line process and its
 * timers (`line-process`), drafts (`drafts`), the checkout and sending (`checkout`), the views
 * (`views`) and the parties' steps (`lines`). Each part is a factory taking what it needs.
 */
export function createContentRequestsService(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<ContentRequestsEvents>;
  jobs: JobQueue;
  ledger: LedgerService;
  payments: PaymentsService;
  settings: SettingsReader;
  promoCodes: PromoCodesForRequests;
  invoices: InvoicesForRequests;
  users: UsersForRequests;
  media: MediaForRequests;
  creatorPrices: CreatorPricesForRequests;
  licences: LicencesForRequests;
  videos: VideosForRequests;
  payouts: PayoutsForRequests;
  webUrl: string;
  log: Logger;
}) {
  const { db, settings } = deps;
  const lineProcess = createLineProcess(deps);
  const views = createRequestViews({ ...deps, deliveryOf: createDeliveryView(deps) });
  const drafts = createDrafts({ ...deps, views });
  const checkout = createCheckout({ ...deps, drafts, views, lineProcess });
  const steps = createLineSteps({ ...deps, views });

  return {
    async limits() {
      return {
        creators_per_request_max: await settings.get(db, 'creators_per_request_max'),
        script_max_length: await settings.get(db, 'script_max_length'),
        platform_fee: await settings.get(db, 'platform_fee_millimes'),
        acceptance_window_hours: await settings.get(db, 'acceptance_window_hours'),
      };
    },
    create: drafts.create,
    update: drafts.update,
    remove: drafts.remove,
    get: drafts.get,
    list: drafts.list,
    quote: checkout.quote,
    checkout: checkout.checkout,

    async listCreatorLines(caller: Caller, query: z.infer<typeof creatorLineListQuerySchema>) {
      const opportunities = query.source === 'opportunity';
      const rows = await repository.linesOfCreator(db, caller.userId, {
        source: query.source,
        states: opportunities
          ? query.content_filter === 'all'
            ? null
            : opportunityContentStatesByFilter[query.content_filter]
          : statesOfFilter(query.filter ?? 'all'),
        before: query.before,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      return {
        data: await views.toCreatorLines(db, page),
        next_before: rows.length > query.limit ? page.at(-1)!.id : null,
      };
    },

    getLine: (caller: Caller, lineId: number) => views.lineView(db, caller, lineId),
    /** Issue 25: the line's advertiser allows (or stops allowing) showing its video; the line after. */
    async setShowcase(caller: Caller, lineId: number, allowed: boolean) {
      await setLineShowcase(db, caller, lineId, allowed);
      return views.lineView(db, caller, lineId);
    },
    /** Issue 25 §3: the line's creator allows (or stops allowing) Get inspired; the line after. */
    async setInspiration(caller: Caller, lineId: number, allowed: boolean) {
      await setLineInspiration(db, caller, lineId, allowed);
      return views.lineView(db, caller, lineId);
    },
    submitVideo: steps.submitVideo,
    transition: steps.transition,
    /** Calls `hook` in the transaction of every line entering a state (after the module's own work). */
    onLineEntered: lineProcess.onEntered,
  };
}

export type ContentRequestsService = ReturnType<typeof createContentRequestsService>;

/** Who a line's notifications are about (notification handlers). */
export async function describeLineParties(q: DbOrTx, lineId: number, options?: { lock?: Tx }) {
  // Reviews (issue 27 §2) lock the line while writing, so both sides' reviews meet in order.
  const line = options?.lock
    ? await repository.lockLine(options.lock, lineId)
    : await repository.findLine(q, lineId);
  if (!line) return undefined;
  const { source, title } = await deliveryLines.describe(q, lineId);
  return {
    lineId: line.id,
    /** Null for an opportunity's line. */
    contentRequestId: line.contentRequestId,
    source,
    /** The line's public reference, `CR-000010-1` (`OP-000010-1`). */
    reference: source.reference,
    title,
    advertiserUserId: line.advertiserUserId,
    influencerUserId: line.influencerUserId,
    state: line.state,
    /** The content fee was reserved at sending: an approval captures it, nobody pays again. */
    feeReserved: line.holdId !== null,
  };
}
