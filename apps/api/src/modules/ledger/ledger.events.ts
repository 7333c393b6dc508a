/** Events the ledger module emits (delivered after commit through the outbox). */
export interface LedgerEvents {
  /**
   * The reconciliation found cached balances that differ from the sums of their entries, or
   * transactions that do not sum to zero: admins must look before money moves further.
   */
  'ledger.out-of-balance': {
    accountIds: number[];
    transactionIds: number[];
    checkedAt: string;
  };
}
