import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowAudit } from '../../platform/workflow/workflow.schema.js';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { notifications } from '../notifications/notifications.schema.js';
import { createAdmin, createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import { users } from '../users/users.schema.js';
import { creatorValidations } from './creator-validation.schema.js';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(() => ctx.close());

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

async function newPendingCreator(name = 'Amira') {
  const talent = await createTalent(ctx, {
    firstName: name,
    igUsername: `${name.toLowerCase()}${Date.now()}`,
  });
  await ctx.modules.creatorValidation.service.open(ctx.database.db, talent.userId);
  return talent;
}

async function notificationTypesOf(userId: number) {
  const rows = await ctx.database.db
    .select({ type: notifications.type })
    .from(notifications)
    .where(eq(notifications.receiverUserId, userId));
  return rows.map((row) => row.type);
}

async function isValidated(userId: number) {
  const [row] = await ctx.database.db
    .select({ isValidated: users.isValidated })
    .from(users)
    .where(eq(users.id, userId));
  return row?.isValidated;
}

describe('creator account validation', () => {
  it('opens for a creator who signs up, not for a brand', async () => {
    const signUp = (role: 'TALENT' | 'BRAND', email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v2/auth/register',
        payload:
          role === 'TALENT'
            ? {
                role,
                email,
                password: 'Secret12',
                first_name: 'Nour',
                last_name: 'Haddad',
                ig_username: `nour${Date.now()}`,
              }
            : {
                role,
                email,
                password: 'Secret12',
                first_name: 'Sami',
                last_name: 'Jaziri',
                name: `Brand ${Date.now()}`,
              },
      });
    const creator = await signUp('TALENT', uniqueEmail('signup-creator'));
    expect(creator.statusCode).toBe(201);
    const creatorId = creator.json().data.user.user_id as number;
    const row = await waitFor(
      async () =>
        (
          await ctx.database.db
            .select()
            .from(creatorValidations)
            .where(eq(creatorValidations.userId, creatorId))
        )[0],
      { what: 'the validation row' },
    );
    expect(row.state).toBe('pending');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v2/user/getMe',
      headers: { authorization: `Bearer ${creator.json().data.accessToken}` },
    });
    expect(me.json().data.validation).toEqual({
      state: 'pending',
      rejection_reason: null,
      allowed_transitions: [],
    });
    await waitFor(
      async () => (await notificationTypesOf(creatorId)).includes('account_pending_validation'),
      {
        what: 'the pending notification',
      },
    );
  });

  it('opens once per account and tells the creator their account is pending', async () => {
    const talent = await newPendingCreator();
    await ctx.modules.creatorValidation.service.open(ctx.database.db, talent.userId);
    const types = await waitFor(
      async () => {
        const found = await notificationTypesOf(talent.userId);
        return found.length > 0 && found;
      },
      { what: 'the pending notification' },
    );
    expect(types).toEqual(['account_pending_validation']);

    const me = await ctx.app.inject({
      method: 'POST',
      url: '/v2/user/validation/resubmit',
      headers: auth(talent),
    });
    expect(me.statusCode).toBe(409);
    expect(me.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('lists pending creators for admins only, longest waiting first, with the actions allowed', async () => {
    const first = await newPendingCreator('Salma');
    const second = await newPendingCreator('Yassine');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v2/admin/creators?state=pending&limit=50',
      headers: auth(admin),
    });
    expect(list.statusCode).toBe(200);
    const items = list.json().data.items as Array<{
      user_id: number;
      allowed_transitions: string[];
      email: string;
    }>;
    const ids = items.map((item) => item.user_id);
    expect(ids.indexOf(first.userId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.userId)).toBeLessThan(ids.indexOf(second.userId));
    const item = items.find((i) => i.user_id === first.userId);
    expect(item?.allowed_transitions).toEqual(['validate', 'reject']);
    expect(item?.email).toBe(first.email);
    expect(list.json().data.pending_count).toBeGreaterThanOrEqual(2);

    const brand = await createAdvertiser(ctx);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/v2/admin/creators',
      headers: auth(brand),
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v2/admin/creators' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages with a keyset cursor and refuses a forged one', async () => {
    await newPendingCreator('Page1');
    await newPendingCreator('Page2');
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/v2/admin/creators?limit=1',
      headers: auth(admin),
    });
    const cursor = first.json().data.next_cursor as string;
    expect(cursor).toBeTruthy();
    const second = await ctx.app.inject({
      method: 'GET',
      url: `/v2/admin/creators?limit=1&cursor=${cursor}`,
      headers: auth(admin),
    });
    expect(second.json().data.items[0].user_id).not.toBe(first.json().data.items[0].user_id);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/v2/admin/creators?cursor=bm9wZQ',
      headers: auth(admin),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('validates: the flag follows, the audit row says who, the creator is notified', async () => {
    const talent = await newPendingCreator('Validated');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/v2/admin/creators/${talent.userId}/validate`,
      headers: auth(admin),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ state: 'validated', allowed_transitions: [] });
    expect(await isValidated(talent.userId)).toBe(true);

    const audit = await ctx.database.db
      .select()
      .from(workflowAudit)
      .where(
        and(
          eq(workflowAudit.process, 'creator-validation'),
          eq(workflowAudit.subjectId, talent.userId),
        ),
      );
    expect(audit).toMatchObject([
      {
        transition: 'validate',
        fromState: 'pending',
        toState: 'validated',
        actorUserId: admin.userId,
        actorRole: 'ADMIN',
      },
    ]);
    await waitFor(
      async () => (await notificationTypesOf(talent.userId)).includes('account_validated'),
      {
        what: 'the validated notification',
      },
    );

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/v2/admin/creators/${talent.userId}/validate`,
      headers: auth(admin),
    });
    expect(again.statusCode).toBe(409);
  });

  it('rejects only with a reason, which the creator sees; the creator may ask again', async () => {
    const talent = await newPendingCreator('Rejected');
    const noReason = await ctx.app.inject({
      method: 'POST',
      url: `/v2/admin/creators/${talent.userId}/reject`,
      headers: auth(admin),
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.code).toBe('VALIDATION_FAILED');

    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/v2/admin/creators/${talent.userId}/reject`,
      headers: auth(admin),
      payload: { reason: 'The CIN scan is unreadable' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      state: 'rejected',
      rejection_reason: 'The CIN scan is unreadable',
      allowed_transitions: ['validate'],
    });
    expect(await isValidated(talent.userId)).toBe(false);
    await waitFor(
      async () => (await notificationTypesOf(talent.userId)).includes('account_rejected'),
      {
        what: 'the rejected notification',
      },
    );
    const [stored] = await ctx.database.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(
        and(
          eq(notifications.receiverUserId, talent.userId),
          eq(notifications.type, 'account_rejected'),
        ),
      );
    expect(stored?.params).toMatchObject({ reason: 'The CIN scan is unreadable' });

    const resubmitted = await ctx.app.inject({
      method: 'POST',
      url: '/v2/user/validation/resubmit',
      headers: auth(talent),
    });
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().data).toMatchObject({ state: 'pending', rejection_reason: null });
  });

  it('answers 404 for an unknown creator and 400 for an id out of range', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/v2/admin/creators/2147483000/validate',
      headers: auth(admin),
    });
    expect(unknown.statusCode).toBe(404);
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/v2/admin/creators/2147483648/validate',
      headers: auth(admin),
    });
    expect(huge.statusCode).toBe(400);
  });

  it('two admins validating the same account at once: exactly one wins', async () => {
    // (A rejection racing a validation may legitimately see both pass, in either order:
    // a rejected account can still be validated.)
    const talent = await newPendingCreator('Race');
    const second = await createAdmin(ctx);
    const validateAs = (who: TestUser) =>
      ctx.app.inject({
        method: 'POST',
        url: `/v2/admin/creators/${talent.userId}/validate`,
        headers: auth(who),
      });
    const answers = await Promise.all([validateAs(admin), validateAs(second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const audit = await ctx.database.db
      .select()
      .from(workflowAudit)
      .where(
        and(
          eq(workflowAudit.process, 'creator-validation'),
          eq(workflowAudit.subjectId, talent.userId),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it('reminds admins once a day about accounts waiting more than 48 hours', async () => {
    const talent = await newPendingCreator('Waiting');
    await ctx.database.db
      .update(creatorValidations)
      .set({ stateEnteredAt: new Date(Date.now() - 50 * 3_600_000) })
      .where(eq(creatorValidations.userId, talent.userId));
    const service = ctx.modules.creatorValidation.service;
    expect(await service.remindAdmins()).toBeGreaterThanOrEqual(1);
    expect(await service.remindAdmins()).toBe(0);
    await waitFor(
      async () => (await notificationTypesOf(admin.userId)).includes('creators_pending_validation'),
      {
        what: 'the admins’ reminder',
      },
    );
  });
});
