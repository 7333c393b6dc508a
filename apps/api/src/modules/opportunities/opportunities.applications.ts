import type { z } from 'zod';
import { licenceTermsOrDefault } from '@clipmarket/contracts/licences';
import {
  opportunityReference,
  type Application,
  type applicationBodySchema,
  type applicationDecisionBodySchema,
  type applicationListQuerySchema,
  type applicationRevisionBodySchema,
  type discoverOpportunitiesQuerySchema,
  type OpportunityCard,
  type OpportunityDetail,
  type OwnApplication,
} from '@clipmarket/contracts/opportunities';
import { opportunityProcess } from '@clipmarket/contracts/workflows/opportunity';
import {
  applicationLabel,
  creatorOpportunityLabel,
  opportunityApplicationProcess,
  type OpportunityApplicationState,
} from '@clipmarket/contracts/workflows/opportunity-application';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.js';
import {
  InvalidTransitionError,
  systemActor,
  type Actor,
  type Workflow,
  type WorkflowEvents,
} from '../../platform/workflow/workflow.js';
import type { LedgerService } from '../ledger/index.js';
import { createOpportunityClosing } from './opportunities.closing.js';
import type { OpportunitiesEvents } from './opportunities.events.js';
import type {
  Caller,
  CreatorsForOpportunities,
  LinesForOpportunities,
} from './opportunities.ports.js';
import { applicationsCloseAt } from './opportunities.publishing.js';
import {
  opportunitiesRepository as repository,
  type ApplicationRow,
  type CreatorMatch,
  type OpportunityRow,
  type Position,
} from './opportunities.repository.js';
import { findOwnOpportunity, ownOpportunityOrNotFound } from './opportunities.ownership.js';

type DiscoverQuery = z.infer<typeof discoverOpportunitiesQuerySchema>;
type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

/** A keyset cursor as the API sends it: `id`, or `value:id` for a sort by value. */
const cursorOf = (position: Position) =>
  position.value === undefined ? String(position.id) : `${position.value}:${position.id}`;
function positionOf(cursor: string | undefined): Position | undefined {
  if (!cursor) return undefined;
  const [first, second] = cursor.split(':').map(Number);
  return second === undefined ? { id: first! } : { value: first!, id: second };
}

const applicationStatesByFilter: Record<
  ApplicationListQuery['filter'],
  readonly OpportunityApplicationState[] | null
> = {
  all: null,
  under_review: ['submitted', 'debriefed'],
  accepted: ['accepted'],
  declined: ['declined', 'withdrawn', 'closed'],
};

/** Line states in which the creator's spot is given back: the line ended without delivery. */
const SPOT_FREEING: readonly ContentRequestLineState[] = [
  'declined',
  'expired',
  'cancelled',
  'closed',
];
const LINE_ENDED: readonly ContentRequestLineState[] = [...SPOT_FREEING, 'completed'];

/** An application's price lies inside its opportunity's band (the draft's min and max). */
function checkPriceInBand(row: OpportunityRow, price: number) {
  if (price >= (row.priceMin ?? 0) && price <= (row.priceMax ?? 0)) return;
  const message = "Your price must be within the opportunity's price range.";
  throw new AppError('PRICE_OUTSIDE_BAND', message, [{ field: 'price', message }]);
}

/** The wallet does not cover the price being held (the advertiser tops up or pays by card). */
const insufficientFunds = () =>
  new AppError(
    'INSUFFICIENT_FUNDS',
    "Your wallet does not cover this creator's price: top it up or pay what is missing by card, then approve.",
  );

/**
 * Why an application cannot be accepted now, by its opportunity (live, a spot free) and its own
 * state (under review); null when it can. Answered, not thrown: the advertiser's approval throws
 * it, a card payment arriving for an approval keeps its money in the wallet instead.
 */
export function acceptanceRefusal(row: OpportunityRow, application: ApplicationRow) {
  if (row.state !== 'live') {
    return new AppError('APPLICATIONS_CLOSED', 'This opportunity no longer takes applications.');
  }
  if (row.spotsTaken >= (row.spots ?? 0)) {
    return new AppError('NO_SPOTS_LEFT', 'Every spot of this opportunity is taken.');
  }
  if (!opportunityApplicationProcess.transitions.accept.from.includes(application.state)) {
    return new InvalidTransitionError(
      opportunityApplicationProcess.name,
      'accept',
      application.state,
    );
  }
  return null;
}

/**
 * Applications (issue 23 §3–§5, ADR 033, 035): creators discover the live opportunities that
 * match them, record an interest, apply, withdraw or revise after a debrief; the advertiser
 * compares applicants and accepts (a spot taken and the price held, under the opportunity's
 * lock: never more than its spots), debriefs once or declines. An accepted application opens a
 * delivery line; a line that ends without a delivery gives its spot back.
 */
export function createOpportunityApplications(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<OpportunitiesEvents & WorkflowEvents>;
  jobs: JobQueue;
  ledger: LedgerService;
  creators: CreatorsForOpportunities;
  lines: LinesForOpportunities;
}) {
  const { db, workflow, events, creators, lines } = deps;

  workflow.register(opportunityApplicationProcess, {
    async lock(tx, id, { actor }) {
      const row = await repository.lockApplication(tx, id);
      if (!row) return undefined;
      const ownerUserId =
        actor.role === 'TALENT'
          ? row.influencerUserId
          : actor.role === 'BRAND' || actor.role === 'AGENCY'
            ? row.advertiserUserId
            : null;
      return { state: row.state, version: row.version, ownerUserId };
    },
    async save(tx, id, next) {
      await repository.updateApplication(tx, id, {
        state: next.state,
        version: next.version,
        enteredAt: next.enteredAt,
        reason: next.reason,
      });
    },
  });

  /** The caller as a creator: who they are and what opportunities match them. */
  async function creatorOf(q: DbOrTx, caller: Caller): Promise<CreatorMatch> {
    const influencerId = await creators.influencerIdOfUser(q, caller.userId);
    if (!influencerId) throw notFound('Creator profile');
    const reach = (await creators.describeCreatorReach(q, [influencerId])).get(influencerId);
    return {
      influencerId,
      country: reach?.country ?? null,
      city: reach?.city ?? null,
      sizeBands: [...new Set(reach?.audiences.map((a) => a.sizeBand) ?? [])],
      platforms: reach?.audiences.map((a) => a.platform) ?? [],
    };
  }

  /** An opportunity the creator may see (live or not); any other is not found. */
  async function visibleOrNotFound(q: DbOrTx, creator: CreatorMatch, id: number) {
    const row = await repository.find(q, id);
    if (!row || ['draft', 'discarded', 'published'].includes(row.state)) {
      throw notFound('Opportunity');
    }
    const applied = await repository.applicationOf(q, id, creator.influencerId);
    if (!applied && !(await repository.isVisibleTo(q, id, creator))) throw notFound('Opportunity');
    return row;
  }

  async function toCards(
    q: DbOrTx,
    creator: CreatorMatch,
    rows: OpportunityRow[],
  ): Promise<OpportunityCard[]> {
    const ids = rows.map((row) => row.id);
    const advertiserIds = [...new Set(rows.map((row) => row.advertiserUserId))];
    const advertisers = await creators.describeRequestAdvertisers(q, advertiserIds);
    const answerHours = await repository.medianAnswerHours(q, advertiserIds);
    const interested = await repository.interestedIn(q, creator.influencerId, ids);
    const own = await repository.applicationsOfCreator(q, creator.influencerId, ids);
    const lineStates = await lines.describe(
      q,
      [...own.values()].flatMap((a) => (a.lineId ? [a.lineId] : [])),
    );
    return rows.map((row) => {
      const application = own.get(row.id);
      const line = application?.lineId ? lineStates.get(application.lineId) : undefined;
      return {
        content_opportunity_id: row.id,
        reference: opportunityReference(row.id),
        title: row.title,
        content_type: row.contentType,
        video_duration: row.videoDuration,
        format: row.format,
        platforms: row.platforms,
        creator_platforms: row.creatorPlatforms,
        category_ids: row.categoryIds,
        country: row.country,
        cities: row.cities,
        visibility: row.visibility,
        spots_left: Math.max(0, (row.spots ?? 0) - row.spotsTaken),
        price_min: row.priceMin ?? 0,
        price_max: row.priceMax ?? 0,
        application_deadline: row.applicationDeadline ?? '',
        delivery_deadline: row.deliveryDeadline?.toISOString() ?? null,
        publishing_deadline: row.publishingDeadline,
        published_at: row.publishedAt?.toISOString() ?? null,
        has_attachment: row.attachmentFileId !== null,
        advertiser: {
          user_id: row.advertiserUserId,
          name: advertisers.get(row.advertiserUserId)?.name ?? '',
          median_answer_hours: answerHours.get(row.advertiserUserId) ?? null,
        },
        interested: interested.has(row.id),
        application: application
          ? {
              content_opportunity_influencer_id: application.id,
              state: application.state,
              label: applicationLabel(application.state, line?.state ?? null),
              created_at: application.createdAt.toISOString(),
            }
          : null,
        label: creatorOpportunityLabel(row.state, application?.state ?? null),
      };
    });
  }

  async function toDetail(q: DbOrTx, creator: CreatorMatch, row: OpportunityRow) {
    const [card] = await toCards(q, creator, [row]);
    // What the usage rights add at the creator's own rates, on the band's ends (issue 27 §1).
    const atBand = (basePrice: number) =>
      lines.licensedPrice(q, { influencerId: creator.influencerId, basePrice, terms: row.licence });
    const [low, high] = [await atBand(row.priceMin ?? 0), await atBand(row.priceMax ?? 0)];
    const detail: OpportunityDetail = {
      ...card!,
      brief: row.brief,
      checklist: row.checklist,
      screening_questions: row.screeningQuestions,
      attachment_file_id: row.attachmentFileId,
      product_image_file_ids: row.productImageFileIds,
      licence: {
        terms: licenceTermsOrDefault(row.licence),
        add_on_basis_points: high.quote.breakdown.reduce((sum, a) => sum + a.basis_points, 0),
        add_on_min: low.addOnPrice,
        add_on_max: high.addOnPrice,
      },
    };
    return detail;
  }

  /** Applications as their opportunity's advertiser compares them: public figures only. */
  async function toApplications(q: DbOrTx, rows: ApplicationRow[]): Promise<Application[]> {
    const influencerIds = rows.map((row) => row.influencerId);
    const people = await creators.describeRequestCreators(q, influencerIds);
    const reach = await creators.describeCreatorReach(q, influencerIds);
    const records = await lines.deliveryRecords(
      q,
      rows.map((row) => row.influencerUserId),
    );
    const lineStates = await lines.describe(
      q,
      rows.flatMap((row) => (row.lineId ? [row.lineId] : [])),
    );
    return rows.map((row) => {
      const line = row.lineId ? lineStates.get(row.lineId) : undefined;
      const record = records.get(row.influencerUserId);
      const place = reach.get(row.influencerId);
      return {
        content_opportunity_influencer_id: row.id,
        content_opportunity_id: row.contentOpportunityId,
        state: row.state,
        label: applicationLabel(row.state, line?.state ?? null),
        reason: row.reason,
        price: row.price,
        pitch: row.pitch,
        answers: row.answers,
        sample_line_id: row.sampleLineId,
        debriefs_used: row.debriefCount,
        line:
          line && row.lineId
            ? { content_request_influencer_id: row.lineId, state: line.state }
            : null,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        creator: {
          influencer_id: row.influencerId,
          name: people.get(row.influencerId)?.name ?? '',
          city: place?.city ?? null,
          profile_file_id: people.get(row.influencerId)?.profileFileId ?? null,
          audience: (place?.audiences ?? []).map((a) => ({
            platform: a.platform,
            followers: a.source ? a.followers : null,
            engagement_rate: a.source ? a.engagementRate : null,
            source: a.source ?? 'none',
            measured_at: a.measuredAt?.toISOString() ?? null,
          })),
          rating: record?.rating ?? null,
          ratings: record?.ratings ?? 0,
          on_time_rate: record?.onTimeRate ?? null,
          deliveries: record?.deliveries ?? 0,
        },
      };
    });
  }

  async function toOwnApplications(
    q: DbOrTx,
    creator: CreatorMatch,
    rows: ApplicationRow[],
  ): Promise<OwnApplication[]> {
    const opportunities = new Map<number, OpportunityRow>();
    for (const id of new Set(rows.map((row) => row.contentOpportunityId))) {
      opportunities.set(id, (await repository.find(q, id))!);
    }
    const cards = new Map(
      (await toCards(q, creator, [...opportunities.values()])).map((card) => [
        card.content_opportunity_id,
        card,
      ]),
    );
    const lineStates = await lines.describe(
      q,
      rows.flatMap((row) => (row.lineId ? [row.lineId] : [])),
    );
    return rows.map((row) => {
      const line = row.lineId ? lineStates.get(row.lineId) : undefined;
      return {
        content_opportunity_influencer_id: row.id,
        state: row.state,
        label: applicationLabel(row.state, line?.state ?? null),
        reason: row.reason,
        price: row.price,
        pitch: row.pitch,
        answers: row.answers,
        sample_line_id: row.sampleLineId,
        debriefs_used: row.debriefCount,
        line:
          line && row.lineId
            ? {
                content_request_influencer_id: row.lineId,
                state: line.state,
                funds_secured: line.fundsSecured,
              }
            : null,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        opportunity: cards.get(row.contentOpportunityId)!,
      };
    });
  }

  const actorOf = (caller: Caller): Actor => ({ role: caller.role, userId: caller.userId });

  const { closeOpenApplications, closeEarly } = createOpportunityClosing({ workflow, lines });

  /**
   * Accepts an application, in the caller's transaction, the opportunity then the application
   * locked by the caller (the order of every approval: spots never oversold). Whatever stands in
   * the way — `acceptanceRefusal`, or a wallet that does not cover the price — is answered
   * before anything is written. Then: `accept`, the price held from the wallet, the delivery
   * line opened, a spot taken (`fill` on the last one), the creator told. The advertiser's
   * approval (`decide`) and a paid approval's card payment (`onPaid`, the money just credited to
   * the wallet) both accept through here.
   */
  async function acceptApplication(
    tx: Tx,
    row: OpportunityRow,
    application: ApplicationRow,
    actor: Actor,
  ): Promise<AppError | null> {
    const refused = acceptanceRefusal(row, application);
    if (refused) return refused;
    // The agreed price is the base; the licence's add-ons at the creator's rates are added
    // (issue 27 §1): what is held and what the content fee pays.
    const agreed = await lines.licensedPrice(tx, {
      influencerId: application.influencerId,
      basePrice: application.price,
      terms: row.licence,
    });
    const { available } = await deps.ledger.walletBalances(tx, row.advertiserUserId);
    if (available < agreed.total) return insufficientFunds();
    await workflow.apply(tx, {
      process: opportunityApplicationProcess,
      subjectId: application.id,
      transition: 'accept',
      actor,
    });
    let holdId: number | null = null;
    if (agreed.total > 0) {
      try {
        const hold = await deps.ledger.reserve(tx, {
          idempotencyKey: `opportunity-application:${application.id}`,
          ownerUserId: row.advertiserUserId,
          amount: agreed.total,
          reference: {
            content_opportunity_id: row.id,
            content_opportunity_influencer_id: application.id,
          },
        });
        holdId = hold.id;
      } catch (error) {
        // Spent meanwhile by another payment of the wallet: the whole approval rolls back.
        if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
          throw insufficientFunds();
        }
        throw error;
      }
    }
    const answeredAt = application.answeredAt ?? new Date();
    await lines.open(
      tx,
      {
        contentOpportunityId: row.id,
        influencerId: application.influencerId,
        influencerUserId: application.influencerUserId,
        advertiserUserId: row.advertiserUserId,
        price: agreed.total,
        holdId,
        licence: { terms: row.licence, basePrice: agreed.basePrice, rates: agreed.rates },
      },
      (lineId) => repository.updateApplication(tx, application.id, { lineId, answeredAt }),
    );
    const spotsTaken = row.spotsTaken + 1;
    await repository.update(tx, row.id, { spotsTaken });
    if (spotsTaken >= (row.spots ?? 0)) {
      await workflow.apply(tx, {
        process: opportunityProcess,
        subjectId: row.id,
        transition: 'fill',
        actor: systemActor,
      });
    }
    await events.emit(tx, 'opportunity.application-answered', {
      applicationId: application.id,
      contentOpportunityId: row.id,
      advertiserUserId: row.advertiserUserId,
      influencerUserId: application.influencerUserId,
      title: row.title,
      decision: 'accept',
    });
    return null;
  }

  /**
   * An ongoing opportunity whose lines all ended is completed, delivered or not: ongoing means
   * it takes no more applications (its spots taken, stopped, or the deadline passed), so
   * nothing is left to happen. A line of a full one that ends without its video before the
   * deadline has made it live again (`reopen`) before this is asked.
   */
  async function completeIfDone(tx: Tx, row: OpportunityRow) {
    if (row.state !== 'ongoing') return;
    if ((await lines.openLinesOf(tx, row.id)) > 0) return;
    await workflow.apply(tx, {
      process: opportunityProcess,
      subjectId: row.id,
      transition: 'complete',
      actor: systemActor,
    });
  }

  // A line of an opportunity that ends: its spot back when undelivered (live again while the
  // deadline has not passed), the opportunity completed when it was the last.
  lines.onLineEntered(async (tx, { lineId, state }) => {
    if (!LINE_ENDED.includes(state)) return;
    const line = (await lines.describe(tx, [lineId])).get(lineId);
    if (!line?.contentOpportunityId) return;
    const row = (await repository.lock(tx, line.contentOpportunityId))!;
    if (SPOT_FREEING.includes(state)) {
      await repository.update(tx, row.id, { spotsTaken: Math.max(0, row.spotsTaken - 1) });
      // Live again only when it was ongoing for want of spots: applications the advertiser
      // stopped stay stopped.
      const wasFull = row.spotsTaken >= (row.spots ?? 0);
      if (row.state === 'ongoing' && wasFull && applicationsCloseAt(row).getTime() > Date.now()) {
        await workflow.apply(tx, {
          process: opportunityProcess,
          subjectId: row.id,
          transition: 'reopen',
          actor: systemActor,
        });
        return;
      }
    }
    await completeIfDone(tx, (await repository.find(tx, row.id))!);
  });

  // Steps the system takes on an application, told to its creator as an answer: the answer
  // window passed (the engine's timer), or the opportunity stopped taking applications.
  const relayToCreator = async (applicationId: number, decision: 'auto_decline' | 'closed') => {
    const application = await repository.findApplication(db, applicationId);
    const row = application && (await repository.find(db, application.contentOpportunityId));
    if (!application || !row) return;
    await events.emit(db, 'opportunity.application-answered', {
      applicationId: application.id,
      contentOpportunityId: row.id,
      advertiserUserId: row.advertiserUserId,
      influencerUserId: application.influencerUserId,
      title: row.title,
      decision,
    });
  };
  events.on('workflow.transitioned', 'opportunities.auto-declined', async (event) => {
    if (event.process !== opportunityApplicationProcess.name) return;
    if (event.transition !== 'auto_decline') return;
    await relayToCreator(event.subjectId, 'auto_decline');
  });
  events.on('workflow.transitioned', 'opportunities.application-closed', async (event) => {
    if (event.process !== opportunityApplicationProcess.name) return;
    if (event.transition !== 'close') return;
    await relayToCreator(event.subjectId, 'closed');
  });

  // Once a day (08:00 in Tunisia): the opportunities that received applications since
  // yesterday, for the advertisers who chose the daily recap (the notifications decide).
  deps.jobs.register(
    defineJob<Record<string, never>>({
      name: 'opportunity-applications-of-the-day',
      cron: '0 7 * * *',
      retryLimit: 2,
      handle: async () => {
        const since = new Date(Date.now() - 24 * 3_600_000);
        for (const day of await repository.applicationsSince(db, since)) {
          await events.emit(db, 'opportunity.applications-of-the-day', day);
        }
      },
    }),
  );

  return {
    /** The acceptance itself, for a card payment that arrives for an approval. */
    acceptApplication,

    /** One application of the caller's opportunity, as its list shows it. */
    async application(caller: Caller, id: number, applicationId: number) {
      await findOwnOpportunity(db, caller.userId, id);
      const row = await repository.findApplication(db, applicationId);
      if (!row || row.contentOpportunityId !== id) throw notFound('Application');
      return (await toApplications(db, [row]))[0]!;
    },

    /** Two days before the deadline: interested creators who have not applied, reminded. */
    async onApplyReminder(opportunityId: number) {
      const row = await repository.find(db, opportunityId);
      if (!row || row.state !== 'live') return;
      const applied = new Set(
        (
          await repository.listApplications(db, opportunityId, {
            states: null,
            sort: 'newest',
            limit: 10_000,
          })
        ).map((application) => application.influencerUserId),
      );
      const reminded = (await repository.interestsOf(db, opportunityId))
        .map((interest) => interest.influencerUserId)
        .filter((userId) => !applied.has(userId));
      if (reminded.length === 0) return;
      await events.emit(db, 'opportunity.apply-reminder', {
        contentOpportunityId: row.id,
        advertiserUserId: row.advertiserUserId,
        title: row.title,
        influencerUserIds: reminded,
      });
    },

    /** The end of the application deadline's day: ongoing with accepted creators, else expired. */
    async onApplicationDeadline(opportunityId: number) {
      await inTransaction(db, async (tx) => {
        const row = await repository.lock(tx, opportunityId);
        if (!row || (row.state !== 'live' && row.state !== 'ongoing')) return;
        await closeOpenApplications(tx, row.id);
        if (row.state === 'live') {
          await workflow.apply(tx, {
            process: opportunityProcess,
            subjectId: row.id,
            transition: row.spotsTaken > 0 ? 'close_applications' : 'expire',
            actor: systemActor,
          });
        }
        await completeIfDone(tx, (await repository.find(tx, row.id))!);
      });
    },

    async discover(caller: Caller, query: DiscoverQuery) {
      const creator = await creatorOf(db, caller);
      const rows = await repository.discover(db, creator, {
        categoryIds: query.category_ids,
        country: query.country,
        cities: query.cities,
        startDate: query.start_date,
        endDate: query.end_date,
        minPrice: query.min_price,
        maxPrice: query.max_price,
        sort: query.sort,
        after: positionOf(query.cursor),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: await toCards(db, creator, page),
        next_cursor:
          rows.length > query.limit && last
            ? cursorOf(
                query.sort === 'best_paid'
                  ? { value: last.priceMax ?? 0, id: last.id }
                  : { id: last.id },
              )
            : null,
      };
    },

    async detail(caller: Caller, id: number) {
      const creator = await creatorOf(db, caller);
      return toDetail(db, creator, await visibleOrNotFound(db, creator, id));
    },

    /** "Learn more": the creator read the brief (listed to the advertiser, reminded later). */
    async recordInterest(caller: Caller, id: number) {
      const creator = await creatorOf(db, caller);
      const row = await visibleOrNotFound(db, creator, id);
      await repository.recordInterest(db, {
        contentOpportunityId: row.id,
        influencerId: creator.influencerId,
        influencerUserId: caller.userId,
      });
    },

    async apply(caller: Caller, id: number, body: z.infer<typeof applicationBodySchema>) {
      const applicationId = await inTransaction(db, async (tx) => {
        const creator = await creatorOf(tx, caller);
        const person = (await creators.describeRequestCreators(tx, [creator.influencerId])).get(
          creator.influencerId,
        );
        if (!person?.isValidated) {
          throw new AppError(
            'ACCOUNT_NOT_VALIDATED',
            'Your account is not validated yet: you can apply once the team has validated it.',
          );
        }
        if (!(await creators.hasCompleteFinancialInfo(tx, caller.userId))) {
          throw new AppError(
            'FINANCIAL_INFO_REQUIRED',
            'Complete your financial info (payment method, account number, ID) to apply.',
          );
        }
        await visibleOrNotFound(tx, creator, id);
        const row = (await repository.lock(tx, id))!;
        if (row.state !== 'live') {
          throw new AppError(
            'APPLICATIONS_CLOSED',
            'This opportunity no longer takes applications.',
          );
        }
        if (await repository.applicationOf(tx, id, creator.influencerId)) {
          throw new AppError('ALREADY_APPLIED', 'You have already applied to this opportunity.');
        }
        checkPriceInBand(row, body.price);
        if (body.answers.length !== row.screeningQuestions.length) {
          throw new AppError('VALIDATION_FAILED', 'Answer every question', [
            { field: 'answers', message: 'Answer every question' },
          ]);
        }
        if (body.sample_line_id) {
          const sample = (await lines.describe(tx, [body.sample_line_id])).get(body.sample_line_id);
          const approved = ['approved', 'paid', 'link_submitted', 'link_declined', 'completed'];
          if (
            !sample ||
            sample.influencerUserId !== caller.userId ||
            !approved.includes(sample.state)
          ) {
            throw new AppError('VALIDATION_FAILED', 'Choose one of your approved videos', [
              { field: 'sample_line_id', message: 'Choose one of your approved videos' },
            ]);
          }
        }
        const application = await repository.insertApplication(tx, {
          contentOpportunityId: id,
          influencerId: creator.influencerId,
          influencerUserId: caller.userId,
          advertiserUserId: row.advertiserUserId,
          price: body.price,
          pitch: body.pitch,
          sampleLineId: body.sample_line_id ?? null,
          answers: body.answers,
        });
        await workflow.started(
          tx,
          opportunityApplicationProcess,
          application.id,
          application.createdAt,
        );
        await events.emit(tx, 'opportunity.application-submitted', {
          applicationId: application.id,
          contentOpportunityId: id,
          advertiserUserId: row.advertiserUserId,
          influencerUserId: caller.userId,
          title: row.title,
        });
        return application.id;
      });
      return this.ownApplication(caller, applicationId);
    },

    async ownApplication(caller: Caller, applicationId: number) {
      const row = await repository.findApplication(db, applicationId);
      if (!row || row.influencerUserId !== caller.userId) throw notFound('Application');
      const creator = await creatorOf(db, caller);
      return (await toOwnApplications(db, creator, [row]))[0]!;
    },

    async ownApplications(caller: Caller, query: { before?: number | undefined; limit: number }) {
      const creator = await creatorOf(db, caller);
      const rows = await repository.listOfCreator(db, caller.userId, query.before, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return {
        data: await toOwnApplications(db, creator, page),
        next_before: rows.length > query.limit ? page.at(-1)!.id : null,
      };
    },

    async withdraw(caller: Caller, applicationId: number) {
      await workflow.apply(db, {
        process: opportunityApplicationProcess,
        subjectId: applicationId,
        transition: 'withdraw',
        actor: actorOf(caller),
      });
      return this.ownApplication(caller, applicationId);
    },

    /** After a debrief: another price (inside the band) or pitch, back under review. */
    async revise(
      caller: Caller,
      applicationId: number,
      body: z.infer<typeof applicationRevisionBodySchema>,
    ) {
      await inTransaction(db, async (tx) => {
        const application = await repository.findApplication(tx, applicationId);
        if (!application || application.influencerUserId !== caller.userId) {
          throw notFound('Application');
        }
        const row = (await repository.lock(tx, application.contentOpportunityId))!;
        checkPriceInBand(row, body.price);
        await workflow.apply(tx, {
          process: opportunityApplicationProcess,
          subjectId: applicationId,
          transition: 'revise',
          actor: actorOf(caller),
        });
        await repository.updateApplication(tx, applicationId, {
          price: body.price,
          pitch: body.pitch,
        });
        await events.emit(tx, 'opportunity.application-submitted', {
          applicationId,
          contentOpportunityId: row.id,
          advertiserUserId: row.advertiserUserId,
          influencerUserId: caller.userId,
          title: row.title,
        });
      });
      return this.ownApplication(caller, applicationId);
    },

    async listApplications(caller: Caller, id: number, query: ApplicationListQuery) {
      await findOwnOpportunity(db, caller.userId, id);
      const rating = query.sort === 'rating';
      const rows = await repository.listApplications(db, id, {
        states: applicationStatesByFilter[query.filter],
        // Best rated first: ratings are not stored on applications; a page is sorted by them.
        sort: query.sort === 'rating' ? 'newest' : query.sort,
        after: positionOf(query.cursor),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const data = await toApplications(db, page);
      if (rating) data.sort((a, b) => (b.creator.rating ?? 0) - (a.creator.rating ?? 0));
      const last = page.at(-1);
      return {
        data,
        next_cursor:
          rows.length > query.limit && last
            ? cursorOf(
                query.sort === 'price_low' || query.sort === 'price_high'
                  ? { value: last.price, id: last.id }
                  : { id: last.id },
              )
            : null,
      };
    },

    async interests(caller: Caller, id: number) {
      await findOwnOpportunity(db, caller.userId, id);
      const rows = await repository.interestsOf(db, id);
      const people = await creators.describeRequestCreators(
        db,
        rows.map((row) => row.influencerId),
      );
      const reach = await creators.describeCreatorReach(
        db,
        rows.map((row) => row.influencerId),
      );
      const applied = new Set(
        (
          await repository.listApplications(db, id, { states: null, sort: 'newest', limit: 10_000 })
        ).map((row) => row.influencerId),
      );
      return rows.map((row) => ({
        influencer_id: row.influencerId,
        name: people.get(row.influencerId)?.name ?? '',
        city: reach.get(row.influencerId)?.city ?? null,
        profile_file_id: people.get(row.influencerId)?.profileFileId ?? null,
        created_at: row.createdAt.toISOString(),
        applied: applied.has(row.influencerId),
      }));
    },

    /**
     * The advertiser's answer. Accepting (`acceptApplication`) locks the opportunity first (every
     * approval of one opportunity waits for the one before: spots never oversold), holds the
     * agreed price from the wallet, and opens the delivery line; the last spot makes the
     * opportunity ongoing. A wallet that does not cover the price is refused (the advertiser
     * tops it up, or pays what is missing by card: `opportunities.approval-payment.ts`).
     */
    async decide(
      caller: Caller,
      id: number,
      applicationId: number,
      body: z.infer<typeof applicationDecisionBodySchema>,
    ): Promise<Application> {
      await inTransaction(db, async (tx) => {
        const row = ownOpportunityOrNotFound(await repository.lock(tx, id), caller.userId);
        const application = await repository.lockApplication(tx, applicationId);
        if (!application || application.contentOpportunityId !== id) throw notFound('Application');
        if (body.decision === 'accept') {
          const refused = await acceptApplication(tx, row, application, actorOf(caller));
          if (refused) throw refused;
          return;
        }
        const answeredAt = application.answeredAt ?? new Date();
        if (body.decision === 'debrief') {
          if (application.debriefCount > 0) {
            throw new AppError('DEBRIEF_USED', 'This application was already debriefed once.');
          }
          await workflow.apply(tx, {
            process: opportunityApplicationProcess,
            subjectId: applicationId,
            transition: 'debrief',
            actor: actorOf(caller),
            reason: body.reason,
          });
          await repository.updateApplication(tx, applicationId, {
            debriefCount: application.debriefCount + 1,
            answeredAt,
          });
        } else {
          await workflow.apply(tx, {
            process: opportunityApplicationProcess,
            subjectId: applicationId,
            transition: 'decline',
            actor: actorOf(caller),
            reason: body.reason,
          });
          await repository.updateApplication(tx, applicationId, { answeredAt });
        }
        await events.emit(tx, 'opportunity.application-answered', {
          applicationId,
          contentOpportunityId: id,
          advertiserUserId: row.advertiserUserId,
          influencerUserId: application.influencerUserId,
          title: row.title,
          decision: body.decision,
        });
      });
      const row = (await repository.findApplication(db, applicationId))!;
      return (await toApplications(db, [row]))[0]!;
    },

    /** The advertiser stops applications once somebody is accepted (live → ongoing). */
    async stopApplications(caller: Caller, id: number) {
      await inTransaction(db, async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row || row.advertiserUserId !== caller.userId) throw notFound('Opportunity');
        if (row.spotsTaken === 0) {
          throw new AppError(
            'INVALID_TRANSITION',
            'Accept a creator first, or close the opportunity instead.',
          );
        }
        await workflow.apply(tx, {
          process: opportunityProcess,
          subjectId: id,
          transition: 'stop_applications',
          actor: actorOf(caller),
        });
        await closeOpenApplications(tx, id);
      });
    },

    /** The advertiser closes it before anybody is accepted: open applications closed. */
    async close(caller: Caller, id: number, reason: string) {
      await inTransaction(db, async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row || row.advertiserUserId !== caller.userId) throw notFound('Opportunity');
        if (row.spotsTaken > 0) {
          throw new AppError(
            'INVALID_TRANSITION',
            'Creators are accepted already: stop the applications instead.',
          );
        }
        await closeEarly(tx, id, { transition: 'close', actor: actorOf(caller), reason });
      });
    },
  };
}

export type OpportunityApplications = ReturnType<typeof createOpportunityApplications>;
