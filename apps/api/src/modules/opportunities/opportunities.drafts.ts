import type { z } from 'zod';
import { licenceTermsOrDefault } from '@clipmarket/contracts/licences';
import {
  opportunityDraftSchema,
  opportunityListQuerySchema,
  opportunityMessages,
  opportunityReference,
  type Opportunity,
} from '@clipmarket/contracts/opportunities';
import { deadlineOf } from '@clipmarket/contracts/request-dates';
import { suggestedPriceGridOf } from '@clipmarket/contracts/suggested-prices';
import {
  opportunityProcess,
  statesOfOpportunityFilter,
} from '@clipmarket/contracts/workflows/opportunity';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/http/errors.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { SettingsReader } from '../settings/index.js';
import type {
  Caller,
  MediaForOpportunities,
  UsersForOpportunities,
} from './opportunities.ports.js';
import {
  opportunitiesRepository as repository,
  type NewOpportunity,
  type OpportunityRow,
} from './opportunities.repository.js';
import { findOwnOpportunity, ownOpportunityOrNotFound } from './opportunities.ownership.js';

export type OpportunityDraft = z.infer<typeof opportunityDraftSchema>;

/** The delivery deadline as an instant, once its date and slot are chosen (Tunisia's time). */
const deadlineOfRow = (row: Pick<OpportunityRow, 'deliveryDate' | 'deliverySlot'>) =>
  row.deliveryDate && row.deliverySlot ? deadlineOf(row.deliveryDate, row.deliverySlot) : null;

function toOpportunity(row: OpportunityRow, invited: number[]): Opportunity {
  return {
    content_opportunity_id: row.id,
    reference: opportunityReference(row.id),
    state: row.state,
    title: row.title,
    content_type: row.contentType,
    video_duration: row.videoDuration,
    format: row.format,
    platforms: row.platforms,
    creator_platforms: row.creatorPlatforms,
    category_ids: row.categoryIds,
    country: row.country,
    cities: row.cities,
    size_bands: row.sizeBands,
    spots: row.spots,
    spots_taken: row.spotsTaken,
    price_min: row.priceMin,
    price_max: row.priceMax,
    application_deadline: row.applicationDeadline,
    delivery_date: row.deliveryDate,
    delivery_slot: row.deliverySlot,
    delivery_deadline: row.deliveryDeadline?.toISOString() ?? null,
    publishing_deadline: row.publishingDeadline,
    product_image_file_ids: row.productImageFileIds,
    attachment_file_id: row.attachmentFileId,
    screening_questions: row.screeningQuestions,
    visibility: row.visibility,
    invited_influencer_ids: invited,
    brief: row.brief,
    checklist: row.checklist,
    licence: licenceTermsOrDefault(row.licence),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

/** The columns a draft's body changes (absent fields stay as they are). */
function draftValues(body: OpportunityDraft): Partial<NewOpportunity> {
  const columns: Array<[keyof OpportunityDraft, keyof NewOpportunity]> = [
    ['title', 'title'],
    ['content_type', 'contentType'],
    ['video_duration', 'videoDuration'],
    ['format', 'format'],
    ['platforms', 'platforms'],
    ['creator_platforms', 'creatorPlatforms'],
    ['category_ids', 'categoryIds'],
    ['country', 'country'],
    ['cities', 'cities'],
    ['size_bands', 'sizeBands'],
    ['spots', 'spots'],
    ['price_min', 'priceMin'],
    ['price_max', 'priceMax'],
    ['application_deadline', 'applicationDeadline'],
    ['delivery_date', 'deliveryDate'],
    ['delivery_slot', 'deliverySlot'],
    ['publishing_deadline', 'publishingDeadline'],
    ['product_image_file_ids', 'productImageFileIds'],
    ['attachment_file_id', 'attachmentFileId'],
    ['screening_questions', 'screeningQuestions'],
    ['visibility', 'visibility'],
    ['brief', 'brief'],
    ['checklist', 'checklist'],
    // The usage licence (issue 27 §1); null goes back to the default terms.
    ['licence', 'licence'],
  ];
  const values: Record<string, unknown> = {};
  for (const [field, column] of columns) {
    if (body[field] !== undefined) values[column] = body[field];
  }
  return values as Partial<NewOpportunity>;
}

/**
 * An advertiser's opportunity drafts (issue 23 §2, steps 1 and 2): created, changed and
 * discarded until published, each change checked against the business settings (brief length),
 * the files (the advertiser's own) and the invited creators (validated); the advertiser's list
 * with the spec's status filter. Discarding is the `opportunity` process's `discard`.
 */
export function createOpportunityDrafts(deps: {
  db: Db;
  workflow: Workflow;
  settings: SettingsReader;
  media: MediaForOpportunities;
  users: UsersForOpportunities;
}) {
  const { db, workflow, settings } = deps;

  workflow.register(opportunityProcess, {
    async lock(tx, id) {
      const row = await repository.lock(tx, id);
      return row && { state: row.state, version: row.version, ownerUserId: row.advertiserUserId };
    },
    async save(tx, id, next) {
      await repository.update(tx, id, {
        state: next.state,
        version: next.version,
        enteredAt: next.enteredAt,
        reason: next.reason,
      });
    },
  });

  async function toOpportunities(q: DbOrTx, rows: OpportunityRow[]) {
    const invited = await repository.invitationsOf(
      q,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toOpportunity(row, invited.get(row.id) ?? []));
  }

  /** The server's checks of what a draft holds. */
  async function checkDraft(q: DbOrTx, advertiserUserId: number, body: OpportunityDraft) {
    if (body.brief !== undefined) {
      const max = await settings.get(q, 'brief_max_length');
      if (body.brief.length > max) {
        throw new AppError('BRIEF_TOO_LONG', opportunityMessages.briefTooLong, [
          { field: 'brief', message: opportunityMessages.briefTooLong },
        ]);
      }
    }
    // Product images are images; the brief's attachment is a PDF (the documents upload).
    const fileFields = [
      { field: 'product_image_file_ids', ids: body.product_image_file_ids ?? [], kind: /^image\// },
      {
        field: 'attachment_file_id',
        ids: body.attachment_file_id ? [body.attachment_file_id] : [],
        kind: /^application\/pdf$/,
      },
    ];
    const files = fileFields.flatMap((entry) => entry.ids);
    if (files.length > 0) {
      const owned = await deps.media.findOwnedFiles(q, advertiserUserId, files);
      const errors = fileFields.flatMap(({ field, ids, kind }) => {
        const refused = ids.filter((id) => !kind.test(owned.get(id)?.mime_type ?? ''));
        return refused.length > 0
          ? [{ field, message: `Unknown files: ${refused.join(', ')}` }]
          : [];
      });
      if (errors.length > 0) throw new AppError('VALIDATION_FAILED', 'Unknown files', errors);
    }
    if (body.invited_influencer_ids?.length) {
      const found = await deps.users.describeRequestCreators(q, body.invited_influencer_ids);
      const unavailable = body.invited_influencer_ids.filter((id) => !found.get(id)?.isValidated);
      if (unavailable.length > 0) {
        throw new AppError('VALIDATION_FAILED', 'Some invited creators cannot be invited', [
          {
            field: 'invited_influencer_ids',
            message: `These creators cannot be invited: ${unavailable.join(', ')}`,
          },
        ]);
      }
    }
  }

  return {
    async create(caller: Caller, body: OpportunityDraft): Promise<Opportunity> {
      const id = await inTransaction(db, async (tx) => {
        await checkDraft(tx, caller.userId, body);
        const values = draftValues(body);
        const row = await repository.insert(tx, {
          ...values,
          advertiserUserId: caller.userId,
          deliveryDeadline: deadlineOfRow({
            deliveryDate: values.deliveryDate ?? null,
            deliverySlot: values.deliverySlot ?? null,
          }),
        });
        if (body.invited_influencer_ids) {
          await repository.replaceInvitations(tx, row.id, body.invited_influencer_ids);
        }
        return row.id;
      });
      return (await toOpportunities(db, [await findOwnOpportunity(db, caller.userId, id)]))[0]!;
    },

    async update(caller: Caller, id: number, body: OpportunityDraft): Promise<Opportunity> {
      await inTransaction(db, async (tx) => {
        const row = ownOpportunityOrNotFound(await repository.lock(tx, id), caller.userId);
        if (row.state !== 'draft') {
          throw new AppError(
            'INVALID_TRANSITION',
            'A published opportunity can no longer be changed.',
          );
        }
        await checkDraft(tx, caller.userId, body);
        const values = draftValues(body);
        await repository.update(tx, id, {
          ...values,
          deliveryDeadline: deadlineOfRow({ ...row, ...values }),
        });
        if (body.invited_influencer_ids) {
          await repository.replaceInvitations(tx, id, body.invited_influencer_ids);
        }
      });
      return (await toOpportunities(db, [await findOwnOpportunity(db, caller.userId, id)]))[0]!;
    },

    /** "Draft Deleted successfully!": the draft leaves the lists (the process's `discard`). */
    async discard(caller: Caller, id: number): Promise<void> {
      await workflow.apply(db, {
        process: opportunityProcess,
        subjectId: id,
        transition: 'discard',
        actor: { role: caller.role, userId: caller.userId },
      });
    },

    /**
     * The business settings the publishing screens show (the brief's counter, the fee, the
     * suggested prices under the price band).
     */
    async limits() {
      const values = await settings.getAll(db);
      return {
        brief_max_length: values.brief_max_length,
        platform_fee: values.platform_fee_millimes,
        application_answer_window_days: values.application_answer_window_days,
        suggested_prices: suggestedPriceGridOf((key) => values[key]),
      };
    },

    async get(caller: Caller, id: number): Promise<Opportunity> {
      return (await toOpportunities(db, [await findOwnOpportunity(db, caller.userId, id)]))[0]!;
    },

    async list(caller: Caller, query: z.infer<typeof opportunityListQuerySchema>) {
      const rows = await repository.listOfAdvertiser(db, caller.userId, {
        states: query.filter === 'draft' ? ['draft'] : statesOfOpportunityFilter(query.filter),
        before: query.before,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const counts = await repository.countsOf(
        db,
        page.map((row) => row.id),
      );
      return {
        data: (await toOpportunities(db, page)).map((opportunity) => ({
          ...opportunity,
          counts: counts.get(opportunity.content_opportunity_id)!,
        })),
        next_before: rows.length > query.limit ? page.at(-1)!.id : null,
      };
    },
  };
}

export type OpportunityDrafts = ReturnType<typeof createOpportunityDrafts>;
