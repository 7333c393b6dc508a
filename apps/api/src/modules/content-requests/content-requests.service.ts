import { AsyncLocalStorage } from 'node:async_hooks';
import type { z } from 'zod';
import {
  contentRequestCheckoutBodySchema,
  contentRequestDraftSchema,
  contentRequestListQuerySchema,
  creatorLineListQuerySchema,
  contentRequestMessages,
  type ContentRequest,
  type ContentRequestQuote,
  type CreatorLine,
  type AdvertiserLine,
  type VideoDuration,
} from '@clipmarket/contracts/content-requests';
import type { Efile } from '@clipmarket/contracts/media';
import type { Role } from '@clipmarket/contracts/enums';
import {
  ACCEPTANCE_REMINDER_HOURS_BEFORE,
  contentRequestLinePart1Transitions,
  contentRequestLineProcess,
  statesOfFilter,
  SUBMISSION_REMINDER_HOURS_BEFORE,
  type ContentRequestLineState,
  type ContentRequestLineTransition,
} from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import { systemActor, type Workflow } from '../../platform/workflow/workflow.js';
import { priceOrder, toCheckoutQuote, type PricedOrder } from '../checkout/index.js';
import type { InvoicesFor } from '../invoices/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { PromoCodesFor } from '../promo-codes/index.js';
import type { PaymentRow, PaymentsService } from '../payments/index.js';
import type { SettingsReader } from '../settings/index.js';
import type { ContentRequestsEvents } from './content-requests.events.js';
import {
  contentRequestsRepository as repository,
  type ContentRequestRow,
  type LineRow,
} from './content-requests.repository.js';
import { deadlineOf } from './content-requests.time.js';
import {
  createDeliveryView,
  type PayoutsForRequests,
  type VideosForRequests,
} from './content-requests.delivery-view.js';

/** The payment purpose of a content request's platform fee (payments' `purpose`). */
export const CONTENT_REQUEST_PURPOSE = 'content-request';
const PURCHASE_KIND = 'content_request';

/** States in which a line's reserved content fee goes back to the wallet. */
const RELEASING_STATES: readonly ContentRequestLineState[] = [
  'declined',
  'expired',
  'cancelled',
  // A rejection that stands (not disputed in time, or upheld by an admin): nothing is paid.
  'closed',
];
const part1 = new Set<string>(contentRequestLinePart1Transitions);
/** Part-2 steps the generic transitions route also takes (the others have routes of their own). */
const genericPart2 = new Set<string>(['dispute']);
/** Where the other steps are taken, for the 409 of the generic route. */
const routeOfStep: Partial<Record<string, string>> = {
  submit: 'upload the video (POST /v2/content-videos/uploads)',
  approve: 'review the video (POST /v2/content-request-influencers/{id}/review)',
  debrief: 'review the video (POST /v2/content-request-influencers/{id}/review)',
  reject: 'review the video (POST /v2/content-request-influencers/{id}/review)',
  mark_paid: 'pay the content fee (POST /v2/content-request-influencers/{id}/payment)',
  submit_link: 'submit the links (POST /v2/content-request-influencers/{id}/links)',
};

/** What content requests need of the promo-codes and invoices modules, for request fees. */
export type PromoCodesForRequests = PromoCodesFor<typeof PURCHASE_KIND>;
/** `content`: the content fee of a line, invoiced when it is paid (issue 11 §4). */
export type InvoicesForRequests = InvoicesFor<typeof PURCHASE_KIND | 'content'>;

/** What content requests need of the users module (its index's lookups). */
export interface UsersForRequests {
  describeRequestCreators(
    db: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<
    Map<
      number,
      {
        influencerId: number;
        userId: number;
        isValidated: boolean;
        name: string;
        profileFileId: number | null;
      }
    >
  >;
  describeRequestAdvertiser(
    db: DbOrTx,
    userId: number,
  ): Promise<{ name: string; profileFileId: number | null } | undefined>;
  hasCompleteLegalInfo(db: DbOrTx, userId: number): Promise<boolean>;
  hasCompleteFinancialInfo(db: DbOrTx, userId: number): Promise<boolean>;
}

/** What content requests need of the media module (its index). */
export interface MediaForRequests {
  findOwnedFiles(db: DbOrTx, ownerUserId: number, fileIds: number[]): Promise<Map<number, unknown>>;
  describeFiles(db: DbOrTx, fileIds: number[]): Promise<Map<number, Efile>>;
}

/** What content requests need of the creator-prices module. */
export interface CreatorPricesForRequests {
  pricesFor(
    db: DbOrTx,
    influencerIds: number[],
    duration: VideoDuration,
  ): Promise<Map<number, number>>;
}

type Side = 'creator' | 'advertiser';
type DraftInput = z.infer<typeof contentRequestDraftSchema>;
type CheckoutBody = z.infer<typeof contentRequestCheckoutBodySchema>;
export type Caller = { userId: number; role: Role };

const mediaUrl = (file: Efile, size: 'thumb' | 'medium') =>
  `/v2/media/${size}/${file.token}.${file.file_extension}`;

/**
 * Content requests (issue 10 §2–§8): drafts, the checkout (platform fee paid from the wallet or
 * through the gateway), sending (one line per creator in the `content-request-line` process),
 * the lines' part-1 transitions with their money (holds released when a line ends unpaid), and
 * the timers and reminders of the acceptance window and the delivery deadline.
 */
export function createContentRequestsService(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<ContentRequestsEvents>;
  jobs: JobQueue;
  ledger: LedgerService;
  payments: PaymentsService;
  settings: SettingsReader;
  promoCodes: PromoCodesForRequests;
  invoices: InvoicesForRequests;
  users: UsersForRequests;
  media: MediaForRequests;
  creatorPrices: CreatorPricesForRequests;
  /** The content-videos module's port (ports.md): a line's videos and its newest one. */
  videos: VideosForRequests;
  /** The payouts module's port (ports.md): the creator's payout of a paid line. */
  payouts: PayoutsForRequests;
  webUrl: string;
  log: Logger;
}) {
  const { db, workflow, events, ledger, payments, settings, users } = deps;
  const deliveryOf = createDeliveryView(deps);
  /** Which side of a line the current transition's actor stands on (the store's owner). */
  const actingSide = new AsyncLocalStorage<Side>();
  /** Other files of the module reacting to a line entering a state (in its transaction). */
  const enteredHooks: Array<
    (tx: Tx, lineId: number, state: ContentRequestLineState, version: number) => Promise<void>
  > = [];

  // ---- The line process: its store, and the money and jobs of entering a state. ----

  workflow.register(contentRequestLineProcess, {
    async lock(tx, lineId) {
      const line = await repository.lockLine(tx, lineId);
      if (!line) return undefined;
      const side = actingSide.getStore();
      return {
        state: line.state,
        version: line.version,
        ownerUserId:
          side === 'creator'
            ? line.influencerUserId
            : side === 'advertiser'
              ? line.advertiserUserId
              : null,
      };
    },
    async save(tx, lineId, next) {
      await repository.updateLine(tx, lineId, {
        state: next.state,
        version: next.version,
        enteredAt: next.enteredAt,
        ...(next.reason ? { reason: next.reason } : {}),
      });
      await onEntered(tx, lineId, next.state, next.version);
    },
  });

  /** In the transition's transaction: a line that ends unpaid gives its hold back; accepted arms the deadline. */
  async function onEntered(
    tx: Tx,
    lineId: number,
    state: ContentRequestLineState,
    version: number,
  ) {
    const line = (await repository.findLine(tx, lineId))!;
    if (RELEASING_STATES.includes(state) && line.holdId !== null) {
      await ledger.release(tx, { holdId: line.holdId, idempotencyKey: `line:${lineId}:${state}` });
    }
    if (state === 'accepted') {
      const request = (await repository.find(tx, line.contentRequestId))!;
      const deadline = request.deliveryDeadline!;
      await events.stageJob(tx, expireDeliveryJob, { lineId, version }, { startAfter: deadline });
      const remindAt = deadline.getTime() - SUBMISSION_REMINDER_HOURS_BEFORE * 3_600_000;
      if (remindAt > Date.now()) {
        await events.stageJob(
          tx,
          submissionReminderJob,
          { lineId, version },
          { startAfter: new Date(remindAt) },
        );
      }
    }
    for (const hook of enteredHooks) await hook(tx, lineId, state, version);
  }

  const expireDeliveryJob = defineJob<{ lineId: number; version: number }>({
    name: 'content-request-expire-delivery',
    retryLimit: 5,
    handle: async ({ lineId, version }) => {
      await workflow.applyIfStill({
        process: contentRequestLineProcess,
        subjectId: lineId,
        transition: 'expire_delivery',
        actor: systemActor,
        expectedVersion: version,
      });
    },
  });

  /** A reminder armed for a state and version: nothing when the line has moved on. */
  function reminderJob(
    name: string,
    kind: 'acceptance' | 'submission',
    state: ContentRequestLineState,
  ) {
    return defineJob<{ lineId: number; version: number }>({
      name,
      retryLimit: 5,
      handle: async ({ lineId, version }) => {
        const line = await repository.findLine(db, lineId);
        if (!line || line.state !== state || line.version !== version) return;
        await events.emit(db, 'content-request-line.reminder', {
          lineId,
          kind,
          influencerUserId: line.influencerUserId,
        });
      },
    });
  }
  const acceptanceReminderJob = reminderJob(
    'content-request-acceptance-reminder',
    'acceptance',
    'sent',
  );
  const submissionReminderJob = reminderJob(
    'content-request-submission-reminder',
    'submission',
    'accepted',
  );
  for (const job of [expireDeliveryJob, acceptanceReminderJob, submissionReminderJob]) {
    deps.jobs.register(job);
  }

  // ---- Drafts. ----

  async function findOwn(q: DbOrTx, advertiserUserId: number, id: number) {
    const row = await repository.find(q, id);
    if (!row || row.advertiserUserId !== advertiserUserId) throw notFound('Content request');
    return row;
  }

  /** The server's checks of what a draft holds (limits from the business settings). */
  async function checkDraft(q: DbOrTx, advertiserUserId: number, body: DraftInput) {
    if (body.influencer_ids !== undefined) {
      const max = await settings.get(q, 'creators_per_request_max');
      if (body.influencer_ids.length > max) {
        throw new AppError('CREATORS_LIMIT', contentRequestMessages.creatorsLimit, [
          { field: 'influencer_ids', message: contentRequestMessages.creatorsLimit },
        ]);
      }
      await checkCreators(q, body.influencer_ids);
    }
    if (body.script !== undefined) {
      const max = await settings.get(q, 'script_max_length');
      if (body.script.length > max) {
        throw new AppError('SCRIPT_TOO_LONG', contentRequestMessages.scriptTooLong, [
          { field: 'script', message: contentRequestMessages.scriptTooLong },
        ]);
      }
    }
    if (body.product_image_file_ids?.length) {
      const owned = await deps.media.findOwnedFiles(
        q,
        advertiserUserId,
        body.product_image_file_ids,
      );
      const foreign = body.product_image_file_ids.filter((id) => !owned.has(id));
      if (foreign.length > 0) {
        throw new AppError('VALIDATION_FAILED', 'Unknown product images', [
          { field: 'product_image_file_ids', message: `Unknown files: ${foreign.join(', ')}` },
        ]);
      }
    }
  }

  /** Chosen creators must exist and be validated; answers them by influencer id. */
  async function checkCreators(q: DbOrTx, influencerIds: readonly number[]) {
    const found = await users.describeRequestCreators(q, influencerIds);
    const unavailable = influencerIds.filter((id) => !found.get(id)?.isValidated);
    if (unavailable.length > 0) {
      throw new AppError('VALIDATION_FAILED', 'Some chosen creators cannot receive requests', [
        {
          field: 'influencer_ids',
          message: `These creators cannot receive requests: ${unavailable.join(', ')}`,
        },
      ]);
    }
    return found;
  }

  function draftValues(body: DraftInput) {
    const values: Partial<ContentRequestRow> = {};
    if (body.influencer_ids !== undefined) values.influencerIds = body.influencer_ids;
    if (body.title !== undefined) values.title = body.title;
    if (body.content_type !== undefined) values.contentType = body.content_type;
    if (body.video_duration !== undefined) values.videoDuration = body.video_duration;
    if (body.format !== undefined) values.format = body.format;
    if (body.product_name !== undefined) values.productName = body.product_name;
    if (body.description !== undefined) values.description = body.description;
    if (body.platforms !== undefined) values.platforms = body.platforms;
    if (body.product_image_file_ids !== undefined) {
      values.productImageFileIds = body.product_image_file_ids;
    }
    if (body.delivery_date !== undefined) values.deliveryDate = body.delivery_date;
    if (body.delivery_slot !== undefined) values.deliverySlot = body.delivery_slot;
    if (body.publishing_deadline !== undefined) {
      values.publishingDeadline = body.publishing_deadline;
    }
    if (body.script !== undefined) values.script = body.script;
    return values;
  }

  const withDeadline = (row: Pick<ContentRequestRow, 'deliveryDate' | 'deliverySlot'>) =>
    row.deliveryDate && row.deliverySlot ? deadlineOf(row.deliveryDate, row.deliverySlot) : null;

  // ---- Views. ----

  async function imagesOf(q: DbOrTx, fileIds: number[]) {
    const files = await deps.media.describeFiles(q, fileIds);
    return fileIds.flatMap((id) => {
      const file = files.get(id);
      return file ? [{ file_id: id, url: mediaUrl(file, 'medium') }] : [];
    });
  }

  async function picturesOf(q: DbOrTx, fileIds: (number | null)[]) {
    return deps.media.describeFiles(
      q,
      fileIds.filter((id): id is number => id !== null),
    );
  }

  const allowedOf = (state: ContentRequestLineState, role: Role) =>
    workflow.allowed(contentRequestLineProcess, state, role);

  const fundsSecured = (line: LineRow) =>
    line.holdId !== null && !RELEASING_STATES.includes(line.state);

  async function toRequests(
    q: DbOrTx,
    rows: ContentRequestRow[],
    role: Role,
  ): Promise<ContentRequest[]> {
    const lines = await repository.linesOf(
      q,
      rows.filter((r) => r.status === 'sent').map((r) => r.id),
    );
    const draftIds = rows.filter((r) => r.status !== 'sent').flatMap((r) => r.influencerIds);
    const creators = await users.describeRequestCreators(q, [
      ...draftIds,
      ...lines.map((l) => l.influencerId),
    ]);
    const pictures = await picturesOf(
      q,
      [...creators.values()].map((c) => c.profileFileId),
    );
    const pictureOf = (influencerId: number) => {
      const fileId = creators.get(influencerId)?.profileFileId;
      const file = fileId ? pictures.get(fileId) : undefined;
      return file ? mediaUrl(file, 'thumb') : null;
    };
    const result: ContentRequest[] = [];
    for (const row of rows) {
      const own = lines.filter((l) => l.contentRequestId === row.id);
      const prices =
        row.status !== 'sent' && row.videoDuration
          ? await deps.creatorPrices.pricesFor(
              q,
              row.influencerIds,
              row.videoDuration as VideoDuration,
            )
          : new Map<number, number>();
      const creatorOf = (influencerId: number, price: number | null) => ({
        influencer_id: influencerId,
        influencer_name: creators.get(influencerId)?.name ?? '',
        profile_picture_url: pictureOf(influencerId),
        price,
      });
      const advertiserLines: AdvertiserLine[] = own.map((line) => ({
        ...creatorOf(line.influencerId, line.price),
        content_request_influencer_id: line.id,
        status: line.state,
        reason: line.reason,
        funds_secured: fundsSecured(line),
        status_changed_at: line.enteredAt.toISOString(),
        allowed_transitions: allowedOf(line.state, role),
      }));
      result.push({
        content_request_id: row.id,
        status: row.status,
        title: row.title,
        content_type: row.contentType,
        video_duration: row.videoDuration,
        format: row.format,
        product_name: row.productName,
        description: row.description,
        platforms: row.platforms,
        product_images: await imagesOf(q, row.productImageFileIds),
        delivery_date: row.deliveryDate,
        delivery_slot: row.deliverySlot,
        delivery_deadline: row.deliveryDeadline?.toISOString() ?? null,
        publishing_deadline: row.publishingDeadline,
        script: row.script,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        sent_at: row.sentAt?.toISOString() ?? null,
        creators:
          row.status === 'sent'
            ? own.map((line) => creatorOf(line.influencerId, line.price))
            : row.influencerIds.map((id) => creatorOf(id, prices.get(id) ?? null)),
        lines: advertiserLines,
      });
    }
    return result;
  }

  async function toCreatorLines(q: DbOrTx, lines: LineRow[]): Promise<CreatorLine[]> {
    const requests = new Map<number, ContentRequestRow>();
    for (const id of new Set(lines.map((l) => l.contentRequestId))) {
      requests.set(id, (await repository.find(q, id))!);
    }
    const acceptanceHours = await settings.get(q, 'acceptance_window_hours');
    const result: CreatorLine[] = [];
    for (const line of lines) {
      const request = requests.get(line.contentRequestId)!;
      const advertiser = await users.describeRequestAdvertiser(q, request.advertiserUserId);
      const pictures = await picturesOf(q, [advertiser?.profileFileId ?? null]);
      const picture = advertiser?.profileFileId
        ? pictures.get(advertiser.profileFileId)
        : undefined;
      result.push({
        content_request_influencer_id: line.id,
        content_request_id: request.id,
        status: line.state,
        reason: line.reason,
        allowed_transitions: allowedOf(line.state, 'TALENT'),
        price: line.price,
        funds_secured: fundsSecured(line),
        answer_by:
          line.state === 'sent'
            ? new Date(line.enteredAt.getTime() + acceptanceHours * 3_600_000).toISOString()
            : null,
        status_changed_at: line.enteredAt.toISOString(),
        advertiser: {
          name: advertiser?.name ?? '',
          profile_picture_url: picture ? mediaUrl(picture, 'thumb') : null,
        },
        title: request.title,
        content_type: request.contentType,
        video_duration: request.videoDuration ?? 0,
        format: request.format,
        product_name: request.productName,
        description: request.description,
        platforms: request.platforms,
        product_images: await imagesOf(q, request.productImageFileIds),
        delivery_deadline: request.deliveryDeadline?.toISOString() ?? '',
        publishing_deadline: request.publishingDeadline,
        script: request.script,
        sent_at: request.sentAt?.toISOString() ?? '',
      });
    }
    return result;
  }

  // ---- Checkout. ----

  /** The platform fee's priced order, with a promo code made for content requests. */
  async function priceFee(q: DbOrTx, advertiserUserId: number, promoCode: string | undefined) {
    const promotion = promoCode
      ? await deps.promoCodes.check(q, {
          code: promoCode,
          advertiserUserId,
          purchaseKind: PURCHASE_KIND,
        })
      : null;
    const order = priceOrder({
      items: [
        {
          kind: 'platform_fee',
          description: 'Content request platform fee',
          quantity: 1,
          unitAmount: await settings.get(q, 'platform_fee_millimes'),
        },
      ],
      promotionBasisPoints: promotion?.basisPoints ?? 0,
      rates: {
        vatRateBasisPoints: await settings.get(q, 'vat_rate_basis_points'),
        fiscalStampMillimes: await settings.get(q, 'fiscal_stamp_millimes'),
      },
    });
    return { order, promoCode: promotion?.code ?? null };
  }

  /** What the checkout needs before paying: spec §5's messages, a stable code each. */
  async function checkReady(q: DbOrTx, row: ContentRequestRow) {
    const missing: { field: string; message: string }[] = [];
    const required = contentRequestMessages.requiredFields;
    if (!row.title.trim()) missing.push({ field: 'title', message: required });
    if (!row.contentType) missing.push({ field: 'content_type', message: required });
    if (!row.videoDuration) missing.push({ field: 'video_duration', message: required });
    if (!row.format) missing.push({ field: 'format', message: required });
    if (!row.productName.trim()) missing.push({ field: 'product_name', message: required });
    if (!row.description.trim()) missing.push({ field: 'description', message: required });
    if (row.platforms.length === 0) missing.push({ field: 'platforms', message: required });
    const deadline = withDeadline(row);
    if (!row.deliveryDate) missing.push({ field: 'delivery_date', message: required });
    if (!row.deliverySlot) missing.push({ field: 'delivery_slot', message: required });
    if (deadline && deadline.getTime() <= Date.now()) {
      missing.push({
        field: 'delivery_date',
        message: 'The delivery deadline must be in the future',
      });
    }
    if (!row.script.trim()) {
      missing.push({ field: 'script', message: contentRequestMessages.scriptRequired });
    }
    if (missing.length > 0) {
      throw new AppError('CONTENT_REQUEST_INCOMPLETE', required, missing);
    }
    if (row.influencerIds.length === 0) {
      throw new AppError('NO_CREATOR', contentRequestMessages.selectCreator, [
        { field: 'influencer_ids', message: contentRequestMessages.selectCreator },
      ]);
    }
    await checkDraft(q, row.advertiserUserId, {
      influencer_ids: row.influencerIds,
      script: row.script,
    });
    if (!(await users.hasCompleteLegalInfo(q, row.advertiserUserId))) {
      throw new AppError(
        'LEGAL_INFO_REQUIRED',
        'Please complete your legal info before paying: an invoice names your company.',
      );
    }
  }

  async function pricesOf(q: DbOrTx, row: ContentRequestRow) {
    const prices = await deps.creatorPrices.pricesFor(
      q,
      row.influencerIds,
      row.videoDuration as VideoDuration,
    );
    const unpriced = row.influencerIds.filter((id) => !prices.has(id));
    if (unpriced.length > 0) {
      throw new AppError('VALIDATION_FAILED', 'Some chosen creators have no price', [
        {
          field: 'influencer_ids',
          message: `These creators have no price: ${unpriced.join(', ')}`,
        },
      ]);
    }
    return prices;
  }

  /**
   * The fee leaves the wallet for the platform's accounts (revenue, VAT, stamp, less a
   * promotion the platform gives): one balanced transaction, once per request.
   */
  async function postFee(tx: Tx, row: ContentRequestRow, order: PricedOrder, paymentId: number) {
    try {
      await ledger.post(tx, {
        idempotencyKey: `content-request:${row.id}:fee`,
        kind: 'content-request.fee',
        postings: [
          {
            account: { kind: 'advertiser_wallet', ownerUserId: row.advertiserUserId },
            amount: -order.total,
          },
          { account: { kind: 'platform_revenue' }, amount: order.subtotal },
          { account: { kind: 'promotions_given' }, amount: -order.discount },
          { account: { kind: 'vat_payable' }, amount: order.vatAmount },
          { account: { kind: 'stamp_payable' }, amount: order.stampAmount },
        ],
        reference: { content_request_id: row.id, payment_id: paymentId },
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          'Your wallet does not hold enough to pay the platform fee: top it up or pay by card.',
        );
      }
      throw error;
    }
  }

  /**
   * Sends a paid request, in the payment's transaction: one line per creator at their frozen
   * price, each entering the line process (its acceptance timer armed by the engine), the
   * content fees reserved when the wallet still covers them all, the event and the reminders.
   */
  async function send(tx: Tx, row: ContentRequestRow, order: PricedOrder, paymentId: number) {
    const prices = await pricesOf(tx, row);
    const creators = await checkCreators(tx, row.influencerIds);
    const at = new Date();
    await repository.update(tx, row.id, {
      status: 'sent',
      sentAt: at,
      paymentId,
      pricedOrder: order,
    });
    const lines = await repository.insertLines(
      tx,
      row.influencerIds.map((influencerId) => ({
        contentRequestId: row.id,
        influencerId,
        influencerUserId: creators.get(influencerId)!.userId,
        advertiserUserId: row.advertiserUserId,
        price: prices.get(influencerId)!,
        enteredAt: at,
      })),
    );
    const contentFees = lines.reduce((sum, line) => sum + line.price, 0);
    const { available } = await ledger.walletBalances(tx, row.advertiserUserId);
    const reserve = contentFees > 0 && available >= contentFees;
    const windowHours = await settings.get(tx, 'acceptance_window_hours');
    for (const line of lines) {
      await workflow.started(tx, contentRequestLineProcess, line.id, at);
      if (reserve && line.price > 0) {
        const hold = await ledger.reserve(tx, {
          idempotencyKey: `content-request-line:${line.id}`,
          ownerUserId: row.advertiserUserId,
          amount: line.price,
          reference: { content_request_id: row.id, content_request_influencer_id: line.id },
        });
        await repository.updateLine(tx, line.id, { holdId: hold.id });
      }
      const remindAt = at.getTime() + (windowHours - ACCEPTANCE_REMINDER_HOURS_BEFORE) * 3_600_000;
      if (remindAt > at.getTime()) {
        await events.stageJob(
          tx,
          acceptanceReminderJob,
          { lineId: line.id, version: 0 },
          { startAfter: new Date(remindAt) },
        );
      }
    }
    await events.emit(tx, 'content-request.sent', {
      contentRequestId: row.id,
      advertiserUserId: row.advertiserUserId,
      lines: lines.map((line) => ({ lineId: line.id, influencerUserId: line.influencerUserId })),
    });
  }

  /** Whether a request can be sent now (reads only: nothing to undo when it cannot). */
  async function isSendable(q: DbOrTx, row: ContentRequestRow): Promise<boolean> {
    try {
      await checkReady(q, row);
      await pricesOf(q, row);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  async function completePaid(
    tx: Tx,
    row: ContentRequestRow,
    order: PricedOrder,
    payment: PaymentRow,
  ) {
    await postFee(tx, row, order, payment.id);
    await deps.invoices.issue(tx, {
      ownerUserId: row.advertiserUserId,
      purchaseKind: PURCHASE_KIND,
      purchaseId: row.id,
      order,
      paidAt: new Date(),
    });
    await send(tx, row, order, payment.id);
  }

  payments.registerPurpose(CONTENT_REQUEST_PURPOSE, {
    /** The gateway's payment is in the wallet: the fee is taken from there and the request sent. */
    async onPaid(tx, payment) {
      const row = await repository.lock(tx, payment.purposeId);
      // Sent already (paid another way) or another attempt: the money stays in the wallet.
      if (!row || row.status === 'sent' || row.paymentId !== payment.id || !row.pricedOrder) return;
      if (!(await isSendable(tx, row))) {
        // Changed meanwhile (a creator no longer available, the deadline passed): the payment
        // stays in the wallet and the request goes back to draft, to be fixed and paid from there.
        deps.log.warn(
          { contentRequestId: row.id, paymentId: payment.id },
          'paid request not sendable',
        );
        await repository.update(tx, row.id, { status: 'draft' });
        await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
        return;
      }
      await completePaid(tx, row, row.pricedOrder as PricedOrder, payment);
    },
    async onUnpaid(tx, payment) {
      const row = await repository.lock(tx, payment.purposeId);
      if (!row || row.status !== 'awaiting_payment' || row.paymentId !== payment.id) return;
      await repository.update(tx, row.id, { status: 'draft' });
      await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
    },
  });

  // ---- Lines. ----

  /** A line the caller is a party to (its creator, or its advertiser); 404 otherwise. */
  async function findPartyLine(q: DbOrTx, caller: Caller, lineId: number) {
    const line = await repository.findLine(q, lineId);
    const side: Side | null = !line
      ? null
      : caller.role === 'TALENT' && line.influencerUserId === caller.userId
        ? 'creator'
        : (caller.role === 'BRAND' || caller.role === 'AGENCY') &&
            line.advertiserUserId === caller.userId
          ? 'advertiser'
          : null;
    if (!line || !side) throw notFound('Content request line');
    return { line, side };
  }

  async function lineView(q: DbOrTx, caller: Caller, lineId: number) {
    const { line, side } = await findPartyLine(q, caller, lineId);
    const delivery = await deliveryOf(q, line, caller);
    if (side === 'creator') {
      const [view] = await toCreatorLines(q, [line]);
      return { ...view!, ...delivery, viewer: 'creator' as const };
    }
    const request = (await repository.find(q, line.contentRequestId))!;
    const [view] = await toRequests(q, [request], caller.role);
    const own = view!.lines.find((l) => l.content_request_influencer_id === line.id)!;
    return { ...own, ...delivery, viewer: 'advertiser' as const, content_request_id: request.id };
  }

  return {
    async limits() {
      return {
        creators_per_request_max: await settings.get(db, 'creators_per_request_max'),
        script_max_length: await settings.get(db, 'script_max_length'),
        platform_fee: await settings.get(db, 'platform_fee_millimes'),
        acceptance_window_hours: await settings.get(db, 'acceptance_window_hours'),
      };
    },

    async create(caller: Caller, body: DraftInput): Promise<ContentRequest> {
      await checkDraft(db, caller.userId, body);
      const values = draftValues(body);
      const row = await repository.insert(db, {
        ...values,
        advertiserUserId: caller.userId,
        deliveryDeadline: withDeadline({
          deliveryDate: values.deliveryDate ?? null,
          deliverySlot: values.deliverySlot ?? null,
        }),
      });
      return (await toRequests(db, [row], caller.role))[0]!;
    },

    async update(caller: Caller, id: number, body: DraftInput) {
      await inTransaction(db, async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row || row.advertiserUserId !== caller.userId) throw notFound('Content request');
        if (row.status === 'sent') {
          throw new AppError('INVALID_TRANSITION', 'A sent request can no longer be changed.');
        }
        await checkDraft(tx, caller.userId, body);
        const values = draftValues(body);
        const merged = { ...row, ...values };
        await repository.update(tx, id, {
          ...values,
          deliveryDeadline: withDeadline(merged),
          // A change while its payment runs makes it a draft again: if that payment still
          // completes, its money stays in the wallet and the request is paid from there.
          ...(row.status === 'awaiting_payment' ? { status: 'draft' as const } : {}),
        });
      });
      return (await toRequests(db, [await findOwn(db, caller.userId, id)], caller.role))[0]!;
    },

    async remove(caller: Caller, id: number) {
      await inTransaction(db, async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row || row.advertiserUserId !== caller.userId) throw notFound('Content request');
        if (row.status !== 'draft') {
          throw new AppError('INVALID_TRANSITION', 'Only a draft can be deleted.');
        }
        await repository.delete(tx, id);
      });
    },

    async get(caller: Caller, id: number) {
      return (await toRequests(db, [await findOwn(db, caller.userId, id)], caller.role))[0]!;
    },

    async list(caller: Caller, query: z.infer<typeof contentRequestListQuerySchema>) {
      const filter = query.filter ?? 'all';
      const rows = await repository.listOfAdvertiser(db, caller.userId, {
        drafts: filter === 'draft',
        states: filter === 'draft' ? null : statesOfFilter(filter),
        before: query.before,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      return {
        data: await toRequests(db, page, caller.role),
        next_before: rows.length > query.limit ? page.at(-1)!.id : null,
      };
    },

    async quote(
      caller: Caller,
      id: number,
      promoCode: string | undefined,
    ): Promise<ContentRequestQuote> {
      const row = await findOwn(db, caller.userId, id);
      const { order, promoCode: code } = await priceFee(db, caller.userId, promoCode);
      const [view] = await toRequests(db, [row], caller.role);
      const contentFees = view!.creators;
      const total = contentFees.reduce((sum, c) => sum + (c.price ?? 0), 0);
      const { available } = await ledger.walletBalances(db, caller.userId);
      return {
        fee: toCheckoutQuote(order, { promoCode: code }),
        content_fees: contentFees,
        content_fees_total: total,
        wallet_available: available,
        wallet_covers_fee: available >= order.total,
        wallet_covers_content_fees: available >= order.total + total,
      };
    },

    /**
     * Pays the platform fee and sends the request. From the wallet: all in one transaction.
     * Through the gateway: the payment is recorded with the request (awaiting payment) and the
     * request is sent by the payment's `onPaid`.
     */
    async checkout(caller: Caller, id: number, body: CheckoutBody) {
      if (body.method === 'wallet') {
        return inTransaction(db, async (tx) => {
          const row = await repository.lock(tx, id);
          if (!row || row.advertiserUserId !== caller.userId) throw notFound('Content request');
          if (row.status === 'sent') {
            throw new AppError('INVALID_TRANSITION', 'This request was sent already.');
          }
          await checkReady(tx, row);
          const { order, promoCode } = await priceFee(tx, caller.userId, body.promo_code);
          const payment = await payments.payFromWallet(tx, {
            ownerUserId: caller.userId,
            purpose: CONTENT_REQUEST_PURPOSE,
            purposeId: row.id,
            amount: order.total,
            description: `Clipmarket content request #${row.id}`,
          });
          await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
          if (promoCode) {
            await deps.promoCodes.redeem(tx, {
              code: promoCode,
              advertiserUserId: caller.userId,
              purchaseKind: PURCHASE_KIND,
              purchaseId: row.id,
            });
          }
          await repository.update(tx, row.id, { promoCode, paymentId: payment.id });
          await completePaid(tx, row, order, payment);
          return {
            content_request_id: row.id,
            status: 'sent' as const,
            payment_url: null,
            payment_id: payment.id,
          };
        });
      }
      const { payment, urls } = await inTransaction(db, async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row || row.advertiserUserId !== caller.userId) throw notFound('Content request');
        if (row.status === 'sent') {
          throw new AppError('INVALID_TRANSITION', 'This request was sent already.');
        }
        await checkReady(tx, row);
        await pricesOf(tx, row);
        const { order, promoCode } = await priceFee(tx, caller.userId, body.promo_code);
        await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
        if (promoCode) {
          await deps.promoCodes.redeem(tx, {
            code: promoCode,
            advertiserUserId: caller.userId,
            purchaseKind: PURCHASE_KIND,
            purchaseId: row.id,
          });
        }
        const resultUrl = (status: 'success' | 'failed') =>
          `${deps.webUrl}/request-content/${row.id}/payment/${status}`;
        const input = {
          ownerUserId: caller.userId,
          purpose: CONTENT_REQUEST_PURPOSE,
          purposeId: row.id,
          amount: order.total,
          description: `Clipmarket content request #${row.id}`,
          successUrl: resultUrl('success'),
          failUrl: resultUrl('failed'),
        };
        const recorded = await payments.record(tx, input);
        await repository.update(tx, row.id, {
          status: 'awaiting_payment',
          paymentId: recorded.id,
          promoCode,
          pricedOrder: order,
        });
        return { payment: recorded, urls: input };
      });
      const opened = await payments.open(payment, urls);
      return {
        content_request_id: id,
        status: 'awaiting_payment' as const,
        payment_url: opened.payUrl,
        payment_id: opened.id,
      };
    },

    async listCreatorLines(caller: Caller, query: z.infer<typeof creatorLineListQuerySchema>) {
      const rows = await repository.linesOfCreator(db, caller.userId, {
        states: statesOfFilter(query.filter ?? 'all'),
        before: query.before,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      return {
        data: await toCreatorLines(db, page),
        next_before: rows.length > query.limit ? page.at(-1)!.id : null,
      };
    },

    getLine: (caller: Caller, lineId: number) => lineView(db, caller, lineId),

    /** Runs a line's transition as its creator or advertiser (the store checks the owner). */
    actAs: <T>(side: Side, work: () => Promise<T>) => actingSide.run(side, work),

    /** Calls `hook` in the transaction of every line entering a state (after the module's own work). */
    onLineEntered(hook: (typeof enteredHooks)[number]) {
      enteredHooks.push(hook);
    },

    /**
     * The videos module's port (ports.md): `submit` as the line's creator once its video is
     * ready, when the line still waits for one (accepted or debriefed); false otherwise. `q`
     * lets the video become ready in the same transaction.
     */
    async submitVideo(lineId: number, creatorUserId: number, q: DbOrTx = db): Promise<boolean> {
      const line = await repository.findLine(q, lineId);
      if (!line || line.influencerUserId !== creatorUserId) return false;
      try {
        await actingSide.run('creator', () =>
          workflow.apply(q, {
            process: contentRequestLineProcess,
            subjectId: lineId,
            transition: 'submit',
            actor: { role: 'TALENT', userId: creatorUserId },
          }),
        );
        return true;
      } catch (error) {
        // Not waiting for a video (submitted already, expired, cancelled): the engine refuses
        // the step; the video stays, the line is not submitted.
        if (error instanceof AppError && error.code === 'INVALID_TRANSITION') return false;
        throw error;
      }
    },

    /** A part-1 transition by the line's creator or advertiser; answers the line after it. */
    async transition(
      caller: Caller,
      lineId: number,
      body: { transition: string; reason?: string | undefined },
    ) {
      const { line, side } = await findPartyLine(db, caller, lineId);
      const name = body.transition as ContentRequestLineTransition;
      if (!Object.hasOwn(contentRequestLineProcess.transitions, name)) {
        throw new AppError('VALIDATION_FAILED', 'Unknown step', [
          { field: 'transition', message: `“${body.transition}” is not a step of a request` },
        ]);
      }
      if (!part1.has(name) && !genericPart2.has(name)) {
        throw new AppError(
          'INVALID_TRANSITION',
          `“${name}” is not taken here: ${routeOfStep[name] ?? 'the team takes it'}.`,
        );
      }
      if (name === 'accept' && side === 'creator') {
        const [creator] = (await users.describeRequestCreators(db, [line.influencerId])).values();
        if (!creator?.isValidated) {
          throw new AppError(
            'ACCOUNT_NOT_VALIDATED',
            'Your account is not validated yet: you can accept requests once our team has checked it.',
          );
        }
        if (!(await users.hasCompleteFinancialInfo(db, caller.userId))) {
          throw new AppError(
            'FINANCIAL_INFO_REQUIRED',
            'Please complete your financial info (payment method, account number and CIN) before accepting a request.',
          );
        }
      }
      await actingSide.run(side, () =>
        workflow.apply(db, {
          process: contentRequestLineProcess,
          subjectId: lineId,
          transition: name,
          actor: { role: caller.role, userId: caller.userId },
          reason: body.reason ?? null,
        }),
      );
      return lineView(db, caller, lineId);
    },
  };
}

export type ContentRequestsService = ReturnType<typeof createContentRequestsService>;

/** Who a line's notifications are about (notification handlers). */
export async function describeLineParties(q: DbOrTx, lineId: number) {
  const line = await repository.findLine(q, lineId);
  if (!line) return undefined;
  const request = (await repository.find(q, line.contentRequestId))!;
  return {
    lineId: line.id,
    contentRequestId: request.id,
    title: request.title,
    advertiserUserId: line.advertiserUserId,
    influencerUserId: line.influencerUserId,
    state: line.state,
  };
}
