import {
  ledgerAccountKinds,
  type LedgerAccountKind,
  type LedgerAccountRef,
} from '@clipmarket/contracts/ledger';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { afterCommit, inTransaction, readAll } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import {
  ledgerRepository as repository,
  type LedgerEntryRow,
  type LedgerHoldRow,
  type LedgerTransactionRow,
} from './ledger.repository.js';

/** One side of a movement: `amount` millimes added to (positive) or taken from the account. */
export interface Posting {
  account: LedgerAccountRef;
  amount: number;
}

export interface PostInput {
  /** Unique per movement: posting again with it returns the first transaction. */
  idempotencyKey: string;
  /** What kind of movement it is (`wallet.top-up`, `hold.reserve`, …), for people and audits. */
  kind: string;
  postings: readonly Posting[];
  reference?: Record<string, string | number>;
  reversesTransactionId?: number;
}

export interface PostedTransaction {
  transaction: LedgerTransactionRow;
  entries: LedgerEntryRow[];
  /** True when the key had been used already and this is the first result, unchanged. */
  replayed: boolean;
}

export interface HoldInput {
  idempotencyKey: string;
  ownerUserId: number;
  amount: number;
  reference?: Record<string, string | number>;
}

export interface SettleInput {
  holdId: number;
  idempotencyKey: string;
  /** Where the captured money goes; the rest of the hold returns to the wallet. Empty: release. */
  captures: Posting[];
}

export interface WalletBalances {
  /** Available + reserved: everything the advertiser has with Clipmarket. */
  balance: number;
  reserved: number;
  available: number;
}

const accountKey = (ref: LedgerAccountRef) => `${ref.kind}:${ref.ownerUserId ?? ''}`;

/** A person's account (cached, locked, never negative), not one of the platform's. */
const isPersonal = (ref: LedgerAccountRef) => ledgerAccountKinds[ref.kind].owner === 'user';

function ownerOf(ref: LedgerAccountRef): number | null {
  if (isPersonal(ref) !== (ref.ownerUserId != null)) {
    throw new Error(`Account ${ref.kind} ${isPersonal(ref) ? 'needs' : 'takes no'} owner`);
  }
  return ref.ownerUserId ?? null;
}

/**
 * Sums the postings per account (two postings to one account become one entry) and checks
 * what code must never get wrong: whole millimes, a zero sum, at least two accounts. These
 * are programming errors, not user mistakes: they throw plain errors (a 500 and a log).
 */
function mergePostings(postings: readonly Posting[]): Posting[] {
  const byAccount = new Map<string, Posting>();
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount)) {
      throw new Error(`Ledger amounts are whole millimes, got ${posting.amount}`);
    }
    ownerOf(posting.account);
    const key = accountKey(posting.account);
    const existing = byAccount.get(key);
    byAccount.set(key, {
      account: posting.account,
      amount: (existing?.amount ?? 0) + posting.amount,
    });
  }
  const merged = [...byAccount.values()].filter((p) => p.amount !== 0);
  const sum = merged.reduce((total, p) => total + p.amount, 0);
  if (sum !== 0) throw new Error(`Ledger postings must sum to zero, got ${sum}`);
  if (merged.length < 2) throw new Error('A ledger transaction moves money between two accounts');
  return merged;
}

/** The same movement, whatever the order of its postings: compared on a replayed key. */
function fingerprint(kind: string, postings: Posting[]): string {
  return JSON.stringify([kind, postings.map((p) => `${accountKey(p.account)}=${p.amount}`).sort()]);
}

/** A person's accounts the other modules post to. */
export const walletOf = (ownerUserId: number): LedgerAccountRef => ({
  kind: 'advertiser_wallet',
  ownerUserId,
});
export const earningsOf = (ownerUserId: number): LedgerAccountRef => ({
  kind: 'creator_earnings',
  ownerUserId,
});
const reservedOf = (ownerUserId: number): LedgerAccountRef => ({
  kind: 'advertiser_reserved',
  ownerUserId,
});

/**
 * The ledger (ADR 014): the only code that moves money. Every movement is one balanced
 * transaction, posted once per idempotency key, with the accounts locked in id order and
 * their cached balances written beside the entries; a person's account never goes below zero.
 */
export function createLedgerService(
  options: {
    /** Counts each transaction posted, once committed (metrics: `ledger_postings_total`). */
    onPosted?: (kind: string) => void;
  } = {},
) {
  async function post(db: DbOrTx, input: PostInput): Promise<PostedTransaction> {
    const postings = mergePostings(input.postings);
    return inTransaction(db, async (tx) => {
      await repository.lockKey(tx, input.idempotencyKey);
      const existing = await repository.findTransactionByKey(tx, input.idempotencyKey);
      if (existing) return replay(tx, existing, input.kind, postings);

      const accounts = await findAccounts(tx, postings);
      const transaction = await repository.insertTransaction(tx, {
        idempotencyKey: input.idempotencyKey,
        kind: input.kind,
        reference: input.reference ?? {},
        reversesTransactionId: input.reversesTransactionId ?? null,
      });
      const entries = postings.map((posting) => {
        const account = accounts.get(accountKey(posting.account))!;
        const entry = {
          transactionId: transaction.id,
          accountId: account.id,
          amount: posting.amount,
        };
        // The platform's accounts keep no cached balance (see ledger.schema.ts).
        if (!isPersonal(posting.account))
          return { ...entry, balanceAfter: null, accountVersion: null };
        const balanceAfter = account.balance + posting.amount;
        if (balanceAfter < 0) {
          throw new AppError(
            'INSUFFICIENT_FUNDS',
            `Not enough money on ${account.kind} (balance ${account.balance}, needs ${-posting.amount})`,
          );
        }
        return { ...entry, balanceAfter, accountVersion: account.version + 1 };
      });
      await repository.setBalances(
        tx,
        entries.flatMap((e) =>
          e.balanceAfter === null
            ? []
            : [
                {
                  accountId: e.accountId,
                  balanceAfter: e.balanceAfter,
                  accountVersion: e.accountVersion!,
                },
              ],
        ),
      );
      const onPosted = options.onPosted;
      if (onPosted) afterCommit(tx, () => onPosted(input.kind));
      return { transaction, entries: await repository.insertEntries(tx, entries), replayed: false };
    });
  }

  /**
   * The postings' accounts (created first when new), by `kind:owner`: a person's accounts
   * locked in id order, since their cached balance is read and written; the platform's read
   * without a lock, so movements of different people never wait for each other.
   */
  async function findAccounts(tx: Tx, postings: Posting[]) {
    const refs = postings.map((p) => ({ kind: p.account.kind, ownerUserId: ownerOf(p.account) }));
    // One after the other (readAll on a transaction): the transaction's one connection.
    const read = () =>
      readAll(tx, [
        () =>
          repository.lockAccounts(
            tx,
            refs.filter((r) => r.ownerUserId !== null),
          ),
        () =>
          repository.findAccounts(
            tx,
            refs.filter((r) => r.ownerUserId === null),
          ),
      ]).then(([locked, platform]) => [...locked, ...platform]);
    let accounts = await read();
    if (accounts.length < refs.length) {
      await repository.ensureAccounts(
        tx,
        refs.map((r) => ({ ...r, mayGoNegative: ledgerAccountKinds[r.kind].mayGoNegative })),
      );
      accounts = await read();
    }
    return new Map(accounts.map((a) => [`${a.kind}:${a.ownerUserId ?? ''}`, a]));
  }

  async function replay(
    tx: Tx,
    existing: LedgerTransactionRow,
    kind: string,
    postings: Posting[],
  ): Promise<PostedTransaction> {
    const entries = await repository.entriesOf(tx, existing.id);
    if (fingerprint(existing.kind, await postingsOf(tx, entries)) !== fingerprint(kind, postings)) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was already used for another movement',
      );
    }
    return { transaction: existing, entries, replayed: true };
  }

  /** A written transaction's entries as the postings that made them. */
  async function postingsOf(db: DbOrTx, entries: LedgerEntryRow[]): Promise<Posting[]> {
    const refs = await repository.accountRefs(
      db,
      entries.map((e) => e.accountId),
    );
    return entries.map((e) => ({
      account: refs.get(e.accountId) as LedgerAccountRef,
      amount: e.amount,
    }));
  }

  /** Posts the opposite of a transaction (a refund, a correction); once per key. */
  async function reverse(
    db: DbOrTx,
    input: { transactionId: number; idempotencyKey: string; kind?: string },
  ): Promise<PostedTransaction> {
    return inTransaction(db, async (tx) => {
      const original = await repository.findTransaction(tx, input.transactionId);
      if (!original) throw notFound('Ledger transaction');
      const entries = await repository.entriesOf(tx, original.id);
      const postings = (await postingsOf(tx, entries)).map((p) => ({ ...p, amount: -p.amount }));
      return post(tx, {
        idempotencyKey: input.idempotencyKey,
        kind: input.kind ?? `${original.kind}.reversal`,
        postings,
        reference: { ...original.reference, reverses: original.id },
        reversesTransactionId: original.id,
      });
    });
  }

  /** Puts `amount` of an advertiser's wallet aside (a content fee at sending). */
  async function reserve(db: DbOrTx, input: HoldInput): Promise<LedgerHoldRow> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new Error(`A hold is a positive number of millimes, got ${input.amount}`);
    }
    return inTransaction(db, async (tx) => {
      await repository.lockKey(tx, `hold:${input.idempotencyKey}`);
      const existing = await repository.findHoldByKey(tx, input.idempotencyKey);
      if (existing) {
        if (existing.ownerUserId !== input.ownerUserId || existing.amount !== input.amount) {
          throw new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            'This idempotency key was already used for another hold',
          );
        }
        return existing;
      }
      const { transaction } = await post(tx, {
        idempotencyKey: `hold:${input.idempotencyKey}:reserve`,
        kind: 'hold.reserve',
        postings: [
          { account: walletOf(input.ownerUserId), amount: -input.amount },
          { account: reservedOf(input.ownerUserId), amount: input.amount },
        ],
        reference: input.reference ?? {},
      });
      return repository.insertHold(tx, {
        idempotencyKey: input.idempotencyKey,
        ownerUserId: input.ownerUserId,
        amount: input.amount,
        reference: input.reference ?? {},
        reserveTransactionId: transaction.id,
      });
    });
  }

  /**
   * Ends a hold: the captures go where they are due (creator earnings, platform revenue…) and
   * the rest returns to the wallet. Settling again with the same key answers the same hold;
   * with another key, 409 HOLD_SETTLED.
   */
  async function settle(db: DbOrTx, input: SettleInput): Promise<LedgerHoldRow> {
    return inTransaction(db, async (tx) => {
      const hold = await repository.lockHold(tx, input.holdId);
      if (!hold) throw notFound('Hold');
      const settleKey = `hold:${hold.idempotencyKey}:settle:${input.idempotencyKey}`;
      if (hold.status === 'settled') {
        const settledBy = hold.settleTransactionId
          ? await repository.findTransaction(tx, hold.settleTransactionId)
          : undefined;
        if (settledBy?.idempotencyKey === settleKey) return hold;
        throw new AppError('HOLD_SETTLED', 'This hold was already captured or released');
      }
      const captured = input.captures.reduce((sum, p) => sum + p.amount, 0);
      if (input.captures.some((p) => p.amount <= 0) || captured > hold.amount) {
        throw new Error(`Captures must be positive and within the hold (${hold.amount})`);
      }
      const returned = hold.amount - captured;
      const { transaction } = await post(tx, {
        idempotencyKey: settleKey,
        kind: captured === 0 ? 'hold.release' : 'hold.capture',
        postings: [
          { account: reservedOf(hold.ownerUserId), amount: -hold.amount },
          ...input.captures,
          ...(returned > 0 ? [{ account: walletOf(hold.ownerUserId), amount: returned }] : []),
        ],
        reference: { ...hold.reference, hold: hold.id },
      });
      return repository.settleHold(tx, hold.id, {
        capturedAmount: captured,
        settleTransactionId: transaction.id,
        settledAt: new Date(),
      });
    });
  }

  async function balanceOf(db: DbOrTx, ref: LedgerAccountRef): Promise<number> {
    const account = await repository.findAccount(db, ref.kind, ownerOf(ref));
    if (!account) return 0;
    return isPersonal(ref) ? account.balance : repository.sumOfEntries(db, account.id);
  }

  async function walletBalances(db: DbOrTx, ownerUserId: number): Promise<WalletBalances> {
    const balances = await repository.balancesOfOwner(db, ownerUserId);
    const available = balances.get('advertiser_wallet') ?? 0;
    const reserved = balances.get('advertiser_reserved') ?? 0;
    return { balance: available + reserved, reserved, available };
  }

  /**
   * What an advertiser's requests and opportunities cost them so far: `spent` left their wallet
   * for good (fees paid, holds captured, net of reversals), `committed` is still reserved for
   * content fees not paid yet. Money a payment brought in names no request: it is not counted.
   */
  async function advertiserSpending(
    db: DbOrTx,
    ownerUserId: number,
    sources: { contentRequestIds: readonly number[]; contentOpportunityIds: readonly number[] },
  ): Promise<AdvertiserSpending> {
    const total = { spent: 0, committed: 0 };
    const bySource = new Map<string, { spent: number; committed: number }>();
    if (sources.contentRequestIds.length + sources.contentOpportunityIds.length === 0) {
      return { ...total, bySource };
    }
    for (const row of await repository.ownerSumsBySource(db, ownerUserId, sources)) {
      const key =
        row.contentRequestId !== null
          ? `content-request:${row.contentRequestId}`
          : `opportunity:${row.contentOpportunityId}`;
      const source = bySource.get(key) ?? { spent: 0, committed: 0 };
      // Both accounts' net is what left the advertiser; the reserved one's is what waits.
      source.spent -= row.sum;
      total.spent -= row.sum;
      if (row.kind === 'advertiser_reserved') {
        source.committed += row.sum;
        total.committed += row.sum;
      }
      bySource.set(key, source);
    }
    return { ...total, bySource };
  }

  /**
   * What must always hold: each cached balance equals the sum of its entries, each
   * transaction sums to zero. Empty lists mean the books are right.
   */
  async function reconcile(db: DbOrTx) {
    const accounts = await repository.accountsOutOfBalance(db);
    const transactions = await repository.unbalancedTransactions(db);
    return { accounts, transactions, isBalanced: accounts.length + transactions.length === 0 };
  }

  return {
    post,
    reverse,
    reserve,
    settle,
    release: (db: DbOrTx, input: Omit<SettleInput, 'captures'>) =>
      settle(db, { ...input, captures: [] }),
    balanceOf,
    walletBalances,
    advertiserSpending,
    reconcile,
    totalsByKind: (db: DbOrTx) => repository.totalsByKind(db),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

/** Totals in millimes, and by source (`content-request:{id}`, `opportunity:{id}`). */
export interface AdvertiserSpending {
  spent: number;
  committed: number;
  bySource: Map<string, { spent: number; committed: number }>;
}
export type { LedgerAccountKind };
