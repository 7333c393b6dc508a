import { businessSettingDefinitions } from '@clipmarket/contracts/business-settings';
import type { Database, DbOrTx, Tx } from '../platform/db/client.js';
import type { Env } from '../platform/env.js';
import { hashPassword } from '../platform/auth/password.js';
import { seedDemoCreatorPrices } from '../modules/creator-prices/index.js';
import { seedDemoCreatorValidations } from '../modules/creator-validation/index.js';
import {
  hasShortListNamed,
  seedDemoFavorites,
  seedDemoShortList,
  startFreeTrial,
} from '../modules/discovery/index.js';
import type { MediaService } from '../modules/media/index.js';
import type { SettingsReader } from '../modules/settings/index.js';
import { notificationTemplates, seedDemoNotifications } from '../modules/notifications/index.js';
import {
  listBusinessSectorSlugs,
  listCategoryRows,
  listStates,
} from '../modules/reference-data/index.js';
import {
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
} from '../modules/users/index.js';
import {
  DEMO_ACCOUNTS,
  DEMO_CREATOR_COUNT,
  DEMO_PASSWORD,
  demoCreatorEmail,
  type DemoAccountEmail,
} from './demo-accounts.js';
import { buildDemoCreators, DEMO_COUNTRIES, type DemoCategory } from './demo-creators.js';
import { lockDemoSeed } from './demo-seed-lock.js';
import {
  buildDemoNotifications,
  chooseNotificationKeys,
  type DemoNotificationRow,
} from './demo-notifications.js';
import { renderDemoPicture, type DemoPictureKind } from './demo-pictures.js';
import { buildDemoPrices, DEMO_CREATOR_ACCOUNT_PRICES } from './demo-prices.js';
import { createRandom } from './prng.js';

export {
  DEMO_ACCOUNTS,
  DEMO_CREATOR_COUNT,
  DEMO_CREATOR_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  demoCreatorEmail,
  type DemoAccount,
} from './demo-accounts.js';
export {
  buildDemoCreators,
  DEMO_BOUNDARY_FOLLOWERS,
  DEMO_COUNTRIES,
  type DemoCategory,
  type DemoCreator,
  type DemoStats,
} from './demo-creators.js';
export { createRandom, type Random } from './prng.js';
export { DEMO_PACKS, DEMO_PROMO_CODE, seedDemoMoney, type DemoMoneyDeps } from './demo-money.js';
export { seedDemoContentRequests, type DemoContentRequestsDeps } from './demo-content-requests.js';
export {
  DEMO_CAMPAIGNS,
  DEMO_SHARE_TOKEN,
  seedDemoCampaigns,
  type DemoCampaignsDeps,
} from './demo-campaigns.js';
export {
  DEMO_OPPORTUNITY_DELIVERIES,
  DEMO_OPPORTUNITY_TITLES,
  seedDemoOpportunities,
  type DemoOpportunitiesDeps,
  type DemoOpportunityDelivery,
} from './demo-opportunities.js';
export {
  DEMO_DELIVERIES,
  seedDemoDeliveries,
  type DemoDeliveriesDeps,
  type DemoDeliveriesResult,
  type DemoDeliveryTarget,
} from './demo-deliveries.js';
export {
  seedDemoPublicationFigures,
  type DemoPublicationFiguresDeps,
  type DemoPublicationFiguresResult,
} from './demo-publication-figures.js';
export {
  seedDemoMediaKit,
  type DemoMediaKitDeps,
  type DemoMediaKitResult,
} from './demo-media-kit.js';
export { seedDemoReviews, type DemoReviewsDeps, type DemoReviewsResult } from './demo-reviews.js';
export {
  seedDemoTrackedLinks,
  type DemoTrackedLinksDeps,
  type DemoTrackedLinksResult,
} from './demo-tracked-links.js';

/** A RIB whose key is right (reference/tunisia-money.md): the demo creators' bank account. */
const DEMO_CREATOR_RIB = '08006000123456789079';

/** Fixed seeds: the same demo at every start and on every machine. */
const CREATOR_SEED = 20_240_601;
const NOTIFICATION_SEED = 20_240_602;
const PRICE_SEED = 20_240_603;

const BRAND_NAME = 'Délice Tunisie';
const AGENCY_NAME = 'Medina Media Agency';
const DEMO_CREATOR_NAME = { first: 'Yasmine', last: 'Trabelsi' };

export interface DemoSeedResult {
  /** False when nothing was written (every demo account and picture already existed). */
  seeded: boolean;
  accountsCreated: number;
  creatorsCreated: number;
  notificationsCreated: number;
  /** Profile pictures and CIN scans uploaded for the demo accounts. */
  picturesCreated: number;
  /** The demo brand's shortlists created (its "Ramadan 2027" list, with a few favourites). */
  shortListsCreated: number;
}

export interface DemoSeedOptions {
  /** "Now" of the seed (sign-up dates, free trial end, notification times). */
  now?: Date;
  /**
   * The media service, to give the demo brand, agency and creator the pictures a complete
   * profile needs. Without it those profiles stay incomplete.
   */
  media?: Pick<MediaService, 'upload'>;
  /**
   * The business settings: validated demo creators get the media kit as
   * `media_kit_for_validated_creators` says (its default without them).
   */
  settings?: Pick<SettingsReader, 'get'>;
}

type RowsResult = Omit<DemoSeedResult, 'picturesCreated' | 'shortListsCreated'>;
const nothingWritten: RowsResult = {
  seeded: false,
  accountsCreated: 0,
  creatorsCreated: 0,
  notificationsCreated: 0,
};

type DemoEnv = Pick<Env, 'FREE_TRIAL_DAYS' | 'FREE_TRIAL_SEARCHES'>;

const accountEmails = DEMO_ACCOUNTS.map((a) => a.email);
const creatorEmails = Array.from({ length: DEMO_CREATOR_COUNT }, (_, i) => demoCreatorEmail(i + 1));

/**
 * Creates the demo accounts, ~200 creators and notifications (spec issue "demo data"), then the
 * demo accounts' pictures. Idempotent per account: an e-mail that already exists is left
 * untouched, so a restart writes nothing and a deleted demo account comes back on the next
 * start. The rows are written in one transaction, so a failed seed leaves no half-made account;
 * pictures follow (storage is not transactional) and a missing one is retried at next start.
 */
export async function seedDemoData(
  database: Database,
  env: DemoEnv,
  options: DemoSeedOptions = {},
): Promise<DemoSeedResult> {
  const now = options.now ?? new Date();
  const rows = await seedRows(database, env, now, options.settings);
  const picturesCreated = options.media ? await attachDemoPictures(database, options.media) : 0;
  const shortListsCreated = await seedBrandShortList(database, now);
  return {
    ...rows,
    seeded: rows.seeded || picturesCreated > 0 || shortListsCreated > 0,
    picturesCreated,
    shortListsCreated,
  };
}

async function seedRows(
  database: Database,
  env: DemoEnv,
  now: Date,
  settings: DemoSeedOptions['settings'],
): Promise<RowsResult> {
  const allEmails = [...accountEmails, ...creatorEmails];
  // Cheap check first: a normal restart must not pay for a password hash.
  const existingBefore = await findExistingEmails(database.db, allEmails);
  if (existingBefore.size === allEmails.length) return nothingWritten;
  // One hash shared by every demo account: argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return database.db.transaction(async (tx) => {
    await lockDemoSeed(tx);
    // Read again under the lock: another instance may have seeded meanwhile.
    const existing = await findExistingEmails(tx, allEmails);
    const isMissing = (email: string) => !existing.has(email.toLowerCase());
    const categories = await listCategoryRows(tx);
    const cities = await loadDemoCities();
    const mediaKitForValidated =
      (settings
        ? await settings.get(tx, 'media_kit_for_validated_creators')
        : businessSettingDefinitions.media_kit_for_validated_creators.default) === 1;
    const creators = buildDemoCreators(createRandom(CREATOR_SEED), categories, cities).filter((c) =>
      isMissing(c.email),
    );
    const missingAccounts = DEMO_ACCOUNTS.filter((a) => isMissing(a.email));
    if (missingAccounts.length === 0 && creators.length === 0) return nothingWritten;

    const day = 24 * 60 * 60 * 1000;
    const userIds = await seedDemoUsers(tx, [
      ...missingAccounts.map((a) => ({
        email: a.email,
        passwordHash,
        role: a.role,
        isVerified: true,
        // The new creator waits for the product team, like any fresh sign-up.
        isValidated: a.email !== 'newcreator@clipmarket.tn',
        createdAt: new Date(now.getTime() - 90 * day),
      })),
      ...creators.map((c) => ({
        email: c.email,
        passwordHash,
        role: 'TALENT' as const,
        isVerified: true,
        isValidated: c.isValidated,
        createdAt: new Date(now.getTime() - c.createdDaysAgo * day),
      })),
    ]);
    const newUserId = (email: DemoAccountEmail) => userIds.get(email);

    await insertAdvertisers(tx, env, now, cities.get('TN') ?? [], newUserId);
    const accountInfluencers = await insertAccountInfluencers(tx, categories, newUserId);

    const creatorUserIds = creators.map((c) => userIds.get(c.email) as number);
    const influencerIds = await seedDemoInfluencers(
      tx,
      creators.map((c, i) => ({
        userId: creatorUserIds[i] as number,
        firstName: c.firstName,
        lastName: c.lastName,
        influencerName: c.igUsername ?? c.tiktokUsername,
        igUsername: c.igUsername,
        tiktokUsername: c.tiktokUsername,
        phone: c.phone,
        phonePrefix: c.phonePrefix,
        // As the team's validation would have set it (they are seeded validated, without it).
        isShowMediaKit: c.isValidated && mediaKitForValidated,
        ageInterval: c.ageInterval,
        gender: c.gender,
        country: c.country,
        countryOfOrigin: c.countryOfOrigin,
        city: c.city,
        domiciliationAddress: c.address,
        // Validated creators have given their financial info (they may apply to opportunities).
        ...(c.isValidated
          ? {
              cin: String(10_000_000 + i),
              paymentMethod: 'bank' as const,
              cardNumber: DEMO_CREATOR_RIB,
            }
          : {}),
        bio: c.bio,
        specializations: c.specializations,
        createdAt: new Date(now.getTime() - c.createdDaysAgo * day),
      })),
    );
    const influencerIdOf = (index: number) =>
      influencerIds.get(creatorUserIds[index] as number) as number;
    await seedDemoInfluencerCategories(tx, [
      ...accountInfluencers.categories,
      ...creators.flatMap((c, i) =>
        c.categoryIds.map((categoryId) => ({ influencerId: influencerIdOf(i), categoryId })),
      ),
    ]);
    await seedDemoInfluencerStats(tx, [
      ...accountInfluencers.stats,
      ...creators.flatMap((c, i) =>
        c.stats.map((s) => ({ ...s, influencerId: influencerIdOf(i), updatedAt: now })),
      ),
    ]);
    // Rate cards: the demo creator account's own 30 s price, and custom prices for some of the
    // generated creators (the others show their band's suggested prices).
    const creatorAccountId = accountInfluencers.stats[0]?.influencerId;
    await seedDemoCreatorPrices(tx, [
      ...(creatorAccountId === undefined
        ? []
        : Object.entries(DEMO_CREATOR_ACCOUNT_PRICES).map(([duration, price]) => ({
            influencerId: creatorAccountId,
            videoDuration: Number(duration),
            price,
          }))),
      ...buildDemoPrices(
        createRandom(PRICE_SEED),
        creators.map((c, i) => ({
          influencerId: influencerIdOf(i),
          topFollowers: Math.max(0, ...c.stats.map((s) => s.followersCount)),
        })),
      ),
    ]);

    const talentAccounts = missingAccounts.filter((a) => a.role === 'TALENT');
    await seedDemoCreatorValidations(tx, [
      ...talentAccounts.map((a) => ({
        userId: newUserId(a.email) as number,
        isValidated: a.email !== 'newcreator@clipmarket.tn',
        since: new Date(now.getTime() - 90 * day),
      })),
      ...creators.map((c, i) => ({
        userId: creatorUserIds[i] as number,
        isValidated: c.isValidated,
        since: new Date(now.getTime() - c.createdDaysAgo * day),
      })),
    ]);

    const notificationRows = await buildAccountNotifications(tx, now, newUserId);
    await seedDemoNotifications(tx, notificationRows);

    return {
      seeded: true,
      accountsCreated: missingAccounts.length,
      creatorsCreated: creators.length,
      notificationsCreated: notificationRows.length,
    };
  });
}

/**
 * City names per demo country, exactly as the product offers them (GET /v2/country/states, in
 * English), so discovery's city filter finds the demo creators.
 */
export async function loadDemoCities(): Promise<Map<string, string[]>> {
  const entries = await Promise.all(
    DEMO_COUNTRIES.map(
      async (code) => [code, (await listStates(code, 'en')).map((s) => s.name)] as const,
    ),
  );
  return new Map(entries);
}

async function insertAdvertisers(
  tx: Tx,
  env: DemoEnv,
  now: Date,
  tunisianCities: readonly string[],
  newUserId: (email: DemoAccountEmail) => number | undefined,
): Promise<void> {
  const sectors = await listBusinessSectorSlugs(tx);
  const sectorLike = (pattern: RegExp) =>
    (sectors.find((s) => pattern.test(s.slug)) ?? sectors[0])?.id ?? null;
  const cities = (wanted: string[]) => wanted.filter((c) => tunisianCities.includes(c));
  // A fresh free trial, as a new advertiser gets (spec §3 "Quota"; discovery owns it).
  const startTrial = (advertiserId: number) =>
    startFreeTrial(tx, advertiserId, {
      days: env.FREE_TRIAL_DAYS,
      searches: env.FREE_TRIAL_SEARCHES,
      now,
    });

  const brandUserId = newUserId('brand@clipmarket.tn');
  if (brandUserId !== undefined) {
    const brandId = await seedDemoAdvertiser(tx, {
      userId: brandUserId,
      name: BRAND_NAME,
      firstName: 'Meriem',
      lastName: 'Ben Youssef',
      phone: '71234567',
      phonePrefix: '+216',
      country: 'TN',
      cities: cities(['Tunis', 'Ariana', 'Sousse', 'Sfax']),
      websiteUrl: 'https://delice-tunisie.example',
      businessSectorId: sectorLike(/food|agro|aliment|beverage/i),
      companyName: 'Délice Tunisie SA',
      taxRegistrationNumber: '1234567A/A/M/000',
      domiciliationAddress: 'Rue du Lac Windermere, Les Berges du Lac, 1053 Tunis',
      phoneCompany: '71960000',
      phoneCompanyPrefix: '+216',
    });
    await startTrial(brandId);
  }

  const agencyUserId = newUserId('agency@clipmarket.tn');
  if (agencyUserId !== undefined) {
    const agencyId = await seedDemoAdvertiser(tx, {
      userId: agencyUserId,
      name: AGENCY_NAME,
      firstName: 'Karim',
      lastName: 'Mansouri',
      phone: '98765432',
      phonePrefix: '+216',
      country: 'TN',
      cities: cities(['Tunis', 'Nabeul', 'Monastir']),
      websiteUrl: 'https://medina-media.example',
      businessSectorId: sectorLike(/marketing|advertis/i),
      companyName: 'Medina Media SARL',
      taxRegistrationNumber: '7654321B/A/M/000',
      domiciliationAddress: '12 Rue de la Kasbah, Médina, 1008 Tunis',
      phoneCompany: '71330000',
      phoneCompanyPrefix: '+216',
      notificationPreference: 'daily',
    });
    await startTrial(agencyId);
  }
}

/** The two demo creator accounts: one complete (with stats), one just signed up. */
async function insertAccountInfluencers(
  tx: Tx,
  categories: readonly DemoCategory[],
  newUserId: (email: DemoAccountEmail) => number | undefined,
) {
  const result = {
    categories: [] as DemoInfluencerCategoryRow[],
    stats: [] as (DemoInfluencerStatsRow & { influencerId: number })[],
  };
  const creatorUserId = newUserId('creator@clipmarket.tn');
  const newcomerUserId = newUserId('newcreator@clipmarket.tn');
  const rows = [];
  if (creatorUserId !== undefined) {
    rows.push({
      userId: creatorUserId,
      firstName: DEMO_CREATOR_NAME.first,
      lastName: DEMO_CREATOR_NAME.last,
      influencerName: 'yasmine.trabelsi',
      igUsername: 'yasmine.trabelsi',
      tiktokUsername: 'yasmine.trabelsi',
      phone: '22123456',
      phonePrefix: '+216',
      isShowMediaKit: true,
      ageInterval: '25-35',
      gender: 'F' as const,
      country: 'TN',
      countryOfOrigin: 'TN',
      city: 'Tunis',
      domiciliationAddress: '15 Rue de Marseille, 1000 Tunis',
      cin: '08765432',
      paymentMethod: 'bank' as const,
      cardNumber: DEMO_CREATOR_RIB,
      bio:
        'Créatrice de contenu food & lifestyle à Tunis. Recettes rapides, bonnes adresses et ' +
        'vidéos courtes qui donnent envie.',
      specializations: ['Product demo', 'Unboxing videos', 'Tutorials'],
    });
  }
  if (newcomerUserId !== undefined) {
    // Only what sign-up asks for: the profile is incomplete on purpose (shows the banner).
    rows.push({ userId: newcomerUserId, firstName: 'Sami', igUsername: 'sami.newcomer' });
  }
  if (rows.length === 0) return result;
  const ids = await seedDemoInfluencers(tx, rows);
  const creatorInfluencerId = creatorUserId === undefined ? undefined : ids.get(creatorUserId);
  if (creatorInfluencerId !== undefined) {
    const preferred = categories.filter((c) => /food|beauty|fashion|lifestyle/i.test(c.labelEn));
    const chosen = (preferred.length > 0 ? preferred : categories).slice(0, 3);
    result.categories = chosen.map((c) => ({
      influencerId: creatorInfluencerId,
      categoryId: c.id,
    }));
    result.stats = [
      {
        influencerId: creatorInfluencerId,
        platform: 'instagram',
        followersCount: 48_500,
        postsCount: 412,
        avgLikes: 2_910,
        avgComments: 134,
        avgVideoViews: 18_700,
        engagementRate: '6.28',
        personsReached: 31_200,
        source: 'verified',
      },
      {
        influencerId: creatorInfluencerId,
        platform: 'tiktok',
        followersCount: 152_000,
        postsCount: 238,
        avgLikes: 11_400,
        avgComments: 420,
        avgVideoViews: 96_000,
        engagementRate: '7.78',
        personsReached: 88_000,
        source: 'declared',
      },
    ];
  }
  return result;
}

/**
 * The demo's own notifications: the demo creator's account history. Notices about requests
 * come from the demo requests' own steps, which name and link real requests. A receiver gets
 * them only when its account was created in this run, so restarts and partial re-seeds never
 * duplicate them.
 */
async function buildAccountNotifications(
  tx: Tx,
  now: Date,
  newUserId: (email: DemoAccountEmail) => number | undefined,
): Promise<DemoNotificationRow[]> {
  const brand = await findDemoProfileByEmail(tx, 'brand@clipmarket.tn');
  const creator = await findDemoProfileByEmail(tx, 'creator@clipmarket.tn');
  if (!brand?.advertiserId || !creator?.influencerId) return [];
  const brandParty = {
    userId: brand.userId,
    profileId: brand.advertiserId,
    role: 'advertiser' as const,
  };
  const creatorParty = {
    userId: creator.userId,
    profileId: creator.influencerId,
    role: 'talent' as const,
  };
  // Only types the template catalogue knows, so the bell renders real texts.
  const catalogue = notificationTemplates.map(({ role, module, type }) => ({ role, module, type }));
  const random = createRandom(NOTIFICATION_SEED);
  const common = {
    brandName: BRAND_NAME,
    talentName: `${DEMO_CREATOR_NAME.first} ${DEMO_CREATOR_NAME.last}`,
    now,
  };
  const rows: DemoNotificationRow[] = [];
  if (newUserId('brand@clipmarket.tn') !== undefined) {
    rows.push(
      ...buildDemoNotifications(random, {
        ...common,
        receiver: brandParty,
        keys: chooseNotificationKeys('advertiser', catalogue),
      }),
    );
  }
  if (newUserId('creator@clipmarket.tn') !== undefined) {
    rows.push(
      ...buildDemoNotifications(random, {
        ...common,
        receiver: creatorParty,
        keys: chooseNotificationKeys('talent', catalogue),
      }),
    );
  }
  return rows;
}

/** The demo brand's shortlist (spec §2 "/short-lists"), named like a real campaign. */
export const DEMO_SHORT_LIST_NAME = 'Ramadan 2027';
/** Favourites and shortlist of the demo brand: the demo creator and a few generated ones. */
const demoFavoriteEmails = ['creator@clipmarket.tn', demoCreatorEmail(7), demoCreatorEmail(23)];
const demoShortListEmails = [
  'creator@clipmarket.tn',
  demoCreatorEmail(3),
  demoCreatorEmail(11),
  demoCreatorEmail(19),
  demoCreatorEmail(42),
  demoCreatorEmail(57),
];

/**
 * Gives the demo brand a few favourites and its "Ramadan 2027" shortlist, so discovery has
 * something to show at first sign-in. Keyed on the list's name: a database from before
 * discovery gets them on its next start, a normal restart writes nothing (one query), and a
 * list the demo user deleted comes back, like a deleted demo account. Returns 1 when made.
 */
async function seedBrandShortList(database: Database, now: Date): Promise<number> {
  const brandEmail = 'brand@clipmarket.tn';
  /** The brand's advertiser id while it has no list of that name (else null). */
  const brandWithoutList = async (db: DbOrTx) => {
    const advertiserId = (await findDemoProfileByEmail(db, brandEmail))?.advertiserId ?? null;
    if (advertiserId === null) return null;
    return (await hasShortListNamed(db, advertiserId, DEMO_SHORT_LIST_NAME)) ? null : advertiserId;
  };
  if ((await brandWithoutList(database.db)) === null) return 0;
  return database.db.transaction(async (tx) => {
    await lockDemoSeed(tx);
    const advertiserId = await brandWithoutList(tx);
    if (advertiserId === null) return 0;
    const ids = await findInfluencerIdsByEmail(tx, [...demoFavoriteEmails, ...demoShortListEmails]);
    // Staggered times, so "most recent first" reads in the order written here.
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const pick = (emails: readonly string[]) =>
      emails.flatMap((email, i) => {
        const influencerId = ids.get(email);
        return influencerId === undefined ? [] : [{ influencerId, createdAt: minutesAgo(i + 1) }];
      });
    await seedDemoFavorites(
      tx,
      pick(demoFavoriteEmails).map((f) => ({ ...f, advertiserId })),
    );
    await seedDemoShortList(
      tx,
      { advertiserId, name: DEMO_SHORT_LIST_NAME, createdAt: minutesAgo(60) },
      pick(demoShortListEmails),
    );
    return 1;
  });
}

/** Which demo accounts get which pictures (what their role's complete profile requires). */
const demoPictures: { email: DemoAccountEmail; profile: DemoPictureKind; withCin: boolean }[] = [
  { email: 'brand@clipmarket.tn', profile: 'brand', withCin: false },
  { email: 'agency@clipmarket.tn', profile: 'agency', withCin: false },
  { email: 'creator@clipmarket.tn', profile: 'creator', withCin: true },
];

/**
 * Uploads, through the media service (same storage, variants and rows as a real upload), the
 * pictures a demo account is missing. Returns how many were created.
 */
async function attachDemoPictures(
  database: Database,
  media: Pick<MediaService, 'upload'>,
): Promise<number> {
  const state = await findDemoPictureState(
    database.db,
    demoPictures.map((p) => p.email),
  );
  let created = 0;
  for (const wanted of demoPictures) {
    const account = state.find((s) => s.email.toLowerCase() === wanted.email);
    if (!account) continue;
    if (account.profileFileId === null) {
      const file = await media.upload({
        ownerUserId: account.userId,
        purpose: 'profile',
        accept: 'image',
        filename: `${wanted.profile}.png`,
        stream: await renderDemoPicture(wanted.profile),
      });
      await setDemoProfilePicture(database.db, account.userId, file.file_id);
      created += 1;
    }
    if (wanted.withCin && account.influencerId !== null && account.cinFileId === null) {
      const file = await media.upload({
        ownerUserId: account.userId,
        purpose: 'cin',
        accept: 'image',
        filename: 'cin-specimen.png',
        stream: await renderDemoPicture('cin'),
      });
      await setDemoCinFile(database.db, account.influencerId, file.file_id);
      created += 1;
    }
  }
  return created;
}
