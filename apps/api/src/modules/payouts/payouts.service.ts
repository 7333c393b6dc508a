import type { z } from 'zod';
import type {
  AdminPayout,
  adminPayoutListQuerySchema,
  Payout,
  payoutListQuerySchema,
  PayoutStatus,
} from '@clipmarket/contracts/payouts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { LedgerService } from '../ledger/index.js';
import type { SettingsReader } from '../settings/index.js';
import type { PayoutAccount } from '../users/index.js';
import { bankCsv, d17Csv, type PayoutCsvLine } from './payouts.csv.js';
import { payoutProcess } from '@clipmarket/contracts/workflows/payout';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { PayoutsEvents } from './payouts.events.js';
import { payoutsRepository as repo, type PayoutRow } from './payouts.repository.js';

export interface ScheduleInput {
  creatorUserId: number;
  amount: number;
  /** Unique per earning (`line:42`): scheduling it again answers the same payout. */
  sourceKey: string;
  /** What the earning is for; `reference` is the line's public one (`CR-000010-1`). */
  source: { content_request_influencer_id: number; reference: string; title: string };
  /** When the advertiser paid: the payout is due `creator_payout_delay_days` later. */
  paidAt: Date;
}

export type DescribePayoutAccounts = (
  db: DbOrTx,
  userIds: readonly number[],
) => Promise<Map<number, PayoutAccount>>;

const DAY_MS = 86_400_000;

function toPayout(row: PayoutRow): Payout {
  return {
    payout_id: row.id,
    amount: row.amount,
    status: row.status,
    due_at: row.dueAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    reference: row.reference,
    content_request_influencer_id: row.source?.content_request_influencer_id ?? null,
    line_reference: row.source?.reference ?? null,
    title: row.source?.title ?? '',
    created_at: row.createdAt.toISOString(),
  };
}

function toAdminPayout(row: PayoutRow, account: PayoutAccount | undefined, now: Date): AdminPayout {
  return {
    ...toPayout(row),
    creator: {
      user_id: row.creatorUserId,
      name: account?.name ?? '',
      email: account?.email ?? '',
      payment_method: account?.method ?? null,
      account_number: account?.accountNumber ?? null,
    },
    is_due: row.status === 'pending' && row.dueAt <= now,
    batch_id: row.batchId,
  };
}

/** The lines of a batch's files: the payouts whose creator has a number for that method. */
function csvLines(
  rows: readonly PayoutRow[],
  accounts: Map<number, PayoutAccount>,
  method: 'bank' | 'd17',
): PayoutCsvLine[] {
  return rows.flatMap((row) => {
    const account = accounts.get(row.creatorUserId);
    if (account?.method !== method || !account.accountNumber) return [];
    return [
      {
        payoutId: row.id,
        name: account.name,
        accountNumber: account.accountNumber,
        email: account.email,
        amount: row.amount,
      },
    ];
  });
}

/**
 * Creator payouts (issue 11 §6). Content requests schedule one per paid line (its earnings are
 * already in the creator's `creator_earnings` account); creators follow them on
 * `/track-deposits`; admins export what is due for the bank and D17, make the transfers, and
 * mark each payout paid: one ledger transaction from the creator's earnings to `payouts_sent`.
 * Bank and D17 numbers are private: only the creator's own `has_payment_details` and admins.
 */
export function createPayoutsService(deps: {
  db: Db;
  workflow: Workflow;
  ledger: LedgerService;
  settings: SettingsReader;
  events: EventEmitter<PayoutsEvents>;
  describePayoutAccounts: DescribePayoutAccounts;
  supportEmail: string;
}) {
  const { db, ledger, settings, events, describePayoutAccounts } = deps;

  // Payouts follow `payoutProcess`: the engine checks the admin and the state and writes the audit.
  deps.workflow.register(payoutProcess, {
    async lock(tx, payoutId) {
      const payout = await repo.lock(tx, payoutId);
      return payout && { state: payout.status, version: payout.version, ownerUserId: null };
    },
    async save(tx, payoutId, next) {
      await repo.saveState(tx, payoutId, { status: next.state, version: next.version });
    },
  });

  /** In the paying transaction: the payout of one earning, once whatever the retries. */
  async function schedule(
    tx: Tx,
    input: ScheduleInput,
  ): Promise<{ payoutId: number; dueAt: Date }> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new Error(`A payout is a positive number of millimes, got ${input.amount}`);
    }
    const delayDays = await settings.get(tx, 'creator_payout_delay_days');
    await repo.insertOnce(tx, {
      creatorUserId: input.creatorUserId,
      amount: input.amount,
      source: input.source,
      sourceKey: input.sourceKey,
      dueAt: new Date(input.paidAt.getTime() + delayDays * DAY_MS),
    });
    const row = (await repo.findBySourceKey(tx, input.sourceKey))!;
    if (row.creatorUserId !== input.creatorUserId || row.amount !== input.amount) {
      throw new Error(`Payout ${input.sourceKey} was scheduled for another creator or amount`);
    }
    return { payoutId: row.id, dueAt: row.dueAt };
  }

  async function payoutOfSource(
    dbOrTx: DbOrTx,
    sourceKey: string,
  ): Promise<{ dueAt: Date; status: PayoutStatus; paidAt: Date | null } | undefined> {
    const row = await repo.findBySourceKey(dbOrTx, sourceKey);
    return row && { dueAt: row.dueAt, status: row.status, paidAt: row.paidAt };
  }

  /** `GET /v2/payouts`: the creator's totals, their payouts (newest first) and how they are paid. */
  async function listForCreator(
    creatorUserId: number,
    query: z.infer<typeof payoutListQuerySchema>,
  ) {
    const [rows, totals, accounts, delayDays] = await Promise.all([
      repo.list(db, {
        creatorUserId,
        filter: query.status,
        before: query.before,
        limit: query.limit + 1,
        now: new Date(),
      }),
      repo.totalsOfCreator(db, creatorUserId),
      describePayoutAccounts(db, [creatorUserId]),
      settings.get(db, 'creator_payout_delay_days'),
    ]);
    const page = rows.slice(0, query.limit);
    const method = accounts.get(creatorUserId)?.method ?? null;
    return {
      pending_total: totals.pending,
      paid_total: totals.paid,
      has_payment_details: method !== null,
      payment_method: method,
      support_email: deps.supportEmail,
      payout_delay_days: delayDays,
      items: page.map(toPayout),
      next_before: rows.length > query.limit ? page.at(-1)!.id : null,
    };
  }

  /** What is due now, per payment method of the creators (`missing`: no number to pay to). */
  async function dueTotals(now: Date) {
    const due = await repo.dueByCreator(db, now);
    const accounts = await describePayoutAccounts(
      db,
      due.map((d) => d.creatorUserId),
    );
    const totals = { bank: 0, d17: 0, missing: 0 };
    for (const { creatorUserId, total } of due) {
      totals[accounts.get(creatorUserId)?.method ?? 'missing'] += total;
    }
    return totals;
  }

  async function listForAdmin(query: z.infer<typeof adminPayoutListQuerySchema>) {
    const now = new Date();
    const rows = await repo.list(db, {
      filter: query.filter,
      before: query.before,
      limit: query.limit + 1,
      now,
    });
    const page = rows.slice(0, query.limit);
    const accounts = await describePayoutAccounts(
      db,
      page.map((r) => r.creatorUserId),
    );
    return {
      data: page.map((row) => toAdminPayout(row, accounts.get(row.creatorUserId), now)),
      next_before: rows.length > query.limit ? page.at(-1)!.id : null,
      due_totals: await dueTotals(now),
    };
  }

  /**
   * Gathers every due payout not in a batch yet whose creator has a bank or D17 number into a
   * new batch and answers its files. Payouts without details stay out (the due totals count
   * them as `missing`) and join a later batch once the creator adds a number.
   */
  async function createBatch(adminUserId: number) {
    return inTransaction(db, async (tx) => {
      const due = await repo.lockUnbatchedDue(tx, new Date());
      const accounts = await describePayoutAccounts(
        tx,
        due.map((r) => r.creatorUserId),
      );
      const payable = due.filter((row) => accounts.get(row.creatorUserId)?.method);
      if (payable.length === 0) {
        throw new AppError(
          'INVALID_TRANSITION',
          'No payout is due with payment details: there is nothing to export.',
        );
      }
      const batch = await repo.insertBatch(tx, adminUserId);
      await repo.setBatch(
        tx,
        payable.map((r) => r.id),
        batch.id,
      );
      return {
        batch_id: batch.id,
        payout_ids: payable.map((r) => r.id),
        total: payable.reduce((sum, r) => sum + r.amount, 0),
        bank_csv: bankCsv(csvLines(payable, accounts, 'bank')),
        d17_csv: d17Csv(csvLines(payable, accounts, 'd17')),
      };
    });
  }

  /** A batch's file made again from its payouts (the creators' numbers as they are now). */
  async function batchFile(batchId: number, method: 'bank' | 'd17'): Promise<string> {
    const batch = await repo.findBatch(db, batchId);
    if (!batch) throw notFound('Payout batch');
    const rows = await repo.listOfBatch(db, batchId);
    const accounts = await describePayoutAccounts(
      db,
      rows.map((r) => r.creatorUserId),
    );
    const lines = csvLines(rows, accounts, method);
    return method === 'bank' ? bankCsv(lines) : d17Csv(lines);
  }

  /**
   * The transfer was made: in one transaction the payout takes `mark_paid` (audited), the
   * creator's earnings go to `payouts_sent` (key `payout:<id>`: once, whatever the retries; the ledger refuses earnings
   * going below zero) and the payout is paid, with the `payout.paid` event. Only a due payout
   * of an exported batch can be paid (`PAYOUT_NOT_DUE`, `PAYOUT_NOT_EXPORTED`). Marking it again
   * with the same reference answers the same payout (a retried request); with another, 409.
   */
  async function markPaid(
    adminUserId: number,
    payoutId: number,
    reference: string,
  ): Promise<AdminPayout> {
    const row = await inTransaction(db, async (tx) => {
      const payout = await repo.lock(tx, payoutId);
      if (!payout) throw notFound('Payout');
      if (payout.status === 'paid') {
        if (payout.reference === reference) return payout;
        throw new AppError(
          'INVALID_TRANSITION',
          `This payout was already marked paid (reference ${payout.reference ?? ''}).`,
        );
      }
      // A transfer is made from an exported batch of due payouts: nothing else can be paid.
      if (payout.dueAt.getTime() > Date.now()) {
        throw new AppError(
          'PAYOUT_NOT_DUE',
          `This payout is due on ${payout.dueAt.toISOString().slice(0, 10)}: it cannot be paid before.`,
        );
      }
      if (payout.batchId === null) {
        throw new AppError(
          'PAYOUT_NOT_EXPORTED',
          'This payout is in no exported batch yet: export the batch, make the transfer, then mark it paid.',
        );
      }
      await deps.workflow.apply(tx, {
        process: payoutProcess,
        subjectId: payout.id,
        transition: 'mark_paid',
        actor: { role: 'ADMIN', userId: adminUserId },
        reason: reference,
      });
      const { transaction } = await ledger.post(tx, {
        idempotencyKey: `payout:${payout.id}`,
        kind: 'payout.sent',
        postings: [
          {
            account: { kind: 'creator_earnings', ownerUserId: payout.creatorUserId },
            amount: -payout.amount,
          },
          { account: { kind: 'payouts_sent' }, amount: payout.amount },
        ],
        reference: { payout: payout.id, reference },
      });
      const paid = await repo.recordTransfer(tx, payout.id, {
        reference,
        paidAt: new Date(),
        paidByUserId: adminUserId,
        ledgerTransactionId: transaction.id,
      });
      await events.emit(tx, 'payout.paid', {
        payoutId: paid.id,
        creatorUserId: paid.creatorUserId,
        amount: paid.amount,
        reference,
        contentRequestInfluencerId: paid.source?.content_request_influencer_id ?? null,
      });
      return paid;
    });
    const accounts = await describePayoutAccounts(db, [row.creatorUserId]);
    return toAdminPayout(row, accounts.get(row.creatorUserId), new Date());
  }

  return {
    schedule,
    payoutOfSource,
    listForCreator,
    listForAdmin,
    createBatch,
    batchFile,
    markPaid,
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
