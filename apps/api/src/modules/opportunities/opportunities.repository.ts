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

/** A creator as the audience rules read them: values (one creator) or columns (every one). */
interface CreatorTerms {
  influencerId: SQL;
  country: SQL;
  city: SQL;
  /** text[] */
  sizeBands: SQL;
  /** text[] */
  platforms: SQL;
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** One creator's terms, as parameters. */
const termsOf = (creator: CreatorMatch): CreatorTerms => ({
  influencerId: sql`${creator.influencerId}`,
  country: sql`${creator.country}::text`,
  city: sql`${creator.city}::text`,
  sizeBands: textArray(creator.sizeBands),
  platforms: textArray(creator.platforms),
});

/**
 * Who may see an opportunity (ADR 035), the one rule of Discover Opportunities: a public one
 * whose audience rules the creator matches (its country and cities when it names them, one of
 * its size bands when it names some, every account it asks for), a private one they are
 * invited to. A creator without a country or city matches only an opportunity that names none
 * (the comparisons are null, never true).
 */
function visibleTo(c: CreatorTerms): SQL {
  const o = contentOpportunities;
  return sql`((${o.visibility} = 'public'
      and (${o.country} is null or ${o.country} = ${c.country})
      and (cardinality(${o.cities}) = 0 or ${c.city} = any(${o.cities}))
      and (cardinality(${o.sizeBands}) = 0 or ${o.sizeBands} && ${c.sizeBands})
      and ${o.creatorPlatforms} <@ ${c.platforms})
    or (${o.visibility} = 'private' and exists (select 1 from ${contentOpportunityInvitations} i
      where i.content_opportunity_id = ${o.id} and i.influencer_id = ${c.influencerId})))`;
}

/** What Discover Opportunities lists for a creator: the live opportunities visible to them. */
const listedFor = (c: CreatorTerms): SQL =>
  sql`(${contentOpportunities.state} = 'live' and ${visibleTo(c)})`;

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
   * The live opportunities a creator may see (ADR 035, `listedFor`), with the campaign filter,
   * newest first (the live id index) or best paid first (the live price index).
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
    const conditions: Array<SQL | undefined> = [
      listedFor(termsOf(creator)),
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

  /** Whether a creator may see an opportunity, live or not: its audience rules, or an invitation. */
  async isVisibleTo(db: DbOrTx, id: number, creator: CreatorMatch): Promise<boolean> {
    const o = contentOpportunities;
    const [row] = await db
      .select({ id: o.id })
      .from(o)
      .where(and(eq(o.id, id), visibleTo(termsOf(creator))));
    return row !== undefined;
  },

  /**
   * The validated creators Discover Opportunities lists an opportunity for (`listedFor`, on
   * every creator of `reach`: discovery's `creatorReachRelation`), as a query of influencer
   * ids for another module's statement: nothing is read here.
   */
  creatorsListing(id: number, reach: SQL): SQL {
    const o = contentOpportunities;
    const column = (name: string) => sql`${sql.identifier('reach')}.${sql.identifier(name)}`;
    return sql`select ${column('influencer_id')} from ${reach} as ${sql.identifier('reach')}
      join ${o} on ${o.id} = ${id}
      where ${column('is_validated')} and ${listedFor({
        influencerId: column('influencer_id'),
        country: column('country'),
        city: column('city'),
        sizeBands: column('size_bands'),
        platforms: column('platforms'),
      })}`;
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
