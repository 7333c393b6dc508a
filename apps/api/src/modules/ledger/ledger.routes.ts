import { adminLedgerResponseSchema } from '@clipmarket/contracts/admin-money';
import { ledgerAccountKindNames } from '@clipmarket/contracts/ledger';
import type { Db } from '../../platform/db/client.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { LedgerService } from './ledger.service.js';

/**
 * Admins' view of the books (issue 9 point 8): the balance of each account kind, their total
 * (zero: money is only ever moved between accounts) and the reconciliation's findings.
 */
export function createLedgerRoutes(deps: { db: Db; service: LedgerService }): ModuleRoutes {
  return async (app) => {
    app.get(
      '/admin/ledger',
      {
        preHandler: app.requireRole('ADMIN'),
        schema: {
          tags: ['admin'],
          summary: 'Balances per account kind, their zero total and the books check',
          security: bearerSecurity,
          response: { 200: adminLedgerResponseSchema, ...errorResponses },
        },
      },
      async () => {
        const totals = await deps.service.totalsByKind(deps.db);
        const report = await deps.service.reconcile(deps.db);
        // Every known kind is listed, also before its first account exists.
        const byKind = new Map(totals.map((row) => [row.kind, row]));
        const kinds = [
          ...ledgerAccountKindNames.map(
            (kind) => byKind.get(kind) ?? { kind, balance: 0, accounts: 0 },
          ),
          ...totals.filter((row) => !(ledgerAccountKindNames as string[]).includes(row.kind)),
        ];
        return {
          data: {
            kinds,
            total: kinds.reduce((sum, row) => sum + row.balance, 0),
            books: {
              is_balanced: report.isBalanced,
              accounts: report.accounts.map((a) => ({
                account_id: a.accountId,
                kind: a.kind,
                cached: a.cached,
                sum: a.sum,
              })),
              transactions: report.transactions.map((t) => ({
                transaction_id: t.transactionId,
                sum: t.sum,
                entries: t.entries,
              })),
            },
            checked_at: new Date().toISOString(),
          },
        };
      },
    );
  };
}
