import {
  walletPurchaseReference,
  type WalletPurchase,
  type WalletPurchaseBody,
} from '@clipmarket/contracts/wallet';
import { formatMoney } from '@clipmarket/contracts/money-format';
import { englishTranslate, type FieldName } from '@clipmarket/contracts/validation-messages';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/jobs/job-queue.js';
import { labelledItem, priceOrder, type PricedOrder } from '../checkout/index.js';
import type { InvoicesFor } from '../invoices/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { PromoCodesFor } from '../promo-codes/index.js';
import type { PaymentRow, PaymentsService } from '../payments/index.js';
import type { SettingsReader } from '../settings/index.js';
import { walletRepository as repository, type WalletPurchaseRow } from './wallet.repository.js';

/** The payment purpose of a wallet pack (payments' `purpose`). */
export const WALLET_PURCHASE_PURPOSE = 'wallet_purchase';
const PURCHASE_KIND = 'wallet_pack';

/** What the wallet needs of the promo-codes and invoices modules, for wallet packs. */
export type PromoCodesForWallet = PromoCodesFor<typeof PURCHASE_KIND>;
export type InvoicesForWallet = InvoicesFor<typeof PURCHASE_KIND>;

/**
 * Wallet packs (issue 9 §5): priced at the checkout, paid through the gateway, credited to the
 * advertiser's wallet with an invoice, all in the transaction that confirms the payment.
 */
export function createWalletService(deps: {
  db: Db;
  ledger: LedgerService;
  payments: PaymentsService;
  settings: SettingsReader;
  promoCodes: PromoCodesForWallet;
  invoices: InvoicesForWallet;
  /**
   * What the advertiser must still fill before paying (nothing once the legal info is
   * complete): an invoice names the buyer, and the settings save asks for all of it.
   */
  missingLegalInfo: (db: DbOrTx, userId: number) => Promise<FieldName[]>;
  /** Where the web app is: the gateway sends the payer back there. */
  webUrl: string;
  log: Logger;
}) {
  const { db, ledger, payments, settings, promoCodes } = deps;

  async function packLimits(q: DbOrTx) {
    return {
      min: await settings.get(q, 'wallet_pack_min_millimes'),
      max: await settings.get(q, 'wallet_pack_max_millimes'),
    };
  }

  /** The checkout's lines for a pack; refuses an amount out of range or a code not valid. */
  async function price(
    q: DbOrTx,
    ownerUserId: number,
    body: { amount: number; promo_code?: string | undefined },
  ): Promise<{ order: PricedOrder; promoCode: string | null }> {
    const limits = await packLimits(q);
    if (body.amount < limits.min || body.amount > limits.max) {
      // Written as every amount (contracts' money format), `2,000.000 TND`, never `2000.000`.
      const tnd = (millimes: number) => formatMoney(millimes, 'en');
      throw new AppError('VALIDATION_FAILED', 'The amount is out of range', [
        {
          field: 'amount',
          message: `A wallet pack is between ${tnd(limits.min)} and ${tnd(limits.max)}`,
        },
      ]);
    }
    const promotion = body.promo_code
      ? await promoCodes.check(q, {
          code: body.promo_code,
          advertiserUserId: ownerUserId,
          purchaseKind: PURCHASE_KIND,
        })
      : null;
    const order = priceOrder({
      items: [
        labelledItem({ code: 'wallet_pack', params: {} }, { quantity: 1, unitAmount: body.amount }),
      ],
      promotionBasisPoints: promotion?.basisPoints ?? 0,
      promotionAppliesTo: ['wallet_pack'],
      rates: {
        vatRateBasisPoints: await settings.get(q, 'vat_rate_basis_points'),
        fiscalStampMillimes: await settings.get(q, 'fiscal_stamp_millimes'),
      },
    });
    return { order, promoCode: promotion?.code ?? null };
  }

  /** The pack's lines as invoiced: named by the purchase's reference (`WP-000042`). */
  function withReference(order: PricedOrder, purchaseId: number): PricedOrder {
    const reference = walletPurchaseReference(purchaseId);
    return {
      ...order,
      lines: order.lines.map((line) =>
        line.kind === 'wallet_pack'
          ? { ...line, ...labelledItem({ code: 'wallet_pack', params: { reference } }, line) }
          : line,
      ),
    };
  }

  /**
   * The pack's money, once paid: the wallet received the whole payment; the stamp goes to the
   * tax office's account and a promotion is given by the platform, so the wallet keeps the
   * pack's amount exactly.
   */
  async function completePurchase(tx: Tx, payment: PaymentRow) {
    const purchase = await repository.lock(tx, payment.purposeId);
    if (!purchase || purchase.status === 'paid') return;
    const wallet = { kind: 'advertiser_wallet' as const, ownerUserId: purchase.ownerUserId };
    if (purchase.stampAmount > 0 || purchase.discount > 0) {
      await ledger.post(tx, {
        idempotencyKey: `wallet-purchase:${purchase.id}:settle`,
        kind: 'wallet.pack-settled',
        postings: [
          { account: wallet, amount: purchase.discount - purchase.stampAmount },
          { account: { kind: 'stamp_payable' }, amount: purchase.stampAmount },
          { account: { kind: 'promotions_given' }, amount: -purchase.discount },
        ],
        reference: { wallet_purchase_id: purchase.id, payment_id: payment.id },
      });
    }
    if (purchase.promoCode && (purchase.status === 'expired' || purchase.status === 'cancelled')) {
      // Paid after its link expired or the payer cancelled (the redemption was released): the
      // money arrived, the pack is credited and the price stays agreed.
      await redeemAgreedPromotion(tx, purchase);
    }
    const paidAt = new Date();
    await deps.invoices.issue(tx, {
      ownerUserId: purchase.ownerUserId,
      purchaseKind: PURCHASE_KIND,
      purchaseId: purchase.id,
      order: withReference(purchase.pricedOrder as PricedOrder, purchase.id),
      paidAt,
    });
    await repository.markPaid(tx, purchase.id, {
      paidAt,
      balanceAfter: await ledger.balanceOf(tx, wallet),
    });
  }

  async function redeemAgreedPromotion(tx: Tx, purchase: WalletPurchaseRow) {
    try {
      await promoCodes.redeem(tx, {
        code: purchase.promoCode!,
        advertiserUserId: purchase.ownerUserId,
        purchaseKind: PURCHASE_KIND,
        purchaseId: purchase.id,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.log.warn({ purchaseId: purchase.id }, 'late payment kept a promotion past its limit');
    }
  }

  payments.registerPurpose(WALLET_PURCHASE_PURPOSE, {
    onPaid: completePurchase,
    referencesOf: async (_db, ids) => new Map(ids.map((id) => [id, walletPurchaseReference(id)])),
    async onUnpaid(tx, payment, state) {
      await repository.markUnpaid(tx, payment.purposeId, state);
      await promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: payment.purposeId });
    },
  });

  /**
   * Spending and reservations take the oldest packs first: what is still available of each,
   * newest first. The shares add up to the wallet's available amount (the cards' figure).
   */
  function toPurchases(rows: WalletPurchaseRow[], available: number): WalletPurchase[] {
    let unspent = available;
    const availableById = new Map<number, number>();
    for (const row of rows.filter((r) => r.status === 'paid')) {
      const available = Math.min(row.amount, Math.max(unspent, 0));
      availableById.set(row.id, available);
      unspent -= available;
    }
    return rows.map((row) => toPurchase(row, availableById.get(row.id) ?? 0));
  }

  function toPurchase(row: WalletPurchaseRow, available: number): WalletPurchase {
    return {
      wallet_purchase_id: row.id,
      reference: walletPurchaseReference(row.id),
      created_at: row.createdAt.toISOString(),
      purchased_amount: row.amount,
      available_amount: available,
      balance: row.balanceAfter ?? 0,
      status: row.status,
      total: row.total,
      payment_id: row.paymentId,
    };
  }

  async function getWallet(ownerUserId: number) {
    const balances = await ledger.walletBalances(db, ownerUserId);
    const rows = await repository.listOfOwner(db, ownerUserId);
    const kept = await payments.listKeptInWallet(db, ownerUserId);
    const references = await payments.purchaseReferencesOf(db, kept);
    const pages = await payments.purchasePagesOf(db, kept);
    return {
      ...balances,
      purchases: toPurchases(rows, balances.available),
      kept_in_wallet: kept.map((payment) => ({
        payment_id: payment.id,
        amount: payment.amount,
        reason: payment.keptInWalletReason!,
        purpose: payment.purpose,
        purpose_id: payment.purposeId,
        reference: references.get(payment.id) ?? null,
        page: pages.get(payment.id) ?? null,
        paid_at: payment.paidAt?.toISOString() ?? null,
      })),
      pack_limits: await packLimits(db),
    };
  }

  return {
    getWallet,

    async quote(ownerUserId: number, body: WalletPurchaseBody) {
      return (await price(db, ownerUserId, body)).order;
    },

    /**
     * Buys a pack: priced and recorded with its payment (its promo code redeemed) in one
     * transaction, then the gateway opens the payment. A gateway that cannot be reached leaves
     * the purchase failed.
     */
    async buy(ownerUserId: number, body: WalletPurchaseBody) {
      const missingInfo = await deps.missingLegalInfo(db, ownerUserId);
      if (missingInfo.length > 0) {
        // Every field the settings still need, so that one message lists them all (as the
        // content request's checkout answers).
        throw new AppError(
          'LEGAL_INFO_REQUIRED',
          'Please complete your account settings before paying: an invoice names your company.',
          missingInfo.map((field) => ({ field, message: englishTranslate('required', { field }) })),
        );
      }
      const { purchase, payment, urls } = await inTransaction(db, async (tx) => {
        const { order, promoCode } = await price(tx, ownerUserId, body);
        const row = await repository.insertPurchase(tx, { ownerUserId, order, promoCode });
        if (promoCode) {
          await promoCodes.redeem(tx, {
            code: promoCode,
            advertiserUserId: ownerUserId,
            purchaseKind: PURCHASE_KIND,
            purchaseId: row.id,
          });
        }
        const resultUrl = (status: 'success' | 'failed') =>
          `${deps.webUrl}/track-payments/purchase-pack/${row.id}/${status}`;
        const input = {
          ownerUserId,
          purpose: WALLET_PURCHASE_PURPOSE,
          purposeId: row.id,
          amount: row.total,
          description: `Clipmarket wallet pack ${walletPurchaseReference(row.id)}`,
          successUrl: resultUrl('success'),
          failUrl: resultUrl('failed'),
        };
        // Recorded with the purchase: if the gateway is never reached, the payment expires and
        // the purchase with it (nothing waits forever).
        const recorded = await payments.record(tx, input);
        await repository.setPayment(tx, row.id, recorded.id);
        return { purchase: row, payment: recorded, urls: input };
      });
      const opened = await payments.open(payment, urls);
      return { wallet_purchase_id: purchase.id, payment_id: opened.id, pay_url: opened.payUrl! };
    },

    /**
     * The payer gives up on a pending purchase: its payment is read back from the gateway
     * first (a purchase paid meanwhile is answered paid), then, in one transaction, the
     * purchase is cancelled, its payment ends and its promo code is given back. Cancelling a
     * cancelled purchase answers it again; a paid, failed or expired one cannot be (409).
     */
    async cancel(ownerUserId: number, purchaseId: number): Promise<WalletPurchase> {
      const row = await repository.find(db, purchaseId);
      if (!row || row.ownerUserId !== ownerUserId) throw notFound('Wallet purchase');
      if (row.status === 'pending' && row.paymentId !== null) {
        await payments.settleWithGateway(row.paymentId).catch((error: unknown) => {
          // The gateway being down must not keep the purchase open: it is cancelled here.
          deps.log.warn({ err: error, purchaseId }, 'payment read-back before cancel failed');
        });
      }
      await inTransaction(db, async (tx) => {
        const current = (await repository.lock(tx, purchaseId))!;
        if (current.status === 'cancelled') return;
        if (current.status !== 'pending') {
          throw new AppError(
            'INVALID_TRANSITION',
            current.status === 'paid'
              ? 'This purchase is paid already: it cannot be cancelled.'
              : 'This purchase is no longer waiting for its payment.',
          );
        }
        await repository.markCancelled(tx, purchaseId);
        if (current.paymentId !== null) await payments.abandon(tx, current.paymentId);
        await promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId });
      });
      const wallet = await getWallet(ownerUserId);
      return wallet.purchases.find((p) => p.wallet_purchase_id === purchaseId)!;
    },

    /** One of the caller's purchases (the result page); a pending one is read back first. */
    async getPurchase(ownerUserId: number, purchaseId: number): Promise<WalletPurchase> {
      let row = await repository.find(db, purchaseId);
      if (!row || row.ownerUserId !== ownerUserId) throw notFound('Wallet purchase');
      if (row.status === 'pending' && row.paymentId !== null) {
        await payments.getForOwner(ownerUserId, row.paymentId);
        row = (await repository.find(db, purchaseId))!;
      }
      const wallet = await getWallet(ownerUserId);
      return (
        wallet.purchases.find((p) => p.wallet_purchase_id === purchaseId) ?? toPurchase(row, 0)
      );
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
