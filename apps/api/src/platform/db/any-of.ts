import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column in (select unnest($1::integer[]))`: a list of ids as one parameter, where `inArray`
 * sends one parameter per id — for the long lists the performance pages read by (an
 * advertiser's thousands of delivery lines). A semi-join rather than `= any($1)`: PostgreSQL
 * (before 17) costs `= any` as one index descent per id and, past a few thousand ids, reads the
 * whole table instead, ten times slower on a table of 100,000 rows; the semi-join finds each
 * id by the index (docs/benchmarks.md, the dashboard's plans).
 */
export const inIds = (column: AnyColumn, ids: readonly number[]): SQL =>
  sql`${column} in (select unnest(${sql.param([...ids])}::integer[]))`;

/**
 * `unnest($1::integer[], $2::integer[]) as grouped(id, group_number)`: each id beside the
 * group it is counted in (`groups[i]` of `ids[i]`), to sum rows per group. Join it to rows
 * already found by `inIds`: joined straight to a table, PostgreSQL sees a few thousand ids and
 * hashes the whole table instead of reading them by its index.
 */
export const idsInGroups = (ids: readonly number[], groups: readonly number[]): SQL =>
  sql`unnest(${sql.param([...ids])}::integer[], ${sql.param([...groups])}::integer[])
    as grouped(id, group_number)`;
