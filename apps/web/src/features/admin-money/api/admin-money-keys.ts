/** Query keys of the admin money page: a settle refreshes all of them. */
export const adminMoneyQueryRoot = ['admin', 'money'] as const;
export const adminLedgerQueryKey = [...adminMoneyQueryRoot, 'ledger'] as const;
export const adminPaymentsQueryKey = (status: string | null) =>
  [...adminMoneyQueryRoot, 'payments', status ?? 'all'] as const;
export const adminReconciliationQueryKey = [...adminMoneyQueryRoot, 'reconciliation'] as const;
