import type { Db } from '../../platform/db/client.js';
import type { Env } from '../../platform/env.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import type { RevokeOtherSessions } from './users.password.js';
import type { FindSearchQuota, FindValidationStatus } from './users.profile.js';
import { createUsersRepository } from './users.repository.js';
import { createMediaKitFlagRoutes } from './users.media-kit.js';
import { createUsersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

export type { CreatorFirstSteps, UsersService } from './users.service.js';
export type { RevokeOtherSessions } from './users.password.js';
export { toPublicInfluencerProfile } from './users.dto.js';
/** Accounts for the auth module (sign-up, login, verification, reset), on its transaction. */
export {
  createAccount,
  findAccountByEmail,
  findAccountById,
  setPasswordHash,
  setVerified,
  type Account,
  type NewAccount,
} from './users.accounts.js';
export { createCreatorAccounts, listAdminUserIds } from './creator-accounts.js';
/** For discovery: whose searches, and the creators its cards show. */
export {
  advertiserIdOf,
  creatorExists,
  describeCreators,
  missingLegalInfo,
  type CreatorSummary,
} from './users.lookups.js';
/** For notifications: who is notified or notifies, and what the bell shows of a sender. */
export {
  describeNotificationSenders,
  findNotificationParty,
  findStoredLanguage,
  type NotificationParty,
  type NotificationSender,
} from './users.notification-parties.js';
/** For notification handlers (on) and pages that show what was new (off): menu highlights. */
export {
  lightTwinklingFlagOfCreators,
  setTwinklingFlag,
  type TwinklingFlag,
} from './users.twinkling.js';
/** For invoices: the buyer's legal info. */
export { findInvoiceBuyer, type InvoiceBuyer } from './users.invoice-party.js';
/** For the admin payments pages: who paid. */
export { describePaymentOwners, type PaymentOwner } from './users.payment-owners.js';
/** For payouts: where a creator is paid (private: the payouts service shows it to owner and admins). */
export { describePayoutAccounts, type PayoutAccount } from './users.payout-accounts.js';
/** For creator prices: whose rate card, and the audience that sets its suggested prices. */
export {
  describePricedCreators,
  influencerIdOfUser,
  type PricedCreator,
} from './users.price-parties.js';

/** For content requests: the chosen creators, the advertiser a creator sees, payable creators. */
export {
  businessSectorOfAdvertiser,
  describeRequestAdvertiser,
  describeRequestAdvertisers,
  describeRequestCreators,
  hasCompleteFinancialInfo,
  type RequestCreator,
} from './users.request-parties.js';

/** For the media kit (issue 25): the creator's profile facts, by name, and the kit's flag. */
export {
  describeMediaKitCreator,
  findCreatorByInfluencerName,
  setMediaKitFlag,
  userIdOfInfluencer,
  type MediaKitCreator,
} from './users.media-kit.js';

/** For tracked links: the brand's name and website, the creator's handle. */
export { describeLinkParties } from './users.link-parties.js';

/** For reputation (issue 27 §2): whose figures, and who is an advertiser. */
export {
  advertiserUserIdsAmong,
  findReputationCreator,
  type ReputationCreator,
} from './users.reputation-parties.js';

/**
 * For the demo data (apps/api/src/demo): its accounts and profiles in bulk, on its transaction,
 * and the lookups it resumes from.
 */
export {
  findDemoPictureState,
  findDemoProfileByEmail,
  findExistingEmails,
  findInfluencerIdsByEmail,
  seedDemoAdvertiser,
  seedDemoInfluencerCategories,
  seedDemoInfluencers,
  seedDemoInfluencerStats,
  seedDemoUsers,
  setDemoCinFile,
  setDemoProfilePicture,
  type DemoInfluencerCategoryRow,
  type DemoInfluencerStatsRow,
} from './users.demo-seed.js';

/**
 * Current user, profile settings (creator and advertiser), password change, notification
 * preferences, menu flags, click analytics and public creator profiles.
 */
export function createUsersModule(deps: {
  db: Db;
  env: Env;
  /** Auth's: ends the user's other sessions when the password changes. */
  revokeOtherSessions: RevokeOtherSessions;
  /** Discovery's `findSearchQuota`: the quota getMe shows (discovery owns it). */
  findSearchQuota: FindSearchQuota;
  /** Creator-validation's status reader: getMe shows it to creators. */
  findValidationStatus: FindValidationStatus;
}) {
  const service = createUsersService({
    db: deps.db,
    repository: createUsersRepository(),
    revokeOtherSessions: deps.revokeOtherSessions,
    findSearchQuota: deps.findSearchQuota,
    findValidationStatus: deps.findValidationStatus,
  });
  const usersRoutes = createUsersRoutes(service);
  const mediaKitFlagRoutes = createMediaKitFlagRoutes(deps.db);
  return {
    routes: (async (app) => {
      await app.register(usersRoutes);
      await app.register(mediaKitFlagRoutes);
    }) satisfies ModuleRoutes,
    service,
  };
}
