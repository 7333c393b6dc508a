import { isAdvertiserRole } from '@clipmarket/contracts/enums';
import type { CreatorValidationStatus } from '@clipmarket/contracts/users';
import type { Efile } from '@clipmarket/contracts/media';
import type {
  UpdateMeAdminBody,
  UpdateMeAdvertiserBody,
  UpdateMeAdvertiserProfileBody,
  UpdateMeTalentBody,
  UpdateMeTalentProfileBody,
} from '@clipmarket/contracts/profile';
import { englishTranslate } from '@clipmarket/contracts/validation';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { inTransaction, readAll } from '../../platform/db/transaction.js';
import { notFound } from '../../platform/http/errors.js';
import { validationFailed } from '../../platform/http/validation.js';
import { describeFiles, findOwnedFiles } from '../media/index.js';
import { findCategories } from '../reference-data/index.js';
import type { AdvertiserRow, InfluencerRow, UserRow, UsersRepository } from './users.repository.js';

/**
 * An advertiser's search quota (spec §3 "Quota"). Discovery owns it; the composition root
 * hands users its `findSearchQuota` for getMe (users cannot import discovery, which imports it).
 */
export interface AdvertiserSearchQuota {
  searchCount: number;
  maxSearchCount: number;
  freeTrialExpireDate: string | null;
  accountValidityFrom: string | null;
  accountValidityTo: string | null;
}
export type FindSearchQuota = (db: DbOrTx, advertiserId: number) => Promise<AdvertiserSearchQuota>;

/** The signed-in user with the profile of their role and the files it points at (getMe). */
export interface MeProfile {
  user: Omit<UserRow, 'passwordHash'>;
  advertiser: AdvertiserRow | null;
  /** The advertiser's search quota (null for other roles). */
  searchQuota: AdvertiserSearchQuota | null;
  influencer: InfluencerRow | null;
  /** The creator's category ids, ascending (empty for other roles). */
  categoryIds: number[];
  profileFile: Efile | null;
  cinFile: Efile | null;
  /** Creators: where their account stands with the team (null for other roles). */
  validation: CreatorValidationStatus | null;
}

/**
 * A creator's validation status; creator-validation owns it, and the composition root hands
 * its reader to users for getMe (creator-validation already depends on users).
 */
export type FindValidationStatus = (
  db: DbOrTx,
  userId: number,
) => Promise<CreatorValidationStatus | null>;

/**
 * A creator's save: the whole form, or its profile tab alone (`step: 'profile'`); a field it
 * does not hold is left unchanged.
 */
export type TalentSave = Partial<UpdateMeTalentBody> | UpdateMeTalentProfileBody;
/** An advertiser's save: the whole form, or its profile tab alone (`step: 'profile'`). */
export type AdvertiserSave = Partial<UpdateMeAdvertiserBody> | UpdateMeAdvertiserProfileBody;

export interface ProfileServiceDeps {
  db: Db;
  repository: UsersRepository;
  findSearchQuota: FindSearchQuota;
  findValidationStatus: FindValidationStatus;
}

/** getMe and the profile saves of POST /v2/user/updateMe (creator and advertiser forms). */
export function createProfileService({
  db,
  repository,
  findSearchQuota,
  findValidationStatus,
}: ProfileServiceDeps) {
  async function loadMe(q: DbOrTx, userId: number): Promise<MeProfile> {
    const row = await repository.findUser(q, userId);
    if (!row) throw notFound('User');
    const { passwordHash: _hash, ...user } = row;
    // Side by side on the database, one after another on a save's transaction (readAll).
    const [advertiser, influencer] = await readAll(q, [
      async () =>
        isAdvertiserRole(user.role) ? repository.findAdvertiserByUser(q, userId) : undefined,
      async () => (user.role === 'TALENT' ? repository.findInfluencerByUser(q, userId) : undefined),
    ]);
    const fileIds = [user.profileFileId, influencer?.cinFileId].filter(
      (id): id is number => typeof id === 'number',
    );
    const [categoryIds, searchQuota, files, validation] = await readAll(q, [
      async () => (influencer ? repository.findCategoryIds(q, influencer.id) : []),
      async () => (advertiser ? findSearchQuota(q, advertiser.id) : null),
      () => describeFiles(q, fileIds),
      async () => (user.role === 'TALENT' ? findValidationStatus(q, userId) : null),
    ]);
    return {
      user,
      advertiser: advertiser ?? null,
      searchQuota,
      influencer: influencer ?? null,
      categoryIds,
      profileFile: user.profileFileId ? (files.get(user.profileFileId) ?? null) : null,
      cinFile: influencer?.cinFileId ? (files.get(influencer.cinFileId) ?? null) : null,
      validation,
    };
  }

  /**
   * Uploaded files a profile points at must be the caller's own images (spec §5: profile
   * picture and CIN accept image files only); a foreign id is refused like a wrong value.
   */
  async function checkOwnImages(
    tx: DbOrTx,
    userId: number,
    refs: { field: 'profile_efile_id' | 'cin_efile_id'; id: number | undefined }[],
  ): Promise<void> {
    const wanted = refs.filter(
      (ref): ref is { field: typeof ref.field; id: number } => typeof ref.id === 'number',
    );
    const owned = await findOwnedFiles(
      tx,
      userId,
      wanted.map((ref) => ref.id),
    );
    const errors = wanted
      .filter((ref) => !owned.get(ref.id)?.mime_type.startsWith('image/'))
      .map((ref) => ({ field: ref.field, message: englishTranslate('invalidChoice', ref) }));
    if (errors.length > 0) throw validationFailed(errors);
  }

  async function checkCategories(tx: DbOrTx, ids: number[]): Promise<void> {
    const known = new Set((await findCategories(tx, ids, 'en')).map((c) => c.category_id));
    if (ids.some((id) => !known.has(id))) {
      throw validationFailed([
        {
          field: 'categories',
          message: englishTranslate('invalidChoice', { field: 'categories' }),
        },
      ]);
    }
  }

  async function saveTalent(tx: DbOrTx, userId: number, save: TalentSave) {
    const body: Partial<UpdateMeTalentBody> = save;
    const influencer = await repository.lockInfluencerByUser(tx, userId);
    if (!influencer) throw notFound('Profile');
    await checkOwnImages(tx, userId, [
      { field: 'profile_efile_id', id: body.profile_efile_id },
      { field: 'cin_efile_id', id: body.cin_efile_id },
    ]);
    if (body.categories) await checkCategories(tx, body.categories);
    // Spec §4: a social username the creator already has is read-only.
    const igUsername = influencer.igUsername ?? body.ig_username;
    const tiktokUsername =
      influencer.tiktokUsername ??
      (body.tiktok_username === undefined ? undefined : body.tiktok_username);
    await repository.updateInfluencer(tx, influencer.id, {
      firstName: body.first_name,
      lastName: body.last_name,
      cin: body.cin,
      cinFileId: body.cin_efile_id,
      domiciliationAddress: body.domiciliation_address,
      paymentMethod: body.payment_method,
      cardNumber: body.card_number,
      cardNumberD17: body.card_number_d17,
      phonePrefix: body.phone_prefix,
      phone: body.phone,
      gender: body.gender,
      ageInterval: body.age_intervale,
      country: body.country,
      // Spec §3: the country of origin follows the country on every creator save.
      countryOfOrigin: body.country,
      city: body.city,
      igUsername,
      tiktokUsername,
      // Creators are shown by a name made from their social usernames (spec §3).
      influencerName: influencer.influencerName ?? igUsername ?? tiktokUsername ?? undefined,
      bio: body.influencer_bio,
      specializations: body.specializations,
    });
    if (body.categories) {
      await repository.replaceInfluencerCategories(tx, influencer.id, body.categories);
    }
    if (body.profile_efile_id !== undefined) {
      await repository.updateUser(tx, userId, { profileFileId: body.profile_efile_id });
    }
  }

  async function saveAdvertiser(tx: DbOrTx, userId: number, save: AdvertiserSave) {
    const body: Partial<UpdateMeAdvertiserBody> = save;
    const advertiser = await repository.lockAdvertiserByUser(tx, userId);
    if (!advertiser) throw notFound('Profile');
    await checkOwnImages(tx, userId, [{ field: 'profile_efile_id', id: body.profile_efile_id }]);
    await repository.updateAdvertiser(tx, advertiser.id, {
      companyName: body.campany_name,
      taxRegistrationNumber: body.tax_registration_number,
      domiciliationAddress: body.domiciliation_address,
      phoneCompany: body.phone_campany,
      phoneCompanyPrefix: body.phone_campany_prefix,
      firstName: body.first_name,
      lastName: body.last_name,
      phonePrefix: body.phone_prefix,
      phone: body.phone,
      businessSectorId: body.business_sector_id,
      country: body.country,
      cities: body.cities,
      websiteUrl: body.website_url,
      notificationPreference: body.notification_preference,
    });
    if (body.profile_efile_id !== undefined) {
      await repository.updateUser(tx, userId, { profileFileId: body.profile_efile_id });
    }
  }

  return {
    /** The caller as getMe shows them; also what every save answers. */
    getMe(userId: number, q: DbOrTx = db): Promise<MeProfile> {
      return loadMe(q, userId);
    },

    /**
     * A creator's full-form save (spec §5): the body was parsed by the route with the
     * creator schema, so keys outside it (role, e-mail, validation flags, ids) are gone.
     */
    saveTalentProfile(userId: number, body: TalentSave): Promise<MeProfile> {
      return inTransaction(db, async (tx) => {
        await saveTalent(tx, userId, body);
        return loadMe(tx, userId);
      });
    },

    /** An admin's settings (issue 8 point 4): their name and picture only. */
    saveAdminProfile(userId: number, body: UpdateMeAdminBody): Promise<MeProfile> {
      return inTransaction(db, async (tx) => {
        await checkOwnImages(tx, userId, [
          { field: 'profile_efile_id', id: body.profile_efile_id },
        ]);
        await repository.updateUser(tx, userId, {
          name: body.fullname,
          ...(body.profile_efile_id !== undefined ? { profileFileId: body.profile_efile_id } : {}),
        });
        return loadMe(tx, userId);
      });
    },

    /** An advertiser's profile and legal info save (spec §5). */
    saveAdvertiserProfile(userId: number, body: AdvertiserSave): Promise<MeProfile> {
      return inTransaction(db, async (tx) => {
        await saveAdvertiser(tx, userId, body);
        return loadMe(tx, userId);
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
