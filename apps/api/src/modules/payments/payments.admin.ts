import {
  RECONCILIATION_MAX_PAYMENTS,
  RECONCILIATION_PAID_DAYS,
  type AdminPayment,
  type AdminPaymentState,
  type AdminReconciliationRow,
} from '@clipmarket/contracts/admin-money';
import { and, asc, desc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { describePaymentOwners, type PaymentOwner } from '../users/index.js';
import { PaymentGatewayError, type PaymentGateway } from './gateway/payment-gateway.js';
import { payments } from './payments.schema.js';
import type { PaymentRow, PaymentsService } from './payments.service.js';

/** Gateway read-backs in flight at once during a reconciliation. */
const GATEWAY_CONCURRENCY = 5;
const DAY_MS = 24 * 3_600_000;

/**
 * What admins see of payments (issue 9 point 8): the list with its owners, the reconciliation
 * of our states against the gateway's, and the repair of one payment (the gateway's answer
 * applied now, as the webhook or the expiry check would have).
 */
export function createAdminPayments(deps: {
  db: Db;
  gateway: PaymentGateway;
  service: PaymentsService;
}) {
  const { db, gateway, service } = deps;

  async function ownersOf(rows: PaymentRow[]) {
    return describePaymentOwners(
      db,
      rows.map((row) => row.ownerUserId),
    );
  }

  return {
    /** Newest first, one keyset page after `cursor`, optionally in one state. */
    async list(query: {
      status?: AdminPaymentState | undefined;
      cursor?: string | undefined;
      limit: number;
    }) {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await db
        .select()
        .from(payments)
        .where(
          and(
            query.status ? eq(payments.state, query.status) : undefined,
            after
              ? or(
                  lt(payments.createdAt, after.createdAt),
                  and(eq(payments.createdAt, after.createdAt), lt(payments.id, after.paymentId)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const owners = await ownersOf(page);
      const references = await service.purchaseReferencesOf(db, page);
      const last = page.at(-1);
      return {
        items: page.map((row) => toAdminPayment(row, owners, references)),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /**
     * Payments whose answer may still change or was given lately (not yet paid, expired in the
     * last days, paid in the last days), oldest first, each read back from the gateway. A
     * gateway error is that row's, never the page's.
     */
    async reconcile(now = new Date()) {
      const since = new Date(now.getTime() - RECONCILIATION_PAID_DAYS * DAY_MS);
      const rows = await db
        .select()
        .from(payments)
        .where(
          or(
            inArray(payments.state, ['created', 'pending']),
            // A payment link lives minutes: an expiry older than this window cannot change.
            and(eq(payments.state, 'expired'), gte(payments.expiresAt, since)),
            and(eq(payments.state, 'paid'), gte(payments.paidAt, since)),
          ),
        )
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .limit(RECONCILIATION_MAX_PAYMENTS);
      const owners = await ownersOf(rows);
      const items: AdminReconciliationRow[] = [];
      for (let i = 0; i < rows.length; i += GATEWAY_CONCURRENCY) {
        const chunk = rows.slice(i, i + GATEWAY_CONCURRENCY);
        items.push(...(await Promise.all(chunk.map((row) => compare(row, owners)))));
      }
      return {
        items,
        mismatches: items.filter((item) => !item.matches).length,
        checked_at: now.toISOString(),
      };
    },

    /** Applies the gateway's answer now; a payment past its lifespan and unpaid expires. */
    async settle(paymentId: number) {
      try {
        const state = await service.settleWithGateway(paymentId, { expireIfUnpaid: true });
        return { payment_id: paymentId, state };
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        throw new AppError(
          'PAYMENT_GATEWAY_UNAVAILABLE',
          'The payment service cannot be reached right now. Please try again in a moment.',
        );
      }
    },
  };

  async function compare(
    row: PaymentRow,
    owners: Map<number, PaymentOwner>,
  ): Promise<AdminReconciliationRow> {
    const base = {
      payment_id: row.id,
      owner: toOwner(row.ownerUserId, owners),
      created_at: row.createdAt.toISOString(),
      gateway_ref: row.gatewayRef,
      state: row.state,
      amount: row.amount,
    };
    const isPaidHere = row.state === 'paid';
    if (!row.gatewayRef) {
      return {
        ...base,
        gateway_status: null,
        gateway_amount: null,
        gateway_reached_amount: null,
        matches: !isPaidHere,
        error: null,
      };
    }
    try {
      const truth = await gateway.getPayment(row.gatewayRef);
      const isPaidThere =
        truth?.status === 'completed' &&
        truth.amount === row.amount &&
        truth.reachedAmount >= row.amount;
      return {
        ...base,
        gateway_status: truth?.status ?? null,
        gateway_amount: truth?.amount ?? null,
        gateway_reached_amount: truth?.reachedAmount ?? null,
        matches: isPaidHere === isPaidThere,
        error: null,
      };
    } catch (error) {
      return {
        ...base,
        gateway_status: null,
        gateway_amount: null,
        gateway_reached_amount: null,
        matches: false,
        error: error instanceof Error ? error.message.slice(0, 300) : 'Gateway error',
      };
    }
  }
}

export type AdminPayments = ReturnType<typeof createAdminPayments>;

function toOwner(userId: number, owners: Map<number, PaymentOwner>) {
  const owner = owners.get(userId);
  return { user_id: userId, email: owner?.email ?? null, brand_name: owner?.brandName ?? null };
}

function toAdminPayment(
  row: PaymentRow,
  owners: Map<number, PaymentOwner>,
  references: Map<number, string>,
): AdminPayment {
  return {
    payment_id: row.id,
    owner: toOwner(row.ownerUserId, owners),
    purpose: row.purpose,
    purpose_id: row.purposeId,
    purpose_reference: references.get(row.id) ?? null,
    description: row.description,
    amount: row.amount,
    state: row.state,
    gateway: row.gateway,
    gateway_ref: row.gatewayRef,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    failure_reason: row.failureReason,
    kept_in_wallet: row.keptInWalletReason,
  };
}

/** The keyset position (created_at, id) of a page's last row, as creator validation does. */
function encodeCursor(row: PaymentRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; paymentId: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  const paymentId = Number(id);
  if (Number.isNaN(createdAt.getTime()) || !Number.isInteger(paymentId) || paymentId <= 0) {
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor.', [
      { field: 'cursor', message: 'Invalid cursor.' },
    ]);
  }
  return { createdAt, paymentId };
}
