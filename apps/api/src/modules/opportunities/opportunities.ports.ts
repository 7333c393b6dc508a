import type { Role } from '@clipmarket/contracts/enums';
import type { DbOrTx } from '../../platform/db/client.js';

// What the opportunities module needs of others, declared once; app.ts passes the other
// modules' index functions.

export type Caller = { userId: number; role: Role };

/** The media module: the files a user sends must be theirs. */
export interface MediaForOpportunities {
  findOwnedFiles(db: DbOrTx, ownerUserId: number, fileIds: number[]): Promise<Map<number, unknown>>;
}

/** The users module: invited creators must exist and be validated. */
export interface UsersForOpportunities {
  describeRequestCreators(
    db: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, { isValidated: boolean }>>;
}
