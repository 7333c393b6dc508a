import type { z } from 'zod';
import {
  isAdvertiserRole,
  sizeBandOf,
  type Language,
  type NotificationRole,
  type Role,
} from '@clipmarket/contracts/enums';
import { engagementRateOf, type DeclaredStatsBody } from '@clipmarket/contracts/discovery';
import type { FieldError } from '@clipmarket/contracts/errors';
import {
  advertiserCompletionFields,
  findMissingCompletionFields,
  profileSchemas,
  talentCompletionFields,
  type NotificationPreferencesBody,
  type UpdateMeAdvertiserBody,
  type UpdateMeTalentBody,
} from '@clipmarket/contracts/profile';
import type {
  AdvertiserProfile,
  Efile,
  InfluencerProfile,
  Me,
  PublicInfluencerProfile,
  TwinklingFlags,
} from '@clipmarket/contracts/users';
import { userClickBodySchema } from '@clipmarket/contracts/users';
import { englishTranslate } from '@clipmarket/contracts/validation';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import type {
  AdvertiserRow,
  CategoryLabelColumn,
  FileRow,
  InfluencerRow,
  UserRow,
  UsersQueries,
  UsersRepository,
} from './users.repository.js';

/** Who receives a notification and how (used by the notifications module). */
export interface NotificationTarget {
  role: NotificationRole;
  /** The advertiser or influencer id notifications are addressed to (spec §4); user id for admins. */
  receiverId: number;
  allowNotifications: boolean;
  allowEmails: boolean;
  email: string;
  language: Language;
  displayName: string;
}

export type LabelLanguage = 'en' | 'fr' | 'ar';

const labelColumn: Record<LabelLanguage, CategoryLabelColumn> = {
  en: 'labelEn',
  fr: 'labelFr',
  ar: 'labelAr',
};

const ageIntervalValues = ['18-25', '25-35', '35-45', '45+'] as const;
type AgeInterval = (typeof ageIntervalValues)[number];

/** Stored bands may predate the form's spelling ("45plus", spec §3). */
function toAgeInterval(value: string | null): AgeInterval | null {
  if (value === '45plus') return '45+';
  return ageIntervalValues.find((band) => band === value) ?? null;
}

function toIsoDate(value: string | null): string | null {
  return value ?? null;
}

function toEfile(file: FileRow | undefined): Efile | null {
  if (!file) return null;
  return {
    file_id: file.id,
    token: file.token,
    file_extension: file.fileExtension,
    original_name: file.originalName,
  };
}

/** Spec §6: permissions as action/subject pairs. */
function rulesOf(role: Role): Me['rules'] {
  if (role === 'TALENT') return [{ action: 'read', subject: 'Home' }];
  if (role === 'ADMIN') return [{ action: 'manage', subject: 'all' }];
  return [{ action: 'manage', subject: 'Home' }];
}

/** Spec §2 "/": advertisers go to the server's target, everyone else to their showcase. */
function redirectionOf(role: Role): string {
  return isAdvertiserRole(role) ? '/discover-content' : '/profile/check-profile';
}

function validationFailed(fields: FieldError[]): AppError {
  return new AppError('VALIDATION_FAILED', fields[0]?.message ?? 'Invalid request', fields);
}

/** Zod issues → one entry per field (top-level wire name) and message, in order. */
function toFieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    const key = `${field}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push({ field, message: issue.message });
  }
  return fields;
}

function parseOrThrow<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw validationFailed(toFieldErrors(result.error));
  return result.data;
}

function advertiserDto(row: AdvertiserRow): AdvertiserProfile {
  return {
    advertiser_id: row.id,
    name: row.name,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    phone_prefix: row.phonePrefix,
    allow_notifications: row.allowNotifications,
    allow_emails: row.allowEmails,
    account_validity_from: toIsoDate(row.accountValidityFrom),
    account_validity_to: toIsoDate(row.accountValidityTo),
    search_count: row.searchCount,
    max_search_count: row.maxSearchCount,
    free_trial_expire_date: toIsoDate(row.freeTrialExpireDate),
    country: row.country,
    cities: row.cities,
    website_url: row.websiteUrl,
    business_sector_id: row.businessSectorId,
    campany_name: row.companyName,
    tax_registration_number: row.taxRegistrationNumber,
    domiciliation_address: row.domiciliationAddress,
    phone_campany: row.phoneCompany,
    phone_campany_prefix: row.phoneCompanyPrefix,
    notification_preference: row.notificationPreference,
  };
}

/** The owner's view of a creator profile: private fields included (getMe is the owner's). */
function influencerDto(row: InfluencerRow, categoryIds: number[]): InfluencerProfile {
  return {
    influencer_id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    influencer_name: row.influencerName,
    ig_username: row.igUsername,
    tiktok_username: row.tiktokUsername,
    phone: row.phone,
    phone_prefix: row.phonePrefix,
    is_show_media_kit: row.isShowMediaKit,
    allow_notifications: row.allowNotifications,
    allow_emails: row.allowEmails,
    age_intervale: toAgeInterval(row.ageInterval),
    gender: row.gender,
    country: row.country,
    country_of_origin: row.countryOfOrigin,
    city: row.city,
    domiciliation_address: row.domiciliationAddress,
    cin: row.cin,
    cin_efile_id: row.cinFileId,
    payment_method: row.paymentMethod,
    card_number: row.cardNumber,
    card_number_d17: row.cardNumberD17,
    influencer_bio: row.bio,
    categories: categoryIds,
    specializations: row.specializations,
  };
}

function joinName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}

function isTalentComplete(user: UserRow, influencer: InfluencerProfile): boolean {
  const values = { ...influencer, profile_efile_id: user.profileFileId };
  return findMissingCompletionFields(talentCompletionFields, values).length === 0;
}

function isAdvertiserComplete(user: UserRow, advertiser: AdvertiserProfile): boolean {
  const values = { ...advertiser, profile_efile_id: user.profileFileId };
  return findMissingCompletionFields(advertiserCompletionFields, values).length === 0;
}

export function createUsersService(deps: { repo: UsersRepository }) {
  const { repo } = deps;

  async function loadMe(q: UsersQueries, userId: number): Promise<Me> {
    const user = await q.findUser(userId);
    if (!user) throw notFound('User');
    const [advertiserRow, influencerRow] = await Promise.all([
      isAdvertiserRole(user.role) ? q.findAdvertiserByUser(userId) : undefined,
      user.role === 'TALENT' ? q.findInfluencerByUser(userId) : undefined,
    ]);
    const categoryIds = influencerRow ? await q.findCategoryIds(influencerRow.id) : [];
    const fileIds = [user.profileFileId, influencerRow?.cinFileId].filter(
      (id): id is number => typeof id === 'number',
    );
    const fileRows = await q.findFiles(fileIds);
    const fileById = new Map(fileRows.map((file) => [file.id, file]));

    const advertiser = advertiserRow ? advertiserDto(advertiserRow) : null;
    const influencer = influencerRow ? influencerDto(influencerRow, categoryIds) : null;
    const isCompleted = advertiser
      ? isAdvertiserComplete(user, advertiser)
      : influencer
        ? isTalentComplete(user, influencer)
        : user.role === 'ADMIN';
    const fullname = advertiser
      ? advertiser.name
      : influencer
        ? influencer.influencer_name || joinName(influencer.first_name, influencer.last_name)
        : user.email;

    return {
      user_id: user.id,
      user_email: { email: user.email },
      role: user.role,
      rules: rulesOf(user.role),
      isVisitor: false,
      isLegacy: user.isLegacy,
      redirection: null,
      is_verified: user.isVerified,
      is_completed: isCompleted ? 1 : 0,
      is_validated: user.isValidated,
      profile_efile_id: user.profileFileId,
      efile: toEfile(user.profileFileId ? fileById.get(user.profileFileId) : undefined),
      created_at: user.createdAt.toISOString(),
      fullname,
      language: user.language,
      advertiser_id: advertiser?.advertiser_id ?? null,
      advertiser,
      influencer,
      cin_efile: toEfile(
        influencerRow?.cinFileId ? fileById.get(influencerRow.cinFileId) : undefined,
      ),
    };
  }

  /**
   * Uploaded files a profile points at must be the caller's own images (spec §5: profile
   * picture and CIN accept image files only); a foreign id is refused like a wrong value.
   */
  async function checkOwnImages(
    q: UsersQueries,
    userId: number,
    refs: { field: 'profile_efile_id' | 'cin_efile_id'; id: number | undefined }[],
  ): Promise<void> {
    const wanted = refs.filter(
      (ref): ref is { field: typeof ref.field; id: number } => typeof ref.id === 'number',
    );
    const found = new Map((await q.findFiles(wanted.map((ref) => ref.id))).map((f) => [f.id, f]));
    const errors = wanted
      .filter((ref) => {
        const file = found.get(ref.id);
        return !file || file.ownerUserId !== userId || !file.mimeType.startsWith('image/');
      })
      .map((ref) => ({ field: ref.field, message: englishTranslate('invalidChoice', ref) }));
    if (errors.length > 0) throw validationFailed(errors);
  }

  async function saveTalent(q: UsersQueries, userId: number, body: UpdateMeTalentBody) {
    const influencer = await q.lockInfluencerByUser(userId);
    if (!influencer) throw notFound('Profile');
    await checkOwnImages(q, userId, [
      { field: 'profile_efile_id', id: body.profile_efile_id },
      { field: 'cin_efile_id', id: body.cin_efile_id },
    ]);
    if (body.categories) {
      const existing = new Set(await q.findExistingCategoryIds(body.categories));
      if (body.categories.some((id) => !existing.has(id))) {
        throw validationFailed([
          {
            field: 'categories',
            message: englishTranslate('invalidChoice', { field: 'categories' }),
          },
        ]);
      }
    }
    // Spec §4: a social username the creator already has is read-only.
    const igUsername = influencer.igUsername ?? body.ig_username;
    const tiktokUsername =
      influencer.tiktokUsername ??
      (body.tiktok_username === undefined ? undefined : body.tiktok_username);
    await q.updateInfluencer(influencer.id, {
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
    if (body.categories) await q.replaceInfluencerCategories(influencer.id, body.categories);
    if (body.profile_efile_id !== undefined) {
      await q.updateUser(userId, { profileFileId: body.profile_efile_id });
    }
  }

  async function saveAdvertiser(q: UsersQueries, userId: number, body: UpdateMeAdvertiserBody) {
    const advertiser = await q.lockAdvertiserByUser(userId);
    if (!advertiser) throw notFound('Profile');
    await checkOwnImages(q, userId, [{ field: 'profile_efile_id', id: body.profile_efile_id }]);
    await q.updateAdvertiser(advertiser.id, {
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
      await q.updateUser(userId, { profileFileId: body.profile_efile_id });
    }
  }

  async function loadPublicProfile(
    influencer: InfluencerRow,
    language: LabelLanguage,
  ): Promise<PublicInfluencerProfile> {
    const user = await repo.findUser(influencer.userId);
    if (!user) throw notFound('Creator');
    const [categoryRows, statRows, fileRows] = await Promise.all([
      repo.findCategoriesWithLabels(influencer.id, labelColumn[language]),
      repo.findStats(influencer.id),
      repo.findFiles(user.profileFileId ? [user.profileFileId] : []),
    ]);
    const stats = statRows.map((stat) => ({
      platform: stat.platform,
      followers_count: stat.followersCount,
      posts_count: stat.postsCount,
      avg_likes: stat.avgLikes,
      avg_comments: stat.avgComments,
      avg_video_views: stat.avgVideoViews,
      engagement_rate: Number(stat.engagementRate),
      persons_reached: stat.personsReached,
      source: stat.source,
      updated_at: stat.updatedAt.toISOString(),
      size_band: sizeBandOf(stat.followersCount),
    }));
    const topFollowers = stats.length
      ? Math.max(...stats.map((stat) => stat.followers_count))
      : null;
    return {
      influencer_id: influencer.id,
      influencer_name: influencer.influencerName,
      first_name: influencer.firstName,
      last_name: influencer.lastName,
      ig_username: influencer.igUsername,
      tiktok_username: influencer.tiktokUsername,
      profile_efile_id: user.profileFileId,
      efile: toEfile(fileRows[0]),
      influencer_bio: influencer.bio,
      categories: categoryRows.map((row) => ({ category_id: row.id, label: row.label })),
      specializations: influencer.specializations,
      country: influencer.country,
      city: influencer.city,
      gender: influencer.gender,
      age_intervale: toAgeInterval(influencer.ageInterval),
      is_show_media_kit: influencer.isShowMediaKit,
      stats,
      size_band: topFollowers === null ? null : sizeBandOf(topFollowers),
    };
  }

  return {
    getMe(userId: number): Promise<Me> {
      return loadMe(repo, userId);
    },

    /**
     * POST /v2/user/updateMe: password change when `only_password` is true, else the role's
     * profile save. Keys outside the role's schema (role, email, brand name, validation flags,
     * quotas, other people's ids) are dropped by the schema and have no effect.
     */
    async updateMe(caller: AccessClaims, body: unknown): Promise<Me> {
      if (typeof body === 'object' && body !== null && 'only_password' in body) {
        const input = parseOrThrow(profileSchemas.updatePasswordBody, body);
        const user = await repo.findUser(caller.userId);
        if (!user) throw notFound('User');
        if (!(await verifyPassword(user.passwordHash, input.old_password))) {
          throw new AppError('WRONG_PASSWORD', 'The old password is wrong', [
            { field: 'old_password', message: 'The old password is wrong' },
          ]);
        }
        await repo.updateUser(caller.userId, {
          passwordHash: await hashPassword(input.new_password),
        });
        return loadMe(repo, caller.userId);
      }
      if (caller.role === 'TALENT') {
        const input = parseOrThrow(profileSchemas.updateMeTalentBody, body);
        return repo.transaction(async (tx) => {
          await saveTalent(tx, caller.userId, input);
          return loadMe(tx, caller.userId);
        });
      }
      if (isAdvertiserRole(caller.role)) {
        const input = parseOrThrow(profileSchemas.updateMeAdvertiserBody, body);
        return repo.transaction(async (tx) => {
          await saveAdvertiser(tx, caller.userId, input);
          return loadMe(tx, caller.userId);
        });
      }
      throw forbidden();
    },

    /** PUT /v2/user/notifications-preferences: only the caller's own profile; else 404. */
    async updateNotificationPreferences(
      caller: AccessClaims,
      body: NotificationPreferencesBody,
    ): Promise<void> {
      const values = {
        allowNotifications: body.allow_notifications,
        allowEmails: body.allow_emails,
      };
      let updated = false;
      if (isAdvertiserRole(caller.role)) {
        if (body.influencer_id !== undefined) throw notFound('Profile');
        updated = await repo.updateAdvertiserPreferences(caller.userId, body.advertiser_id, values);
      } else if (caller.role === 'TALENT') {
        if (body.advertiser_id !== undefined) throw notFound('Profile');
        updated = await repo.updateInfluencerPreferences(caller.userId, body.influencer_id, values);
      }
      if (!updated) throw notFound('Profile');
    },

    redirectionFor(role: Role): string {
      return redirectionOf(role);
    },

    async getTwinklingFlags(userId: number): Promise<TwinklingFlags> {
      const row = await repo.findTwinklingFlags(userId);
      return {
        twinkling_accept_request: row?.acceptRequest ?? false,
        twinkling_trak_payment: row?.trackPayment ?? false,
        twinkling_manage_content: row?.manageContent ?? false,
        twinkling_content_request: row?.contentRequest ?? false,
        twinkling_discover_opportunities: row?.discoverOpportunities ?? false,
        twinkling_get_paid: row?.getPaid ?? false,
        twinkling_support: row?.support ?? false,
      };
    },

    /**
     * Records an analytics click. The role stored is the caller's real one, and a creator's
     * click is always filed under their own influencer id, whatever the body claims.
     */
    async recordClick(
      caller: AccessClaims,
      input: z.output<typeof userClickBodySchema>,
    ): Promise<{ id: number; created_at: string }> {
      let influencerId = input.influencer_id ?? null;
      if (caller.role === 'TALENT') {
        influencerId = (await repo.findInfluencerByUser(caller.userId))?.id ?? null;
      }
      const row = await repo.insertUserClick({
        userId: caller.userId,
        influencerId,
        role: caller.role,
        module: input.module,
        moduleId: input.module_id,
        click: input.click,
      });
      return { id: row.id, created_at: row.createdAt.toISOString() };
    },

    /** Public creator profile: never CIN, payout numbers, address, phone or e-mail. */
    async getPublicProfile(
      influencerId: number,
      language: LabelLanguage,
    ): Promise<PublicInfluencerProfile> {
      const influencer = await repo.findInfluencer(influencerId);
      if (!influencer) throw notFound('Creator');
      return loadPublicProfile(influencer, language);
    },
    async getOwnPublicProfile(
      userId: number,
      language: LabelLanguage,
    ): Promise<PublicInfluencerProfile> {
      const influencer = await repo.findInfluencerByUser(userId);
      if (!influencer) throw notFound('Creator');
      return loadPublicProfile(influencer, language);
    },

    /**
     * PUT /v2/influencers/me/stats/{platform}: the creator's own figures, source "declared",
     * engagement rate computed here (never typed in). Only for a platform the creator has a
     * username on: figures of an account nobody can look up would be found by no search.
     */
    async declareStats(
      userId: number,
      platform: 'instagram' | 'tiktok',
      body: DeclaredStatsBody,
    ): Promise<void> {
      const influencer = await repo.findInfluencerByUser(userId);
      if (!influencer) throw notFound('Creator');
      const username = platform === 'instagram' ? influencer.igUsername : influencer.tiktokUsername;
      if (!username?.trim()) {
        const network = platform === 'instagram' ? 'Instagram' : 'TikTok';
        throw validationFailed([
          {
            field: 'platform',
            message: `Add your ${network} username to your profile before declaring its figures`,
          },
        ]);
      }
      await repo.upsertStats({
        influencerId: influencer.id,
        platform,
        followersCount: body.followers_count,
        postsCount: body.posts_count,
        avgLikes: body.avg_likes,
        avgComments: body.avg_comments,
        avgVideoViews: body.avg_video_views,
        personsReached: body.persons_reached,
        engagementRate: engagementRateOf(body).toFixed(2),
        source: 'declared',
        updatedAt: new Date(),
      });
    },

    /** The user's default label language when the request does not say. */
    async findLabelLanguage(userId: number): Promise<LabelLanguage> {
      const user = await repo.findUser(userId);
      return user?.language === 'fr' ? 'fr' : user?.language === 'tn' ? 'ar' : 'en';
    },

    /** Spec §4 "Notification role": advertiser if the user has an advertiser profile, else talent. */
    async findNotificationTarget(userId: number): Promise<NotificationTarget | null> {
      const user = await repo.findUser(userId);
      if (!user) return null;
      const advertiser = await repo.findAdvertiserByUser(userId);
      if (advertiser) {
        return {
          role: 'advertiser',
          receiverId: advertiser.id,
          allowNotifications: advertiser.allowNotifications === 'Y',
          allowEmails: advertiser.allowEmails === 'Y',
          email: user.email,
          language: user.language,
          displayName: advertiser.name,
        };
      }
      const influencer = await repo.findInfluencerByUser(userId);
      if (influencer) {
        return {
          role: 'talent',
          receiverId: influencer.id,
          allowNotifications: influencer.allowNotifications === 'Y',
          allowEmails: influencer.allowEmails === 'Y',
          email: user.email,
          language: user.language,
          displayName:
            influencer.influencerName ||
            joinName(influencer.firstName, influencer.lastName) ||
            user.email,
        };
      }
      return {
        role: 'admin',
        receiverId: user.id,
        allowNotifications: true,
        allowEmails: true,
        email: user.email,
        language: user.language,
        displayName: user.email,
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
