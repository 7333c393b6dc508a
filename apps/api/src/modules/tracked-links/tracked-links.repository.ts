import { eq, inArray, sql } from 'drizzle-orm';
import { idsInGroups, inIds } from '../../platform/db/any-of.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import { trackedLinkClicks, trackedLinks, type ClickKind } from './tracked-links.schema.js';

export type TrackedLinkRow = typeof trackedLinks.$inferSelect;
export type TrackedLinkInsert = typeof trackedLinks.$inferInsert;
export type TrackedLinkTarget = Pick<
  TrackedLinkInsert,
  'targetUrl' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmContent' | 'utmTerm'
>;

export interface ClickInsert {
  linkId: number;
  occurredAt: Date;
  visitHour: Date;
  kind: ClickKind;
  visitorHash: string;
  country: string | null;
  referrerDomain: string | null;
  deviceClass: string;
}

export interface LinkClickCounts {
  people: number;
  previews: number;
  lastClickAt: Date | null;
}

function prepareLookup(db: Db) {
  return db
    .select()
    .from(trackedLinks)
    .where(eq(trackedLinks.code, sql.placeholder('code')))
    .prepare('tracked_link_by_code');
}
const lookupsByDb = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

/** The only SQL of the tracked-links module. */
export const trackedLinksRepository = {
  /** The redirect's one lookup (the code's unique index). */
  /**
   * The redirect's lookup: built once per database as a prepared statement (the redirect keeps
   * the throughput of `/v2/health`, issue 24 §8; building the query each time cost more than
   * running it).
   */
  async findByCode(db: Db, code: string): Promise<TrackedLinkRow | undefined> {
    let lookup = lookupsByDb.get(db);
    if (!lookup) {
      lookup = prepareLookup(db);
      lookupsByDb.set(db, lookup);
    }
    const [row] = await lookup.execute({ code });
    return row;
  },

  async linksOfLines(db: DbOrTx, lineIds: readonly number[]): Promise<TrackedLinkRow[]> {
    if (lineIds.length === 0) return [];
    return db
      .select()
      .from(trackedLinks)
      .where(inArray(trackedLinks.lineId, [...lineIds]))
      .orderBy(trackedLinks.lineId, trackedLinks.platform);
  },

  /**
   * Inserts a link; undefined when its line already has one on that platform or its code is
   * taken (the caller reads the line's link again, else tries the next code).
   */
  async insert(db: DbOrTx, values: TrackedLinkInsert): Promise<TrackedLinkRow | undefined> {
    const [row] = await db.insert(trackedLinks).values(values).onConflictDoNothing().returning();
    return row;
  },

  async updateTarget(db: DbOrTx, id: number, target: TrackedLinkTarget): Promise<TrackedLinkRow> {
    const [row] = await db
      .update(trackedLinks)
      .set({ ...target, updatedAt: sql`now()` })
      .where(eq(trackedLinks.id, id))
      .returning();
    if (!row) throw new Error(`tracked link ${id} vanished`);
    return row;
  },

  /** Codes already taken among `candidates`. */
  async takenCodes(db: DbOrTx, candidates: readonly string[]): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const rows = await db
      .select({ code: trackedLinks.code })
      .from(trackedLinks)
      .where(inArray(trackedLinks.code, [...candidates]));
    return new Set(rows.map((row) => row.code));
  },

  /**
   * Records a visit; a person's second visit of the same link within the same hour is not
   * inserted (the partial unique index, so two visits at once cannot both count). True when
   * counted.
   */
  /**
   * A batch of clicks in one statement; a person's second visit of a link in the same hour (in
   * the table or in the batch) is left out by the unique index. Clicks are statistics: their
   * commit does not wait for the disk (`synchronous_commit` off for this transaction only).
   */
  async insertClicks(db: DbOrTx, clicks: ClickInsert[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx
        .insert(trackedLinkClicks)
        .values(clicks)
        .onConflictDoNothing({
          target: [
            trackedLinkClicks.linkId,
            trackedLinkClicks.visitorHash,
            trackedLinkClicks.visitHour,
          ],
          where: sql`${trackedLinkClicks.kind} = 'person'`,
        });
    });
  },

  /** People, previews and the last person's visit of each link. */
  async countsOfLinks(
    db: DbOrTx,
    linkIds: readonly number[],
  ): Promise<Map<number, LinkClickCounts>> {
    if (linkIds.length === 0) return new Map();
    const rows = await db
      .select({
        linkId: trackedLinkClicks.linkId,
        people: sql<number>`(count(*) filter (where ${trackedLinkClicks.kind} = 'person'))::int`,
        previews: sql<number>`(count(*) filter (where ${trackedLinkClicks.kind} = 'preview'))::int`,
        lastClickAt:
          sql<Date | null>`max(${trackedLinkClicks.occurredAt}) filter (where ${trackedLinkClicks.kind} = 'person')`.mapWith(
            (value: string | Date | null) => (value === null ? null : new Date(value)),
          ),
      })
      .from(trackedLinkClicks)
      .where(inArray(trackedLinkClicks.linkId, [...linkIds]))
      .groupBy(trackedLinkClicks.linkId);
    return new Map(rows.map(({ linkId, ...counts }) => [linkId, counts]));
  },

  /** People who followed the links of some lines, per group (`groups[i]` of `lineIds[i]`). */
  async peopleOfLineGroups(
    db: DbOrTx,
    lineIds: readonly number[],
    groups: readonly number[],
  ): Promise<Map<number, number>> {
    if (lineIds.length === 0) return new Map();
    const result = await db.execute(sql`
      with links as materialized (
        select ${trackedLinks.lineId} as line_id, ${trackedLinks.personClicks} as people
        from ${trackedLinks} where ${inIds(trackedLinks.lineId, lineIds)}
      )
      select grouped.group_number as line_group, sum(links.people)::int as people
      from links join ${idsInGroups(lineIds, groups)} on grouped.id = links.line_id
      group by grouped.group_number`);
    return new Map(
      rowsOf<{ line_group: number; people: number }>(result).map((row) => [
        row.line_group,
        row.people,
      ]),
    );
  },

  /** People and previews of every link of each line (the performance pages). */
  async countsOfLines(
    db: DbOrTx,
    lineIds: readonly number[],
  ): Promise<Map<number, { people: number; previews: number }>> {
    if (lineIds.length === 0) return new Map();
    // The links' counters (kept by a trigger on tracked_link_clicks): links, not clicks, read.
    const rows = await db
      .select({
        lineId: trackedLinks.lineId,
        people: sql<number>`sum(${trackedLinks.personClicks})::int`,
        previews: sql<number>`sum(${trackedLinks.previewClicks})::int`,
      })
      .from(trackedLinks)
      .where(inIds(trackedLinks.lineId, lineIds))
      .groupBy(trackedLinks.lineId);
    return new Map(rows.map(({ lineId, ...counts }) => [lineId, counts]));
  },
};
