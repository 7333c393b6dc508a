import type { CreatePromoCodeBody, PromoPurchaseKind } from '@clipmarket/contracts/promo-codes';
import { createPromoCodeBodySchema } from '@clipmarket/contracts/promo-codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdmin, createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import type { PromoCodesService } from './index.js';

let ctx: TestContext;
let promo: PromoCodesService;
let admin: TestUser;
let brand: TestUser;

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let counter = 0;
/** A code of this run: the PostgreSQL test database is shared by test files and runs. */
const uniqueCode = (prefix = 'T') =>
  `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${(counter += 1)}`.toUpperCase();
/** Purchase ids of this run (one redemption per purchase, database-wide). */
let purchaseSeq = Math.floor(Math.random() * 1_000_000_000);
const nextPurchaseId = () => (purchaseSeq += 1);

async function createCode(body: Partial<CreatePromoCodeBody> = {}) {
  const input = createPromoCodeBodySchema.parse({
    code: uniqueCode(),
    percent_basis_points: 1000,
    starts_at: iso(-hour),
    applies_to: ['wallet_pack', 'content_request', 'opportunity'],
    ...body,
  });
  return promo.create(admin.userId, input);
}

function redeem(
  code: string,
  advertiserUserId: number,
  purchaseId = nextPurchaseId(),
  purchaseKind: PromoPurchaseKind = 'wallet_pack',
) {
  return inTransaction(ctx.database.db, (tx) =>
    promo.redeem(tx, { code, advertiserUserId, purchaseKind, purchaseId }),
  );
}

const release = (purchaseId: number, purchaseKind: PromoPurchaseKind = 'wallet_pack') =>
  inTransaction(ctx.database.db, (tx) => promo.release(tx, { purchaseKind, purchaseId }));

const invalid = {
  code: 'PROMO_CODE_INVALID',
  statusCode: 422,
  message: 'Promo code is no longer valid!',
};

beforeAll(async () => {
  ctx = await createTestContext();
  promo = ctx.modules.promoCodes.service;
  admin = await createAdmin(ctx);
  brand = await createAdvertiser(ctx);
});
afterAll(async () => ctx?.close());

describe('checking a code', () => {
  it('accepts a valid code in any case, with spaces around, and answers its basis points', async () => {
    const created = await createCode({ percent_basis_points: 1250 });
    const valid = await promo.check(ctx.database.db, {
      code: `  ${created.code.toLowerCase()} `,
      advertiserUserId: brand.userId,
      purchaseKind: 'wallet_pack',
    });
    expect(valid).toEqual({
      promoCodeId: created.promo_code_id,
      code: created.code,
      basisPoints: 1250,
    });
  });

  it('refuses an unknown, inactive or not applicable code with the spec message', async () => {
    const check = (code: string, purchaseKind: PromoPurchaseKind = 'wallet_pack') =>
      promo.check(ctx.database.db, { code, advertiserUserId: brand.userId, purchaseKind });
    await expect(check(uniqueCode('NOPE'))).rejects.toMatchObject(invalid);

    const inactive = await createCode({ is_active: false });
    await expect(check(inactive.code)).rejects.toMatchObject(invalid);

    const packsOnly = await createCode({ applies_to: ['wallet_pack'] });
    await expect(check(packsOnly.code, 'content_request')).rejects.toMatchObject(invalid);
    await expect(check(packsOnly.code, 'wallet_pack')).resolves.toMatchObject({
      code: packsOnly.code,
    });
  });

  it('is valid from its start (included) until its end (excluded) only', async () => {
    const startsAt = new Date(Date.now() + 2 * hour);
    const endsAt = new Date(Date.now() + 4 * hour);
    const created = await createCode({
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
    });
    const at = (date: Date) =>
      promo.check(ctx.database.db, {
        code: created.code,
        advertiserUserId: brand.userId,
        purchaseKind: 'wallet_pack',
        at: date,
      });
    await expect(at(new Date(startsAt.getTime() - 1))).rejects.toMatchObject(invalid);
    await expect(at(startsAt)).resolves.toMatchObject({ code: created.code });
    await expect(at(new Date(endsAt.getTime() - 1))).resolves.toMatchObject({ code: created.code });
    await expect(at(endsAt)).rejects.toMatchObject(invalid);
    // Not yet valid now: redeeming now is refused too.
    await expect(redeem(created.code, brand.userId)).rejects.toMatchObject(invalid);
  });

  it('refuses a code once its end has passed', async () => {
    const expired = await createCode({ starts_at: iso(-3 * hour), ends_at: iso(-hour) });
    await expect(redeem(expired.code, brand.userId)).rejects.toMatchObject(invalid);
  });
});

describe('redeeming a code', () => {
  it('gives exactly the limit when 30 redemptions of a code limited to 5 race', async () => {
    const created = await createCode({ max_redemptions: 5 });
    const advertisers = await Promise.all([1, 2, 3].map(() => createAdvertiser(ctx)));
    // Every transaction is open before the first one redeems (as many as the pool holds), so
    // their reads and writes overlap; the remaining ones follow as connections free up.
    const gate = new Promise((resolve) => setTimeout(resolve, 100));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        inTransaction(ctx.database.db, async (tx) => {
          await tx.execute(sql`select 1`);
          await gate;
          return promo.redeem(tx, {
            code: created.code,
            advertiserUserId: advertisers[i % 3]!.userId,
            purchaseKind: 'wallet_pack',
            purchaseId: nextPurchaseId(),
          });
        }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) =>
        r.status === 'rejected' && (r.reason as { code?: string }).code === 'PROMO_CODE_INVALID',
    );
    expect(succeeded).toHaveLength(5);
    expect(refused).toHaveLength(25);
    const [listed] = (await promo.listForAdmin()).filter((c) => c.code === created.code);
    expect(listed?.redemption_count).toBe(5);
  });

  it('keeps each advertiser within the per-advertiser limit, others still redeem', async () => {
    const created = await createCode({ max_redemptions_per_advertiser: 2 });
    const other = await createAdvertiser(ctx, { role: 'AGENCY' });
    await redeem(created.code, brand.userId);
    await redeem(created.code, brand.userId);
    await expect(redeem(created.code, brand.userId)).rejects.toMatchObject(invalid);
    await expect(
      promo.check(ctx.database.db, {
        code: created.code,
        advertiserUserId: brand.userId,
        purchaseKind: 'wallet_pack',
      }),
    ).rejects.toMatchObject(invalid);
    await expect(redeem(created.code, other.userId)).resolves.toMatchObject({
      code: created.code,
    });
  });

  it('answers the same redemption when a purchase redeems again (also at once), counted once', async () => {
    const created = await createCode({ max_redemptions: 3, percent_basis_points: 500 });
    const purchaseId = nextPurchaseId();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => redeem(created.code.toLowerCase(), brand.userId, purchaseId)),
    );
    expect(new Set(results.map((r) => r.redemptionId)).size).toBe(1);
    expect(results[0]).toMatchObject({
      promoCodeId: created.promo_code_id,
      code: created.code,
      basisPoints: 500,
    });
    const [listed] = (await promo.listForAdmin()).filter((c) => c.code === created.code);
    expect(listed?.redemption_count).toBe(1);
  });

  it('frees a slot on release (idempotent), and a released purchase may redeem again', async () => {
    const created = await createCode({ max_redemptions: 1 });
    const first = nextPurchaseId();
    await redeem(created.code, brand.userId, first);
    await expect(redeem(created.code, brand.userId)).rejects.toMatchObject(invalid);

    await release(first);
    await release(first);
    await release(nextPurchaseId()); // a purchase without a code: nothing to do

    const second = nextPurchaseId();
    await redeem(created.code, brand.userId, second);
    await expect(redeem(created.code, brand.userId, first)).rejects.toMatchObject(invalid);
    await release(second);
    const again = await redeem(created.code, brand.userId, first);
    expect(again.code).toBe(created.code);
    const [listed] = (await promo.listForAdmin()).filter((c) => c.code === created.code);
    expect(listed?.redemption_count).toBe(1);
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const created = await createCode({ max_redemptions: 1 });
    await expect(
      inTransaction(ctx.database.db, async (tx) => {
        await promo.redeem(tx, {
          code: created.code,
          advertiserUserId: brand.userId,
          purchaseKind: 'wallet_pack',
          purchaseId: nextPurchaseId(),
        });
        throw new Error('payment could not start');
      }),
    ).rejects.toThrow('payment could not start');
    await expect(redeem(created.code, brand.userId)).resolves.toMatchObject({
      code: created.code,
    });
  });
});

describe('POST /v2/promo-codes/verify', () => {
  const verify = (user: TestUser | null, body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/promo-codes/verify',
      headers: user ? auth(user) : {},
      payload: body as Record<string, unknown>,
    });

  it('answers the code and its basis points to an advertiser', async () => {
    const created = await createCode({ percent_basis_points: 1000 });
    const response = await verify(brand, {
      code: created.code.toLowerCase(),
      purchase_kind: 'content_request',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { code: created.code, percent_basis_points: 1000 },
    });
  });

  it('answers 422 "Promo code is no longer valid!" for a code that cannot be used', async () => {
    const used = await createCode({ max_redemptions: 1 });
    await redeem(used.code, brand.userId);
    for (const code of [uniqueCode('NOPE'), used.code]) {
      const response = await verify(brand, { code, purchase_kind: 'wallet_pack' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: { code: 'PROMO_CODE_INVALID', message: 'Promo code is no longer valid!' },
      });
    }
  });

  it('asks for a code when it is empty, and refuses an unknown purchase kind (400)', async () => {
    const empty = await verify(brand, { code: '  ', purchase_kind: 'wallet_pack' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Verify Your Promo code',
    });
    const kind = await verify(brand, { code: 'ABC', purchase_kind: 'payout' });
    expect(kind.statusCode).toBe(400);
  });

  it('is for advertisers only (401 without a token, 403 for creators and admins)', async () => {
    const body = { code: 'ABC', purchase_kind: 'wallet_pack' };
    expect((await verify(null, body)).statusCode).toBe(401);
    expect((await verify(await createTalent(ctx), body)).statusCode).toBe(403);
    expect((await verify(admin, body)).statusCode).toBe(403);
  });

  it('limits the attempts per advertiser (429 RATE_LIMITED)', async () => {
    const guesser = await createAdvertiser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push(
        (await verify(guesser, { code: uniqueCode('GUESS'), purchase_kind: 'wallet_pack' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('admin endpoints', () => {
  const create = (user: TestUser | null, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/admin/promo-codes',
      headers: user ? auth(user) : {},
      payload: body,
    });
  const validBody = () => ({
    code: uniqueCode('ramadan-').toLowerCase(),
    percent_basis_points: 1250,
    starts_at: iso(-hour),
    ends_at: iso(24 * hour),
    max_redemptions: 100,
    max_redemptions_per_advertiser: 1,
    applies_to: ['content_request', 'opportunity'],
  });

  it('creates a code stored upper-case, lists it with its redemptions, and updates it', async () => {
    const body = validBody();
    const created = await create(admin, body);
    expect(created.statusCode).toBe(201);
    const code = created.json().data;
    expect(code).toMatchObject({
      code: body.code.toUpperCase(),
      percent_basis_points: 1250,
      max_redemptions: 100,
      max_redemptions_per_advertiser: 1,
      applies_to: ['content_request', 'opportunity'],
      is_active: true,
      redemption_count: 0,
      created_by: admin.userId,
    });
    await redeem(code.code, brand.userId, nextPurchaseId(), 'opportunity');

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v2/admin/promo-codes',
      headers: auth(admin),
    });
    expect(list.statusCode).toBe(200);
    const listed = (list.json().data as Array<{ code: string; redemption_count: number }>).find(
      (c) => c.code === code.code,
    );
    expect(listed?.redemption_count).toBe(1);

    const patch = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/v2/admin/promo-codes/${code.promo_code_id}`,
        headers: auth(admin),
        payload,
      });
    const off = await patch({ is_active: false, ends_at: null, max_redemptions: null });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({
      is_active: false,
      ends_at: null,
      max_redemptions: null,
      redemption_count: 1,
    });
    const verify = await ctx.app.inject({
      method: 'POST',
      url: '/v2/promo-codes/verify',
      headers: auth(await createAdvertiser(ctx)),
      payload: { code: code.code, purchase_kind: 'opportunity' },
    });
    expect(verify.statusCode).toBe(422);

    // The window is checked against the stored start.
    const backwards = await patch({ ends_at: iso(-2 * hour) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual([
      { field: 'ends_at', message: 'The end must be after the start.' },
    ]);
    expect((await patch({})).statusCode).toBe(400);
    const yearZero = await patch({ starts_at: '0000-01-01T00:00:00Z' });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().error.fields).toEqual([
      { field: 'starts_at', message: 'Give a date between the years 2000 and 9999.' },
    ]);
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: '/v2/admin/promo-codes/2147483647',
      headers: auth(admin),
      payload: { is_active: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a code that exists in another case (409 PROMO_CODE_TAKEN)', async () => {
    const body = validBody();
    expect((await create(admin, body)).statusCode).toBe(201);
    const again = await create(admin, { ...body, code: body.code.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'PROMO_CODE_TAKEN',
      message: 'A promo code with this text already exists.',
    });
  });

  it('refuses every mistake with a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { percent_basis_points: 0 },
        'percent_basis_points',
        'The percentage must be between 0.01 and 100.',
      ],
      [
        { percent_basis_points: 10_001 },
        'percent_basis_points',
        'The percentage must be between 0.01 and 100.',
      ],
      [
        { percent_basis_points: 12.5 },
        'percent_basis_points',
        'The percentage has at most two decimals.',
      ],
      [{ ends_at: iso(-2 * hour) }, 'ends_at', 'The end must be after the start.'],
      [{ code: 'no spaces!' }, 'code', 'Use only letters, digits, "-" and "_".'],
      [{ code: 'ab' }, 'code', 'The code needs at least 3 characters.'],
      [{ applies_to: [] }, 'applies_to', 'Choose at least one purchase the code applies to.'],
      [{ max_redemptions: 0 }, 'max_redemptions', 'A limit is at least 1.'],
      [
        { max_redemptions: 2, max_redemptions_per_advertiser: 3 },
        'max_redemptions_per_advertiser',
        'The limit per advertiser cannot exceed the total limit.',
      ],
      [{ starts_at: 'tomorrow' }, 'starts_at', 'Give a valid date and time.'],
      // PostgreSQL has no year 0000 (it answered 500).
      [
        { starts_at: '0000-01-01T00:00:00Z' },
        'starts_at',
        'Give a date between the years 2000 and 9999.',
      ],
      [
        { starts_at: '0001-01-01T00:30:00+01:00' },
        'starts_at',
        'Give a date between the years 2000 and 9999.',
      ],
      [
        { ends_at: '0000-06-01T00:00:00Z' },
        'ends_at',
        'Give a date between the years 2000 and 9999.',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await create(admin, { ...validBody(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.fields).toContainEqual({ field, message });
    }
  });

  it('is for admins only (401 without a token, 403 for an advertiser)', async () => {
    expect((await create(null, validBody())).statusCode).toBe(401);
    expect((await create(brand, validBody())).statusCode).toBe(403);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v2/admin/promo-codes',
      headers: auth(brand),
    });
    expect(list.statusCode).toBe(403);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/v2/admin/promo-codes/1',
      headers: auth(brand),
      payload: { is_active: false },
    });
    expect(patch.statusCode).toBe(403);
  });
});
