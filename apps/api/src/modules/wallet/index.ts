import type { FieldName } from '@clipmarket/contracts/validation-messages';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Idempotency } from '../../platform/http/idempotency.js';
import type { Logger } from '../../platform/jobs/job-queue.js';
import type { LedgerService } from '../ledger/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { SettingsReader } from '../settings/index.js';
import { createWalletRoutes } from './wallet.routes.js';
import {
  createWalletService,
  type InvoicesForWallet,
  type PromoCodesForWallet,
} from './wallet.service.js';

export type { WalletService } from './wallet.service.js';
export { WALLET_PURCHASE_PURPOSE } from './wallet.service.js';

/**
 * The advertiser's wallet (issue 9 §5): balances from the ledger, wallet packs bought through
 * the checkout and the gateway, invoiced when paid.
 */
export function createWalletModule(deps: {
  db: Db;
  ledger: LedgerService;
  payments: PaymentsService;
  settings: SettingsReader;
  promoCodes: PromoCodesForWallet;
  invoices: InvoicesForWallet;
  missingLegalInfo: (db: DbOrTx, userId: number) => Promise<FieldName[]>;
  idempotency: Idempotency;
  webUrl: string;
  log: Logger;
}) {
  const service = createWalletService(deps);
  return { routes: createWalletRoutes(service, deps.idempotency), service };
}
