import type { TwinklingFlags } from '@clipmarket/contracts/users';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { influencers, twinklingFlags } from './users.schema.js';

/** A menu highlight flag by its wire name (spec §3 "Twinkling flags"). */
export type TwinklingFlag = keyof TwinklingFlags;

const columnOf = {
  twinkling_accept_request: 'acceptRequest',
  twinkling_trak_payment: 'trackPayment',
  twinkling_manage_content: 'manageContent',
  twinkling_content_request: 'contentRequest',
  twinkling_discover_opportunities: 'discoverOpportunities',
  twinkling_get_paid: 'getPaid',
  twinkling_support: 'support',
} as const satisfies Record<TwinklingFlag, keyof typeof twinklingFlags.$inferInsert>;

/**
 * Turns a user's menu highlight on (something new waits behind that menu item: notification
 * handlers) or off (the user opened the page), on the caller's database or transaction.
 */
export async function setTwinklingFlag(
  db: DbOrTx,
  userId: number,
  flag: TwinklingFlag,
  isOn: boolean,
): Promise<void> {
  const column = columnOf[flag];
  await db
    .insert(twinklingFlags)
    .values({ userId, [column]: isOn })
    .onConflictDoUpdate({ target: twinklingFlags.userId, set: { [column]: isOn } });
}

/**
 * Turns a menu highlight on for the accounts of many creators at once, in one statement:
 * `influencerIds` is a query answering influencer ids (another module's rule, such as the
 * creators an opportunity opens to), never a list walked here.
 */
export async function lightTwinklingFlagOfCreators(
  db: DbOrTx,
  flag: TwinklingFlag,
  influencerIds: SQL,
): Promise<void> {
  const column = sql.identifier(twinklingFlags[columnOf[flag]].name);
  await db.execute(sql`
    insert into ${twinklingFlags} (${sql.identifier(twinklingFlags.userId.name)}, ${column})
    select distinct ${influencers.userId}, true from ${influencers}
    where ${influencers.id} in (${influencerIds})
    on conflict (${sql.identifier(twinklingFlags.userId.name)}) do update set ${column} = true`);
}
