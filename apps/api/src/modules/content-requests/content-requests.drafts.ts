import type { z } from 'zod';
import {
  contentRequestDraftSchema,
  contentRequestListQuerySchema,
  contentRequestMessages,
  type ContentRequest,
} from '@clipmarket/contracts/content-requests';
import { statesOfFilter } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { SettingsReader } from '../settings/index.js';
import type { Caller, MediaForRequests, UsersForRequests } from './content-requests.ports.js';
import {
  contentRequestsRepository as repository,
  type ContentRequestRow,
} from './content-requests.repository.js';
import { deadlineOf } from './content-requests.time.js';
import type { RequestViews } from './content-requests.views.js';

export type DraftInput = z.infer<typeof contentRequestDraftSchema>;

/** A request's delivery deadline, once its date and slot are chosen. */
export const withDeadline = (row: Pick<ContentRequestRow, 'deliveryDate' | 'deliverySlot'>) =>
  row.deliveryDate && row.deliverySlot ? deadlineOf(row.deliveryDate, row.deliverySlot) : null;

/**
 * An advertiser's drafts (issue 10 §2): created, changed and deleted until sent, each change
 * checked against the business settings (creators per request, script length), the creators
 * (validated) and the product images (the advertiser's own files); the advertiser's list.
 */
export function createDrafts(deps: {
  db: Db;
  settings: SettingsReader;
  users: UsersForRequests;
  media: MediaForRequests;
  views: Pick<RequestViews, 'toRequests'>;
}) {
  const { db, settings, users } = deps;
  const { toRequests } = deps.views;

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
    // The usage licence (issue 27 §1); null goes back to the default terms.
    if (body.licence !== undefined) values.licence = body.licence;
    return values;
  }

  return {
    findOwn,
    checkDraft,
    checkCreators,

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
  };
}

export type Drafts = ReturnType<typeof createDrafts>;
