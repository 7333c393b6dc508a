import { and, asc, desc, eq, gt, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import {
  metricSources,
  scheduledMetricWindows,
  type MetricSource,
  type MetricSubmissionState,
  type MetricWindow,
  type ScheduledMetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import { idsInGroups, inIds } from '../../platform/db/any-of.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import {
  metricLinkFigures,
  metricPublications,
  metricSnapshots,
  metricSubmissions,
  socialAccounts,
} from './publication-metrics.schema.js';

export type SocialAccountRow = typeof socialAccounts.$inferSelect;
export type PublicationRow = typeof metricPublications.$inferSelect;
export type SnapshotRow = typeof metricSnapshots.$inferSelect;
export type NewSnapshot = typeof metricSnapshots.$inferInsert;
export type SubmissionRow = typeof metricSubmissions.$inferSelect;
type Platform = SocialAccountRow['platform'];

/** Some lines' figures summed up (`sumsOfLineGroups`); read times in epoch milliseconds. */
export type LineGroupSumsRow = {
  line_group: number;
  lines_read: number;
  lines_unchecked: number;
  sources: MetricSource[];
  newest_read_at: number;
  oldest_read_at: number;
} & Record<
  'views' | 'reach' | 'likes' | 'comments' | 'shares' | 'saves' | 'engagements',
  number | null
> & { [K in `lines_${ScheduledMetricWindow}`]: number } & {
    [K in `${'views' | 'engagements'}_${ScheduledMetricWindow}`]: number | null;
  };

/** The SQL of connected accounts. */
export const accountsRepository = {
  async listOf(q: DbOrTx, userId: number): Promise<SocialAccountRow[]> {
    return q
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId))
      .orderBy(asc(socialAccounts.platform));
  },

  async find(q: DbOrTx, userId: number, platform: Platform): Promise<SocialAccountRow | undefined> {
    const [row] = await q
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)));
    return row;
  },

  async lock(tx: Tx, id: number): Promise<SocialAccountRow | undefined> {
    const [row] = await tx
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, id))
      .for('update');
    return row;
  },

  /** Connects (or connects again) the user's account of the platform. */
  async upsert(
    q: DbOrTx,
    values: Omit<
      typeof socialAccounts.$inferInsert,
      'id' | 'status' | 'connectedAt' | 'updatedAt'
    > & {
      connectedAt: Date;
    },
  ): Promise<SocialAccountRow> {
    const { userId: _userId, platform: _platform, ...changes } = values;
    const [row] = await q
      .insert(socialAccounts)
      .values({ ...values, status: 'connected', updatedAt: values.connectedAt })
      .onConflictDoUpdate({
        target: [socialAccounts.userId, socialAccounts.platform],
        set: { ...changes, status: 'connected', updatedAt: values.connectedAt },
      })
      .returning();
    return row!;
  },

  async update(
    q: DbOrTx,
    id: number,
    values: Partial<typeof socialAccounts.$inferInsert>,
  ): Promise<void> {
    await q.update(socialAccounts).set(values).where(eq(socialAccounts.id, id));
  },

  async remove(q: DbOrTx, userId: number, platform: Platform): Promise<boolean> {
    const rows = await q
      .delete(socialAccounts)
      .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)))
      .returning({ id: socialAccounts.id });
    return rows.length > 0;
  },

  /** Connected accounts whose access token ends before `before`, soonest first. */
  async expiringBefore(q: DbOrTx, platform: Platform, before: Date, limit: number) {
    return q
      .select()
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.platform, platform),
          eq(socialAccounts.status, 'connected'),
          lt(socialAccounts.accessTokenExpiresAt, before),
        ),
      )
      .orderBy(asc(socialAccounts.accessTokenExpiresAt))
      .limit(limit);
  },
};

/** The SQL of tracked publications and their snapshots. */
export const snapshotsRepository = {
  /** Starts tracking an approved link (once: a link is tracked from its first approval). */
  async track(q: DbOrTx, values: typeof metricPublications.$inferInsert): Promise<boolean> {
    const rows = await q
      .insert(metricPublications)
      .values(values)
      .onConflictDoNothing()
      .returning({ linkId: metricPublications.linkId });
    return rows.length > 0;
  },

  async publication(q: DbOrTx, linkId: number): Promise<PublicationRow | undefined> {
    const [row] = await q
      .select()
      .from(metricPublications)
      .where(eq(metricPublications.linkId, linkId));
    return row;
  },

  async updatePublication(q: DbOrTx, linkId: number, values: Partial<PublicationRow>) {
    await q.update(metricPublications).set(values).where(eq(metricPublications.linkId, linkId));
  },

  /** Forgets the posts found in a creator's account of the platform (another account now). */
  async forgetMediaOf(q: DbOrTx, creatorUserId: number, platform: Platform): Promise<void> {
    await q
      .update(metricPublications)
      .set({ externalMediaId: null })
      .where(
        and(
          eq(metricPublications.creatorUserId, creatorUserId),
          eq(metricPublications.platform, platform),
          eq(metricPublications.postState, 'live'),
        ),
      );
  },

  /** Live publications approved since `since`, after `afterLinkId` (keyset), oldest link first. */
  async recentLive(q: DbOrTx, since: Date, afterLinkId: number, limit: number) {
    return q
      .select()
      .from(metricPublications)
      .where(
        and(
          eq(metricPublications.postState, 'live'),
          gte(metricPublications.approvedAt, since),
          gt(metricPublications.linkId, afterLinkId),
        ),
      )
      .orderBy(asc(metricPublications.linkId))
      .limit(limit);
  },

  /** A window's figures: written once (the first read wins); `latest` is replaced when newer. */
  async write(q: DbOrTx, values: NewSnapshot): Promise<void> {
    if (values.window !== 'latest') {
      await q.insert(metricSnapshots).values(values).onConflictDoNothing();
      return;
    }
    const { linkId: _linkId, window: _window, ...changes } = values;
    await q
      .insert(metricSnapshots)
      .values(values)
      .onConflictDoUpdate({
        target: [metricSnapshots.linkId, metricSnapshots.window],
        set: changes,
        setWhere: sql`${metricSnapshots.readAt} <= excluded.read_at`,
      });
  },

  async snapshotOf(
    q: DbOrTx,
    linkId: number,
    window: MetricWindow,
  ): Promise<SnapshotRow | undefined> {
    const [row] = await q
      .select()
      .from(metricSnapshots)
      .where(and(eq(metricSnapshots.linkId, linkId), eq(metricSnapshots.window, window)));
    return row;
  },

  async snapshotsOfLines(q: DbOrTx, lineIds: readonly number[]): Promise<SnapshotRow[]> {
    if (lineIds.length === 0) return [];
    return q
      .select()
      .from(metricSnapshots)
      .where(inIds(metricSnapshots.lineId, lineIds))
      .orderBy(asc(metricSnapshots.linkId));
  },

  /**
   * The figures of some lines summed up per group of lines (`groups[i]` is the group of
   * `lineIds[i]`), from `metric_link_figures` (kept by triggers from the reads): a group's
   * thousands of publications are one row. Groups without any figures are absent.
   */
  async sumsOfLineGroups(
    q: DbOrTx,
    lineIds: readonly number[],
    groups: readonly number[],
  ): Promise<LineGroupSumsRow[]> {
    if (lineIds.length === 0) return [];
    const name = (text: string) => sql.identifier(text);
    const fromSource = (index: number) => name(`from_${index}`);
    // Each line first (its links' figures, found by `inIds`), then each group of lines:
    // counting lines takes no `count(distinct …)`.
    const result = await q.execute(sql`
      with lines as materialized (
        select line_id,
               bool_or(checked = false) as unchecked,
               ${sql.join(
                 metricSources.map(
                   (source, index) => sql`bool_or(source = ${source}) as ${fromSource(index)}`,
                 ),
                 sql`, `,
               )},
               max(read_at) as newest, min(read_at) as oldest,
               sum(views) as views, sum(reach) as reach, sum(likes) as likes,
               sum(comments) as comments, sum(shares) as shares, sum(saves) as saves,
               -- engagementsOf of each current read: the figures the source gives, else null.
               sum(case when num_nonnulls(likes, comments, shares, saves) > 0
                 then coalesce(likes, 0) + coalesce(comments, 0) + coalesce(shares, 0)
                   + coalesce(saves, 0) end) as engagements,
               ${sql.join(
                 scheduledMetricWindows.map(
                   (window) => sql`bool_or(${name(`read_${window}`)}) as ${name(`read_${window}`)},
                     sum(${name(`views_${window}`)}) as ${name(`views_${window}`)},
                     sum(${name(`engagements_${window}`)}) as ${name(`engagements_${window}`)}`,
                 ),
                 sql`, `,
               )}
        from ${metricLinkFigures}
        where ${inIds(metricLinkFigures.lineId, lineIds)}
        group by line_id
      )
      select grouped.group_number as line_group,
             count(*)::int as lines_read,
             (count(*) filter (where unchecked))::int as lines_unchecked,
             array_remove(array[${sql.join(
               metricSources.map(
                 (source, index) =>
                   sql`case when bool_or(${fromSource(index)}) then ${source}::text end`,
               ),
               sql`, `,
             )}], null) as sources,
             (extract(epoch from max(newest)) * 1000)::float8 as newest_read_at,
             (extract(epoch from min(oldest)) * 1000)::float8 as oldest_read_at,
             ${sql.join(
               ['views', 'reach', 'likes', 'comments', 'shares', 'saves', 'engagements'].map(
                 (figure) => sql`sum(${name(figure)})::float8 as ${name(figure)}`,
               ),
               sql`, `,
             )},
             ${sql.join(
               scheduledMetricWindows.map(
                 (window) => sql`(count(*) filter (where ${name(`read_${window}`)}))::int
                     as ${name(`lines_${window}`)},
                   sum(${name(`views_${window}`)})::float8 as ${name(`views_${window}`)},
                   sum(${name(`engagements_${window}`)})::float8
                     as ${name(`engagements_${window}`)}`,
               ),
               sql`, `,
             )}
      from lines join ${idsInGroups(lineIds, groups)} on grouped.id = lines.line_id
      group by grouped.group_number`);
    return rowsOf<LineGroupSumsRow>(result);
  },

  /**
   * Live publications approved within [from, to) with neither figures for `window` nor a
   * submission for it waiting or approved: their figures are still owed.
   */
  async withoutFigures(q: DbOrTx, window: MetricWindow, from: Date, to: Date) {
    return q
      .select()
      .from(metricPublications)
      .where(
        and(
          eq(metricPublications.postState, 'live'),
          gte(metricPublications.approvedAt, from),
          lt(metricPublications.approvedAt, to),
          notExists(
            q
              .select({ id: metricSnapshots.id })
              .from(metricSnapshots)
              .where(
                and(
                  eq(metricSnapshots.linkId, metricPublications.linkId),
                  eq(metricSnapshots.window, window),
                ),
              ),
          ),
          notExists(
            q
              .select({ id: metricSubmissions.id })
              .from(metricSubmissions)
              .where(
                and(
                  eq(metricSubmissions.linkId, metricPublications.linkId),
                  eq(metricSubmissions.window, window),
                  inArray(metricSubmissions.state, ['submitted', 'approved']),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(metricPublications.linkId));
  },

  async publicationsOfLines(q: DbOrTx, lineIds: readonly number[]): Promise<PublicationRow[]> {
    if (lineIds.length === 0) return [];
    return q
      .select()
      .from(metricPublications)
      .where(inArray(metricPublications.lineId, [...lineIds]))
      .orderBy(asc(metricPublications.linkId));
  },
};

/** The SQL of creators' submitted figures. */
export const submissionsRepository = {
  async insert(q: DbOrTx, values: typeof metricSubmissions.$inferInsert): Promise<SubmissionRow> {
    const [row] = await q.insert(metricSubmissions).values(values).returning();
    return row!;
  },

  async waitingFor(q: DbOrTx, linkId: number, window: MetricWindow) {
    const [row] = await q
      .select()
      .from(metricSubmissions)
      .where(
        and(
          eq(metricSubmissions.linkId, linkId),
          eq(metricSubmissions.window, window),
          eq(metricSubmissions.state, 'submitted'),
        ),
      );
    return row;
  },

  async lock(tx: Tx, id: number): Promise<SubmissionRow | undefined> {
    const [row] = await tx
      .select()
      .from(metricSubmissions)
      .where(eq(metricSubmissions.id, id))
      .for('update');
    return row;
  },

  async update(q: DbOrTx, id: number, values: Partial<SubmissionRow>): Promise<SubmissionRow> {
    const [row] = await q
      .update(metricSubmissions)
      .set(values)
      .where(eq(metricSubmissions.id, id))
      .returning();
    return row!;
  },

  async list(
    q: DbOrTx,
    query: { state: MetricSubmissionState; after?: number | undefined; limit: number },
  ) {
    return q
      .select()
      .from(metricSubmissions)
      .where(
        and(
          eq(metricSubmissions.state, query.state),
          query.after === undefined ? undefined : gt(metricSubmissions.id, query.after),
        ),
      )
      .orderBy(asc(metricSubmissions.id))
      .limit(query.limit);
  },

  /** Every submission of a line, newest first (the creator's own view). */
  async ofLine(q: DbOrTx, lineId: number): Promise<SubmissionRow[]> {
    return q
      .select()
      .from(metricSubmissions)
      .where(eq(metricSubmissions.lineId, lineId))
      .orderBy(desc(metricSubmissions.id));
  },

  /** Submissions of the lines not declined (waiting or checked). */
  async openOfLines(q: DbOrTx, lineIds: readonly number[]): Promise<SubmissionRow[]> {
    if (lineIds.length === 0) return [];
    return q
      .select()
      .from(metricSubmissions)
      .where(
        and(
          inIds(metricSubmissions.lineId, lineIds),
          inArray(metricSubmissions.state, ['submitted', 'approved']),
        ),
      )
      .orderBy(asc(metricSubmissions.id));
  },
};
