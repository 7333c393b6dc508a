import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import { creatorSearch } from './discovery.schema.js';
import type { Platform } from './search.repository.js';

/**
 * Creators like some others (issue 10 §5, a content request's creators who expired or
 * declined): validated, in the size band of one of them and sharing at least one of its
 * categories; neither one of them nor of `excludeIds`. The most shared categories first, then
 * engagement. The category overlap is answered by creator_search's GIN index.
 */
export async function findSimilarCreatorIds(
  db: DbOrTx,
  args: { platform: Platform; likeIds: number[]; excludeIds: number[]; limit: number },
): Promise<number[]> {
  const cs = creatorSearch;
  const result = await db.execute(sql`
    with model as (
      select ${cs.sizeBand} as size_band, ${cs.categoryIds} as category_ids
      from ${cs}
      where ${cs.platform} = ${args.platform}
        and ${cs.influencerId} = any(${sql.param(args.likeIds)}::integer[])
        and cardinality(${cs.categoryIds}) > 0
    )
    select ${cs.influencerId} as influencer_id,
      (
        select max(cardinality(array(
          select unnest(${cs.categoryIds}) intersect select unnest(model.category_ids)
        )))
        from model where model.size_band = ${cs.sizeBand}
      ) as shared
    from ${cs}
    where ${cs.platform} = ${args.platform}
      and ${cs.isValidated}
      and ${cs.categoryIds} && (select coalesce(array_agg(c), '{}') from model, unnest(model.category_ids) c)
      and exists (
        select 1 from model
        where model.size_band = ${cs.sizeBand} and model.category_ids && ${cs.categoryIds}
      )
      and not (${cs.influencerId} = any(${sql.param([...args.likeIds, ...args.excludeIds])}::integer[]))
    order by shared desc, ${cs.engagementRate} desc, ${cs.influencerId} desc
    limit ${args.limit}`);
  return rowsOf(result).map((row) => Number(row.influencer_id));
}
