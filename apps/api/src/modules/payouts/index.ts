import type { Db } from '../../platform/db/client.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { LedgerService } from '../ledger/index.js';
import type { SettingsReader } from '../settings/index.js';
import type { PayoutsEvents } from './payouts.events.js';
import { createPayoutsRoutes } from './payouts.routes.js';
import { createPayoutsService, type DescribePayoutAccounts } from './payouts.service.js';

export type { PayoutsEvents } from './payouts.events.js';
export type { PayoutsService, ScheduleInput } from './payouts.service.js';

/**
 * Creator payouts (issue 11 §6): `/track-deposits` for creators, `/admin/payouts` for admins.
 * Content requests call `schedule` in the transaction that pays a line (and `payoutOfSource` to
 * show the expected payout date); marking a payout paid (`payoutProcess`, audited) is one ledger
 * transaction.
 */
export function createPayoutsModule(deps: {
  db: Db;
  workflow: Workflow;
  ledger: LedgerService;
  settings: SettingsReader;
  events: EventEmitter<PayoutsEvents>;
  describePayoutAccounts: DescribePayoutAccounts;
  supportEmail: string;
}) {
  const service = createPayoutsService(deps);
  return {
    routes: createPayoutsRoutes(service),
    service,
    /** For content requests (their `PayoutsForRequests` port): in the paying transaction, idempotent per `sourceKey`. */
    schedule: service.schedule,
    /** For content requests: the expected payout of a line's earning. */
    payoutOfSource: service.payoutOfSource,
  };
}
