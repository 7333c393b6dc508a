import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.js';
import type { LedgerEvents } from './ledger.events.js';
import { createLedgerRoutes } from './ledger.routes.js';
import { createLedgerService } from './ledger.service.js';

/** The wallet and earnings accounts of a person, for the postings of other modules. */
export { earningsOf, walletOf } from './ledger.service.js';

export type { LedgerEvents } from './ledger.events.js';
export type {
  Posting,
  PostedTransaction,
  LedgerService,
  WalletBalances,
  AdvertiserSpending,
} from './ledger.service.js';

/**
 * The ledger (ADR 014): double-entry accounts in millimes, balanced immutable transactions,
 * holds; the only way money moves. Other modules call `service` inside their transactions;
 * admins read the overview (`routes`).
 */
export function createLedgerModule(deps: {
  db: Db;
  events: EventBus<LedgerEvents>;
  jobs: JobQueue;
  /** Counts the transactions posted (metrics). */
  onPosted?: (kind: string) => void;
}) {
  const service = createLedgerService({ onPosted: deps.onPosted });

  /** Reconciles the books; on any difference, tells admins (the event's handlers). */
  async function checkBooks(db: DbOrTx = deps.db) {
    const report = await service.reconcile(db);
    if (!report.isBalanced) {
      await deps.events.emit(db, 'ledger.out-of-balance', {
        accountIds: report.accounts.map((a) => a.accountId),
        transactionIds: report.transactions.map((t) => t.transactionId),
        checkedAt: new Date().toISOString(),
      });
    }
    return report;
  }

  // Every hour: cached balances against the sums of entries, transactions against zero.
  deps.jobs.register(
    defineJob<object>({
      name: 'ledger-reconciliation',
      cron: '17 * * * *',
      retryLimit: 2,
      handle: async () => {
        await checkBooks();
      },
    }),
  );

  return { routes: createLedgerRoutes({ db: deps.db, service }), service, checkBooks };
}
