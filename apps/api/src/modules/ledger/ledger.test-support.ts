import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/raw-rows.js';

/** One row of `ledger_source_sums` or of the same sums taken from the entries. */
export interface SourceSumRow {
  accountId: number;
  contentRequestId: number | null;
  contentOpportunityId: number | null;
  amount: number;
}

type RawRow = Record<keyof SourceSumRow, string | number | null>;

/** The rows of a `json_agg` (an array, or a JSON text PGlite or node-postgres left unparsed). */
function sourceSumRows(rows: unknown): SourceSumRow[] {
  const list = (typeof rows === 'string' ? JSON.parse(rows) : (rows ?? [])) as RawRow[];
  return list.map((r) => ({
    accountId: Number(r.accountId),
    contentRequestId: r.contentRequestId === null ? null : Number(r.contentRequestId),
    contentOpportunityId: r.contentOpportunityId === null ? null : Number(r.contentOpportunityId),
    amount: Number(r.amount),
  }));
}

/**
 * The owners' rows of `ledger_source_sums` beside the same sums grouped from their entries the
 * way `ownerSumsBySource` read them before the table (ADR 041): by the transaction's
 * `reference ->> 'content_request_id'` and `'content_opportunity_id'`, for the wallet and
 * reserved accounts, a reference naming neither left out. Both in one order, to compare; one
 * statement (the property test runs it after each of its 1,000 sequences).
 */
export async function sourceSumsOf(db: DbOrTx, ownerUserIds: readonly number[]) {
  const owners = sql`(select unnest(${sql.param([...ownerUserIds])}::integer[]))`;
  const result = await db.execute(sql`
    select
      (select json_agg(s order by s."accountId", s.request_order nulls first,
                              s.opportunity_order nulls first)
         from (select s.account_id as "accountId", s.content_request_id::text as "contentRequestId",
                      s.content_opportunity_id::text as "contentOpportunityId",
                      s.amount::text as amount,
                      s.content_request_id as request_order,
                      s.content_opportunity_id as opportunity_order
                 from ledger_source_sums s join ledger_accounts a on a.id = s.account_id
                where a.owner_user_id in ${owners}) s) as "table",
      (select json_agg(g order by g."accountId", g.request_order nulls first,
                              g.opportunity_order nulls first)
         from (select e.account_id as "accountId",
                      t.reference ->> 'content_request_id' as "contentRequestId",
                      t.reference ->> 'content_opportunity_id' as "contentOpportunityId",
                      sum(e.amount)::text as amount,
                      (t.reference ->> 'content_request_id')::bigint as request_order,
                      (t.reference ->> 'content_opportunity_id')::bigint as opportunity_order
                 from ledger_entries e
                 join ledger_accounts a on a.id = e.account_id
                 join ledger_transactions t on t.id = e.transaction_id
                where a.owner_user_id in ${owners}
                  and a.kind in ('advertiser_wallet', 'advertiser_reserved')
                  and (t.reference ->> 'content_request_id' is not null
                       or t.reference ->> 'content_opportunity_id' is not null)
                group by 1, 2, 3) g) as "fromEntries"`);
  const [row] = rowsOf<{ table: unknown; fromEntries: unknown }>(result);
  return { table: sourceSumRows(row?.table), fromEntries: sourceSumRows(row?.fromEntries) };
}
