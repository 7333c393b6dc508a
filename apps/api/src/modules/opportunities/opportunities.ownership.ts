import type { DbOrTx } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import {
  opportunitiesRepository as repository,
  type OpportunityRow,
} from './opportunities.repository.js';

/**
 * An advertiser's own opportunity: another advertiser's, a discarded draft and an unknown id
 * are all "not found" (a foreign id is a 404, DESIGN §5).
 */
export function ownOpportunityOrNotFound(
  row: OpportunityRow | undefined,
  advertiserUserId: number,
): OpportunityRow {
  if (!row || row.advertiserUserId !== advertiserUserId || row.state === 'discarded') {
    throw notFound('Opportunity');
  }
  return row;
}

export const findOwnOpportunity = async (q: DbOrTx, advertiserUserId: number, id: number) =>
  ownOpportunityOrNotFound(await repository.find(q, id), advertiserUserId);
