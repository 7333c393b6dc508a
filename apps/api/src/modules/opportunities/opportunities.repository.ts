import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { OpportunityState } from '@clipmarket/contracts/workflows/opportunity';
import type { OpportunityApplicationState } from '@clipmarket/contracts/workflows/opportunity-application';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import {
  contentOpportunities,
  contentOpportunityApplications as applications,
  contentOpportunityInterests as interests,
  contentOpportunityInvitations,
} from './opportunities.schema.js';

export type OpportunityRow = typeof contentOpportunities.$inferSelect;
export type NewOpportunity = typeof contentOpportunities.$inferInsert;
export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;

/** Who a creator is, for matching opportunities to them. */
export interface CreatorMatch {
  influencerId: number;
  country: string | null;
  city: string | null;
  sizeBands: string[];
  platforms: string[];
}

/** `word` inside a LIKE pattern, its wildcards and escape character taken literally. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A keyset position: the sort's value (when the sort has one) and the id. */
export interface Position {
  value?: number;
  id: number;
}

/** The SQL of the opportunities module. */
export const opportunitiesRepository = {
  async insert(tx: DbOrTx, values: NewOpportunity): Promise<OpportunityRow> {
    const [row] = await tx.insert(contentOpportunities).values(values).returning();
    return row!;
  },

  async find(db: DbOrTx, id: number): Promise<OpportunityRow | undefined> {
    const [row] = await db
      .select()
      .from(contentOpportunities)
      .where(eq(contentOpportunities.id, id));
    return row;
  },

  async lock(tx: Tx, id: number): Promise<OpportunityRow | undefined> {
    const [row] = await tx
      .select()
      .from(contentOpportunities)
      .where(eq(contentOpportunities.id, id))
      .for('update');
    return row;
  },

  async update(tx: DbOrTx, id: number, values: Partial<NewOpportunity>): Promise<void> {
    await tx
      .update(contentOpportunities)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentOpportunities.id, id));
  },

  /** The invited creators of a private opportunity, replaced as a whole. */
  async replaceInvitations(tx: Tx, id: number, influencerIds: readonly number[]): Promise<void> {
    await tx
      .delete(contentOpportunityInvitations)
      .where(eq(contentOpportunityInvitations.contentOpportunityId, id));
    if (influencerIds.length === 0) return;
    await tx
      .insert(contentOpportunityInvitations)
      .values(influencerIds.map((influencerId) => ({ contentOpportunityId: id, influencerId })));
  },

  /** The invited creators of each opportunity (influencer ids, in the order invited). */
  async invitationsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number[]>> {
    const invited = new Map<number, number[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return invited;
    const rows = await db
      .select()
      .from(contentOpportunityInvitations)
      .where(inArray(contentOpportunityInvitations.contentOpportunityId, [...ids]))
      .orderBy(contentOpportunityInvitations.createdAt, contentOpportunityInvitations.influencerId);
    for (const row of rows) invited.get(row.contentOpportunityId)?.push(row.influencerId);
    return invited;
  },

  /**
   * An advertiser's opportunities, newest first (keyset on id): in `states`, or every one but
   * drafts and discarded ones when null.
   */
  async listOfAdvertiser(
    db: DbOrTx,
    advertiserUserId: number,
    query: {
      states: readonly OpportunityState[] | null;
      before?: number | undefined;
      limit: number;
    },
  ): Promise<OpportunityRow[]> {
    return db
      .select()
      .from(contentOpportunities)
      .where(
        and(
          eq(contentOpportunities.advertiserUserId, advertiserUserId),
          query.states
            ? inArray(contentOpportunities.state, [...query.states])
            : notInArray(contentOpportunities.state, ['draft', 'discarded']),
          query.before === undefined ? undefined : lt(contentOpportunities.id, query.before),
        ),
      )
      .orderBy(desc(contentOpportunities.id))
      .limit(query.limit);
  },

  /**
   * Every advertiser's opportunities for the product team, newest first (keyset on id): in
   * `states`, or every one past its draft when null; `search` matches words of the title
   * (accents and case ignored) or, when it reads as a reference, the opportunity's id.
   */
  async listForAdmin(
    db: DbOrTx,
    query: {
      states: readonly OpportunityState[] | null;
      search?: { text: string; id: number | null } | undefined;
      before?: number | undefined;
      limit: number;
    },
  ): Promise<OpportunityRow[]> {
    const o = contentOpportunities;
    const search = query.search;
    const words = search ? search.text.split(/\s+/).filter(Boolean) : [];
    const titleMatches =
      words.length > 0
        ? and(
            ...words.map(
              (word) => sql`unaccent(${o.title}) ilike unaccent(${`%${escapeLike(word)}%`}::text)`,
            ),
          )
        : undefined;
    return db
      .select()
      .from(o)
      .where(
        and(
          query.states
            ? inArray(o.state, [...query.states])
            : notInArray(o.state, ['draft', 'discarded']),
          search?.id ? or(eq(o.id, search.id), titleMatches) : titleMatches,
          query.before === undefined ? undefined : lt(o.id, query.before),
        ),
      )
      .orderBy(desc(o.id))
      .limit(query.limit);
  },

  /**
   * The live opportunities a creator may see (ADR 035): public ones whose audience rules they
   * match (country, city, size band, platforms), and private ones they are invited to; with the
   * campaign filter, newest first (the live id index) or best paid first (the live price index).
   */
  async discover(
    db: DbOrTx,
    creator: CreatorMatch,
    query: {
      categoryIds?: number[] | undefined;
      country?: string | undefined;
      cities?: string[] | undefined;
      startDate?: string | undefined;
      endDate?: string | undefined;
      minPrice?: number | undefined;
      maxPrice?: number | undefined;
      sort: 'newest' | 'best_paid';
      after?: Position | undefined;
      limit: number;
    },
  ): Promise<OpportunityRow[]> {
    const o = contentOpportunities;
    const invited = sql`exists (select 1 from content_opportunity_invitations i where i.content_opportunity_id = ${o.id} and i.influencer_id = ${creator.influencerId})`;
    const textArray = (values: string[]) =>
      sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;
    const matches = and(
      eq(o.visibility, 'public'),
      creator.country
        ? sql`(${o.country} is null or ${o.country} = ${creator.country})`
        : sql`${o.country} is null`,
      creator.city
        ? sql`(cardinality(${o.cities}) = 0 or ${creator.city} = any(${o.cities}))`
        : sql`cardinality(${o.cities}) = 0`,
      creator.sizeBands.length > 0
        ? sql`(cardinality(${o.sizeBands}) = 0 or ${o.sizeBands} && ${textArray(creator.sizeBands)})`
        : sql`cardinality(${o.sizeBands}) = 0`,
      creator.platforms.length > 0
        ? sql`${o.creatorPlatforms} <@ ${textArray(creator.platforms)}`
        : sql`cardinality(${o.creatorPlatforms}) = 0`,
    );
    const conditions: Array<SQL | undefined> = [
      eq(o.state, 'live'),
      or(matches, and(eq(o.visibility, 'private'), invited)),
      query.categoryIds?.length
        ? sql`${o.categoryIds} && array[${sql.join(
            query.categoryIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::integer[]`
        : undefined,
      query.country ? eq(o.country, query.country) : undefined,
      query.cities?.length ? sql`${o.cities} && ${textArray(query.cities)}` : undefined,
      query.startDate ? sql`${o.applicationDeadline} >= ${query.startDate}` : undefined,
      query.endDate ? sql`${o.applicationDeadline} <= ${query.endDate}` : undefined,
      query.minPrice !== undefined ? sql`${o.priceMax} >= ${query.minPrice}` : undefined,
      query.maxPrice !== undefined ? sql`${o.priceMin} <= ${query.maxPrice}` : undefined,
    ];
    const after = query.after;
    if (query.sort === 'best_paid') {
      if (after) {
        conditions.push(
          or(
            lt(o.priceMax, after.value ?? 0),
            and(eq(o.priceMax, after.value ?? 0), lt(o.id, after.id)),
          ),
        );
      }
      return db
        .select()
        .from(o)
        .where(and(...conditions))
        .orderBy(desc(o.priceMax), desc(o.id))
        .limit(query.limit);
    }
    if (after) conditions.push(lt(o.id, after.id));
    return db
      .select()
      .from(o)
      .where(and(...conditions))
      .orderBy(desc(o.id))
      .limit(query.limit);
  },

  /** Whether a creator may see an opportunity: its audience rules, or an invitation. */
  isVisibleTo(row: OpportunityRow, invited: readonly number[], creator: CreatorMatch): boolean {
    if (row.visibility === 'private') return invited.includes(creator.influencerId);
    const overlaps = (a: readonly string[], b: readonly string[]) => a.some((v) => b.includes(v));
    return (
      (row.country === null || row.country === creator.country) &&
      (row.cities.length === 0 || (creator.city !== null && row.cities.includes(creator.city))) &&
      (row.sizeBands.length === 0 || overlaps(row.sizeBands, creator.sizeBands)) &&
      row.creatorPlatforms.every((p) => creator.platforms.includes(p))
    );
  },

  async recordInterest(db: DbOrTx, values: typeof interests.$inferInsert): Promise<void> {
    await db.insert(interests).values(values).onConflictDoNothing();
  },

  async interestsOf(db: DbOrTx, id: number) {
    return db
      .select()
      .from(interests)
      .where(eq(interests.contentOpportunityId, id))
      .orderBy(desc(interests.createdAt));
  },

  /** Of these opportunities, those the creator opened "learn more" on. */
  async interestedIn(db: DbOrTx, influencerId: number, ids: readonly number[]) {
    if (ids.length === 0) return new Set<number>();
    const rows = await db
      .select({ id: interests.contentOpportunityId })
      .from(interests)
      .where(
        and(
          eq(interests.influencerId, influencerId),
          inArray(interests.contentOpportunityId, [...ids]),
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  /** Interests, applications and applications waiting for an answer, per opportunity. */
  async countsOf(db: DbOrTx, ids: readonly number[]) {
    const counts = new Map(ids.map((id) => [id, { interests: 0, applications: 0, to_review: 0 }]));
    if (ids.length === 0) return counts;
    const interested = await db
      .select({ id: interests.contentOpportunityId, n: count() })
      .from(interests)
      .where(inArray(interests.contentOpportunityId, [...ids]))
      .groupBy(interests.contentOpportunityId);
    for (const row of interested) counts.get(row.id)!.interests = row.n;
    const applied = await db
      .select({
        id: applications.contentOpportunityId,
        n: count(),
        toReview: sql<number>`count(*) filter (where ${applications.state} = 'submitted')`,
      })
      .from(applications)
      .where(inArray(applications.contentOpportunityId, [...ids]))
      .groupBy(applications.contentOpportunityId);
    for (const row of applied) {
      counts.get(row.id)!.applications = row.n;
      counts.get(row.id)!.to_review = Number(row.toReview);
    }
    return counts;
  },

  async insertApplication(tx: DbOrTx, values: NewApplication): Promise<ApplicationRow> {
    const [row] = await tx.insert(applications).values(values).returning();
    return row!;
  },

  async findApplication(db: DbOrTx, id: number): Promise<ApplicationRow | undefined> {
    const [row] = await db.select().from(applications).where(eq(applications.id, id));
    return row;
  },

  /** Each application's opportunity, by application id (unknown ids are left out). */
  async opportunityIdsOfApplications(
    db: DbOrTx,
    ids: readonly number[],
  ): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: applications.id, opportunityId: applications.contentOpportunityId })
      .from(applications)
      .where(inArray(applications.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.opportunityId]));
  },

  async lockApplication(tx: Tx, id: number): Promise<ApplicationRow | undefined> {
    const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
    return row;
  },

  async updateApplication(tx: DbOrTx, id: number, values: Partial<NewApplication>): Promise<void> {
    await tx
      .update(applications)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(applications.id, id));
  },

  async applicationOf(db: DbOrTx, opportunityId: number, influencerId: number) {
    const [row] = await db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.contentOpportunityId, opportunityId),
          eq(applications.influencerId, influencerId),
        ),
      );
    return row;
  },

  /** A creator's applications to these opportunities. */
  async applicationsOfCreator(db: DbOrTx, influencerId: number, ids: readonly number[]) {
    if (ids.length === 0) return new Map<number, ApplicationRow>();
    const rows = await db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.influencerId, influencerId),
          inArray(applications.contentOpportunityId, [...ids]),
        ),
      );
    return new Map(rows.map((row) => [row.contentOpportunityId, row]));
  },

  /** One opportunity's applications in `states` (all when null), sorted, keyset paged. */
  async listApplications(
    db: DbOrTx,
    opportunityId: number,
    query: {
      states: readonly OpportunityApplicationState[] | null;
      sort: 'newest' | 'price_low' | 'price_high';
      after?: Position | undefined;
      limit: number;
    },
  ): Promise<ApplicationRow[]> {
    const a = applications;
    const conditions: Array<SQL | undefined> = [
      eq(a.contentOpportunityId, opportunityId),
      query.states ? inArray(a.state, [...query.states]) : undefined,
    ];
    const after = query.after;
    if (query.sort === 'newest') {
      if (after) conditions.push(lt(a.id, after.id));
      return db
        .select()
        .from(a)
        .where(and(...conditions))
        .orderBy(desc(a.id))
        .limit(query.limit);
    }
    const ascending = query.sort === 'price_low';
    if (after) {
      const value = after.value ?? 0;
      conditions.push(
        ascending
          ? or(gt(a.price, value), and(eq(a.price, value), gt(a.id, after.id)))
          : or(lt(a.price, value), and(eq(a.price, value), lt(a.id, after.id))),
      );
    }
    return db
      .select()
      .from(a)
      .where(and(...conditions))
      .orderBy(ascending ? asc(a.price) : desc(a.price), ascending ? asc(a.id) : desc(a.id))
      .limit(query.limit);
  },

  /** A creator's applications, newest first (keyset on id). */
  async listOfCreator(
    db: DbOrTx,
    influencerUserId: number,
    before: number | undefined,
    limit: number,
  ) {
    return db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.influencerUserId, influencerUserId),
          before === undefined ? undefined : lt(applications.id, before),
        ),
      )
      .orderBy(desc(applications.id))
      .limit(limit);
  },

  /** Open applications (waiting for an answer or a revision) of an opportunity. */
  async openApplicationsOf(db: DbOrTx, opportunityId: number) {
    return db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.contentOpportunityId, opportunityId),
          inArray(applications.state, ['submitted', 'debriefed']),
        ),
      );
  },

  /** Median hours from an application to its advertiser's first answer, per advertiser. */
  async medianAnswerHours(db: DbOrTx, advertiserUserIds: readonly number[]) {
    if (advertiserUserIds.length === 0) return new Map<number, number>();
    const rows = await db
      .select({
        advertiserUserId: applications.advertiserUserId,
        hours: sql<string>`percentile_cont(0.5) within group (order by extract(epoch from ${applications.answeredAt} - ${applications.createdAt}) / 3600)`,
      })
      .from(applications)
      .where(
        and(
          inArray(applications.advertiserUserId, [...advertiserUserIds]),
          sql`${applications.answeredAt} is not null`,
        ),
      )
      .groupBy(applications.advertiserUserId);
    return new Map(
      rows.map((row) => [row.advertiserUserId, Math.round(Number(row.hours) * 10) / 10]),
    );
  },

  /** Per opportunity, the applications submitted since `since` (the daily recap). */
  async applicationsSince(db: DbOrTx, since: Date) {
    const rows = await db
      .select({
        contentOpportunityId: applications.contentOpportunityId,
        advertiserUserId: applications.advertiserUserId,
        title: contentOpportunities.title,
        count: count(),
      })
      .from(applications)
      .innerJoin(
        contentOpportunities,
        eq(contentOpportunities.id, applications.contentOpportunityId),
      )
      .where(gt(applications.createdAt, since))
      .groupBy(
        applications.contentOpportunityId,
        applications.advertiserUserId,
        contentOpportunities.title,
      );
    return rows;
  },
};
