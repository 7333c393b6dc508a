import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessSettingDefinitions,
  businessSettingKeys,
  type BusinessSettingKey,
} from '@clipmarket/contracts/business-settings';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdmin, createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import { createSettingsRepository } from './settings.repository.js';
import { businessSettingsAudit } from './settings.schema.js';
import { createSettingsService } from './settings.service.js';

/**
 * Settings are global: on PostgreSQL other test files share them, so every change made here is
 * put back at once (they expect the defaults, e.g. the 15-day payout delay in a notification).
 */
describe('business settings', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let brand: TestUser & { name: string };
  let talent: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createAdmin(ctx);
    otherAdmin = await createAdmin(ctx);
    brand = await createAdvertiser(ctx, { name: 'Délice' });
    talent = await createTalent(ctx, { igUsername: 'sami.creates' });
  });
  afterAll(() => ctx.close());

  const bearer = (user: TestUser | null) =>
    user ? { authorization: `Bearer ${user.token}` } : undefined;
  const list = (user: TestUser | null = admin) =>
    ctx.app.inject({ method: 'GET', url: '/v2/admin/settings', headers: bearer(user) });
  const audit = (query = '', user: TestUser | null = admin) =>
    ctx.app.inject({
      method: 'GET',
      url: `/v2/admin/settings/audit${query}`,
      headers: bearer(user),
    });
  const put = (key: string, payload: unknown, user: TestUser | null = admin) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/v2/admin/settings/${key}`,
      headers: bearer(user),
      payload: payload as Record<string, unknown>,
    });
  const reader = () => ctx.modules.settings.reader;
  const auditRows = (key: string) =>
    ctx.database.db
      .select()
      .from(businessSettingsAudit)
      .where(eq(businessSettingsAudit.key, key))
      .orderBy(businessSettingsAudit.id);

  /** Runs `work` with `key` set to `value`, then puts the value in force before back. */
  async function withSetting(key: BusinessSettingKey, value: number, work: () => Promise<void>) {
    const before = await reader().get(ctx.database.db, key);
    const res = await put(key, { value });
    expect(res.statusCode, res.body).toBe(200);
    try {
      await work();
    } finally {
      expect((await put(key, { value: before })).statusCode).toBe(200);
    }
  }

  describe('defaults', () => {
    it('lists every setting with its unit, default and bounds', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.map((s: { key: string }) => s.key)).toEqual(businessSettingKeys);
      expect(data.find((s: { key: string }) => s.key === 'platform_fee_millimes')).toMatchObject({
        unit: 'millimes',
        value: 24_800,
        default: 24_800,
        min: 0,
        max: 1_000_000,
        is_default: true,
      });
    });

    it('reads the defaults of DESIGN §4, the spec and the issues through the one reader', async () => {
      const values = await reader().getAll(ctx.database.db);
      expect(values).toEqual({
        platform_fee_millimes: 24_800,
        vat_rate_basis_points: 1_900,
        fiscal_stamp_millimes: 1_000,
        creator_payout_delay_days: 15,
        revision_cap: 2,
        acceptance_window_hours: 72,
        review_window_days: 3,
        application_answer_window_days: 7,
        media_kit_for_validated_creators: 1,
        creators_per_request_max: 10,
        script_max_length: 2_000,
        brief_max_length: 5_000,
        video_upload_max_megabytes: 200,
        abandoned_upload_hours: 24,
        unfinished_uploads_max: 3,
        unfinished_uploads_max_megabytes: 1_024,
        video_length_tolerance_basis_points: 10_000,
        wallet_pack_min_millimes: 100_000,
        wallet_pack_max_millimes: 2_000_000,
        suggested_price_nano_15s_millimes: 50_000,
        suggested_price_nano_30s_millimes: 80_000,
        suggested_price_nano_60s_millimes: 120_000,
        suggested_price_micro_15s_millimes: 100_000,
        suggested_price_micro_30s_millimes: 150_000,
        suggested_price_micro_60s_millimes: 220_000,
        suggested_price_mid_tier_15s_millimes: 200_000,
        suggested_price_mid_tier_30s_millimes: 300_000,
        suggested_price_mid_tier_60s_millimes: 450_000,
        suggested_price_macro_15s_millimes: 400_000,
        suggested_price_macro_30s_millimes: 600_000,
        suggested_price_macro_60s_millimes: 900_000,
        suggested_price_mega_15s_millimes: 800_000,
        suggested_price_mega_30s_millimes: 1_200_000,
        suggested_price_mega_60s_millimes: 1_800_000,
        licence_paid_ads_basis_points: 3_000,
        licence_spark_ads_basis_points: 2_000,
        licence_90_days_basis_points: 1_500,
        licence_1_year_basis_points: 4_000,
        licence_perpetual_basis_points: 10_000,
        licence_mena_basis_points: 2_000,
        licence_worldwide_basis_points: 5_000,
        licence_exclusivity_30_days_basis_points: 2_500,
        licence_exclusivity_90_days_basis_points: 5_000,
        licence_exclusivity_180_days_basis_points: 8_000,
        licence_renewal_30_days_basis_points: 2_000,
      });
      expect(await reader().get(ctx.database.db, 'vat_rate_basis_points')).toBe(1_900);
      // Durations in hours for workflow timers.
      expect(await reader().getHours(ctx.database.db, 'review_window_days')).toBe(72);
      expect(await reader().getHours(ctx.database.db, 'acceptance_window_hours')).toBe(72);
    });
  });

  describe('an admin changes a value', () => {
    it('is read back by every module at once and audited with old, new and who', async () => {
      const key = 'creator_payout_delay_days';
      const auditBefore = (await auditRows(key)).length;
      await withSetting(key, 21, async () => {
        expect(await reader().get(ctx.database.db, key)).toBe(21);

        const item = (await list()).json().data.find((s: { key: string }) => s.key === key);
        expect(item).toMatchObject({
          value: 21,
          default: 15,
          is_default: false,
          updated_by_user_id: admin.userId,
        });
        expect(new Date(item.updated_at).toISOString()).toBe(item.updated_at);

        const rows = await auditRows(key);
        expect(rows.length).toBe(auditBefore + 1);
        expect(rows.at(-1)).toMatchObject({
          oldValue: 15,
          newValue: 21,
          changedByUserId: admin.userId,
        });

        const res = await audit(`?key=${key}&limit=1`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.items[0]).toMatchObject({
          key,
          old_value: 15,
          new_value: 21,
          changed_by_user_id: admin.userId,
        });
      });
      expect(await reader().get(ctx.database.db, key)).toBe(15);
    });

    it('puts the changed payout delay in the payment_pending notification text', async () => {
      await withSetting('creator_payout_delay_days', 30, async () => {
        const { notification_hash } = await ctx.modules.notifications.notify({
          receiverUserId: talent.userId,
          type: 'payment_pending',
          module: 'payment',
          sender: { userId: brand.userId },
          params: { request_name: 'Iftar reel' },
        });
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/v2/notifications',
          headers: bearer(talent),
        });
        const item = res
          .json()
          .data.find(
            (n: { notification_hash: string }) => n.notification_hash === notification_hash,
          );
        expect(item.content).toBe(
          'Délice paid for your content "Iftar reel". You will be paid within 30 days.',
        );
      });
    });

    it('audits two concurrent changes of one key as a chain (each old value is the other’s new)', async () => {
      // The test database is shared by the files running beside this one: a key whose two
      // values here only loosen a limit no other test reaches (the revision cap, changed
      // here before, made a review test beside it debrief a third time).
      const key = 'video_upload_max_megabytes';
      const before = await reader().get(ctx.database.db, key);
      const known = (await auditRows(key)).length;
      const answers = await Promise.all([
        put(key, { value: 300 }, admin),
        put(key, { value: 400 }, otherAdmin),
      ]);
      try {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const rows = (await auditRows(key)).slice(known);
        expect(rows.length).toBe(2);
        const [first, second] = rows as [(typeof rows)[0], (typeof rows)[0]];
        expect(first.oldValue).toBe(before);
        expect(second.oldValue).toBe(first.newValue);
        expect(await reader().get(ctx.database.db, key)).toBe(second.newValue);
      } finally {
        await put(key, { value: before });
      }
    });

    it('keeps the wallet pack minimum at or below the maximum', async () => {
      const res = await put('wallet_pack_min_millimes', { value: 2_500_000 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([
        {
          field: 'value',
          message:
            'wallet_pack_min_millimes may not exceed wallet_pack_max_millimes, now 2,000.000 TND (2000000 millimes)',
        },
      ]);
      expect(await reader().get(ctx.database.db, 'wallet_pack_min_millimes')).toBe(100_000);
    });

    it('pages through the audit with before_id', async () => {
      await withSetting('script_max_length', 2_500, async () => {
        const first = (await audit('?limit=1')).json().data;
        expect(first.items).toHaveLength(1);
        expect(first.next_before_id).toBe(first.items[0].id);
        const second = (await audit(`?limit=1&before_id=${first.next_before_id}`)).json().data;
        expect(second.items[0].id).toBeLessThan(first.items[0].id);
      });
    });
  });

  describe('refusals', () => {
    it('answers 403 to advertisers and creators, 401 without a token', async () => {
      for (const user of [brand, talent]) {
        expect((await list(user)).statusCode).toBe(403);
        expect((await audit('', user)).statusCode).toBe(403);
        const res = await put('revision_cap', { value: 3 }, user);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      expect((await list(null)).statusCode).toBe(401);
      expect((await put('revision_cap', { value: 3 }, null)).statusCode).toBe(401);
      expect(await reader().get(ctx.database.db, 'revision_cap')).toBe(2);
    });

    it('refuses a value out of bounds with a message that states them, and writes nothing', async () => {
      const known = (await auditRows('revision_cap')).length;
      const res = await put('revision_cap', { value: 11 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'revision_cap must be a whole number from 0 to 10',
        fields: [{ field: 'value', message: 'revision_cap must be a whole number from 0 to 10' }],
      });
      expect((await auditRows('revision_cap')).length).toBe(known);

      const fee = await put('platform_fee_millimes', { value: -1 });
      expect(fee.statusCode).toBe(400);
      expect(fee.json().error.fields[0].message).toBe(
        'platform_fee_millimes must be a whole number from 0.000 TND (0 millimes) to 1,000.000 TND (1000000 millimes)',
      );
      const vat = await put('vat_rate_basis_points', { value: 19.5 });
      expect(vat.json().error.fields[0].message).toBe(
        'vat_rate_basis_points must be a whole number from 0 % (0 basis points) to 50 % (5000 basis points)',
      );
    });

    it('refuses a body without a number', async () => {
      for (const payload of [{ value: '3' }, {}, { value: 3, extra: true }]) {
        const res = await put('revision_cap', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('answers 404 to an unknown key', async () => {
      const res = await put('free_lunch_count', { value: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect((await audit('?key=free_lunch_count')).statusCode).toBe(400);
    });
  });

  describe('reads in transactions and across processes', () => {
    it('never caches a change that rolls back', async () => {
      const service = ctx.modules.settings.service;
      expect(await service.get(ctx.database.db, 'brief_max_length')).toBe(5_000);
      await expect(
        ctx.database.db.transaction(async (tx) => {
          await service.change(tx, { key: 'brief_max_length', value: 6_000, userId: admin.userId });
          // The transaction sees its own change…
          expect(await service.get(tx, 'brief_max_length')).toBe(6_000);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      // …nobody else ever does.
      expect(await service.get(ctx.database.db, 'brief_max_length')).toBe(5_000);
    });

    it('another process sees a change once its cache has expired', async () => {
      let clock = 1_000_000;
      const otherProcess = createSettingsService({
        db: ctx.database.db,
        repository: createSettingsRepository(),
        cacheTtlMs: 5_000,
        now: () => clock,
      });
      const key = 'creators_per_request_max';
      const { default: initial } = businessSettingDefinitions[key];
      expect(await otherProcess.get(ctx.database.db, key)).toBe(initial);
      await withSetting(key, 12, async () => {
        clock += 4_000;
        expect(await otherProcess.get(ctx.database.db, key)).toBe(initial);
        clock += 1_001;
        expect(await otherProcess.get(ctx.database.db, key)).toBe(12);
      });
    });
  });
});
