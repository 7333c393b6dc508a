import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { createAdmin, createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import { payOnSandbox as payOnSandboxPage, startTestPayment } from './payments.test-support.js';

/**
 * Admin money pages (issue 9 point 8): the ledger's overview, the payments list, the
 * reconciliation of our payments against the gateway's answer and the repair of one.
 */
let ctx: TestContext;
let admin: TestUser;
let advertiser: TestUser & { name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  advertiser = await createAdvertiser(ctx, { name: 'Harissa Co' });
});
afterAll(async () => ctx?.close());

const startPayment = (amount = 101_000) => startTestPayment(ctx, advertiser.userId, amount);
const payOnSandbox = (payUrl: string) => payOnSandboxPage(ctx, payUrl);

/** Paid at the gateway, but its notice never reaches us (a lost webhook). */
const payBehindOurBack = (paymentRef: string) =>
  ctx.database.query(
    `update konnect_sandbox_payments set status = 'completed', reached_amount = amount where payment_ref = $1`,
    [paymentRef],
  );

const get = (url: string, token = admin.token) =>
  ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
const settle = (paymentId: number, token = admin.token) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v2/admin/payments/${paymentId}/settle`,
    headers: { authorization: `Bearer ${token}` },
  });

const stateOf = async (paymentId: number) =>
  (await ctx.payments.service.find(ctx.database.db, paymentId))?.state;

describe('admin money pages', () => {
  it('are for admins only', async () => {
    const talent = await createTalent(ctx);
    const urls = ['/v2/admin/ledger', '/v2/admin/payments', '/v2/admin/payments/reconciliation'];
    for (const url of urls) {
      expect((await get(url, advertiser.token)).statusCode).toBe(403);
      expect((await get(url, talent.token)).statusCode).toBe(403);
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await settle(1, advertiser.token)).statusCode).toBe(403);
  });

  it('shows the balances per account kind after a payment, summing to zero, books balanced', async () => {
    type Kind = { kind: string; balance: number; accounts: number };
    const kindsNow = async () => {
      const answer = await get('/v2/admin/ledger');
      expect(answer.statusCode).toBe(200);
      const { data } = answer.json();
      return { data, byKind: new Map((data.kinds as Kind[]).map((k) => [k.kind, k])) };
    };
    const before = await kindsNow();
    const walletBefore = await ctx.ledger.service.walletBalances(
      ctx.database.db,
      advertiser.userId,
    );
    const payment = await startPayment(150_000);
    expect((await payOnSandbox(payment.payUrl!)).statusCode).toBe(303);
    await waitFor(async () => (await stateOf(payment.id)) === 'paid', { what: 'paid' });

    const { data, byKind } = await kindsNow();
    expect(data.total).toBe(0);
    expect(data.books).toEqual({ is_balanced: true, accounts: [], transactions: [] });
    // This advertiser's wallet took the payment, exactly.
    const walletAfter = await ctx.ledger.service.walletBalances(ctx.database.db, advertiser.userId);
    expect(walletAfter.balance - walletBefore.balance).toBe(150_000);
    // Per kind, only on PGlite: on a shared PostgreSQL database other test files move money
    // (fees out of wallets, payments in) at the same time, so a kind's delta is not this test's.
    if (ctx.database.kind === 'pglite') {
      const delta = (kind: string) =>
        byKind.get(kind)!.balance - (before.byKind.get(kind)?.balance ?? 0);
      expect(delta('gateway_clearing')).toBe(-150_000);
      expect(delta('advertiser_wallet')).toBe(150_000);
    }
    expect(byKind.get('gateway_clearing')!.accounts).toBe(1);
    expect(byKind.get('advertiser_wallet')!.accounts).toBeGreaterThanOrEqual(1);
    // Every known kind is listed, with zero before its first account.
    expect([...byKind.keys()]).toEqual(expect.arrayContaining(['payouts_sent', 'vat_payable']));
  });

  it('names an account whose cached balance differs from its entries', async () => {
    // Tampering outside a transaction would disturb other test files on a shared PostgreSQL
    // database; on PGlite the database is this file's own.
    if (ctx.database.kind !== 'pglite') return;
    const wallet = `update ledger_accounts set balance = balance + $1
                     where kind = 'advertiser_wallet' and owner_user_id = $2`;
    await ctx.database.query(wallet, [1, advertiser.userId]);
    try {
      const { data } = (await get('/v2/admin/ledger')).json();
      expect(data.books.is_balanced).toBe(false);
      expect(data.books.accounts).toEqual([
        expect.objectContaining({ kind: 'advertiser_wallet', cached: 150_001, sum: 150_000 }),
      ]);
      expect(data.total).toBe(1);
    } finally {
      await ctx.database.query(wallet, [-1, advertiser.userId]);
    }
    expect((await get('/v2/admin/ledger')).json().data.books.is_balanced).toBe(true);
  });

  it('lists payments newest first with their owner, page by page, and by state', async () => {
    const expired = await startPayment(100_000);
    await ctx.database.query(
      `update payments set expires_at = now() - interval '1 minute' where id = $1`,
      [expired.id],
    );
    expect((await settle(expired.id)).json().data).toEqual({
      payment_id: expired.id,
      state: 'expired',
    });
    const newest = await startPayment(103_000);

    const first = (await get('/v2/admin/payments?limit=100')).json().data;
    const mine = first.items.find((p: { payment_id: number }) => p.payment_id === newest.id);
    expect(mine).toMatchObject({
      owner: { user_id: advertiser.userId, email: advertiser.email, brand_name: 'Harissa Co' },
      purpose: 'test',
      // A purpose that names no reference of its purchases.
      purpose_reference: null,
      amount: 103_000,
      state: 'pending',
      gateway: 'konnect',
      gateway_ref: newest.gatewayRef,
      paid_at: null,
      failure_reason: null,
      kept_in_wallet: null,
    });

    // Page by page (two a page) down to the expired one: newest first, no row twice.
    type Row = { payment_id: number; created_at: string };
    const paged: Row[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await get(`/v2/admin/payments?limit=2${query}`)).json().data;
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...(page.items as Row[]));
      cursor = page.next_cursor;
    } while (cursor && !paged.some((p) => p.payment_id === expired.id));
    const ids = paged.map((p) => p.payment_id);
    expect(new Set(ids).size).toBe(ids.length);
    const order = paged.map((p) => `${p.created_at}|${String(p.payment_id).padStart(10, '0')}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(ids.indexOf(newest.id)).toBeLessThan(ids.indexOf(expired.id));

    const onlyExpired = (await get('/v2/admin/payments?status=expired')).json().data.items;
    expect(onlyExpired.every((p: { state: string }) => p.state === 'expired')).toBe(true);
    expect(onlyExpired.map((p: { payment_id: number }) => p.payment_id)).toContain(expired.id);
    expect((await get('/v2/admin/payments?status=nope')).statusCode).toBe(400);
    expect((await get('/v2/admin/payments?cursor=bm9wZQ')).statusCode).toBe(400);
  });

  it('finds a payment paid at the gateway whose webhook was lost, and settling repairs it', async () => {
    const before = await ctx.ledger.service.walletBalances(ctx.database.db, advertiser.userId);
    const lost = await startPayment(120_000);
    await payBehindOurBack(lost.gatewayRef!);
    // Among the oldest open payments, so the page's 50 hold it whatever else the database has.
    await ctx.database.query(
      `update payments set created_at = now() - interval '6 days' where id = $1`,
      [lost.id],
    );

    const first = (await get('/v2/admin/payments/reconciliation')).json().data;
    const row = first.items.find((r: { payment_id: number }) => r.payment_id === lost.id);
    expect(row).toMatchObject({
      state: 'pending',
      amount: 120_000,
      gateway_status: 'completed',
      gateway_amount: 120_000,
      gateway_reached_amount: 120_000,
      matches: false,
      error: null,
      owner: { brand_name: 'Harissa Co' },
    });
    expect(first.mismatches).toBeGreaterThanOrEqual(1);
    // Oldest first.
    const created = first.items.map((r: { created_at: string }) => r.created_at);
    expect(created).toEqual([...created].sort());

    const repaired = await settle(lost.id);
    expect(repaired.statusCode).toBe(200);
    expect(repaired.json().data).toEqual({ payment_id: lost.id, state: 'paid' });
    expect((await settle(lost.id)).json().data.state).toBe('paid');
    const after = await ctx.ledger.service.walletBalances(ctx.database.db, advertiser.userId);
    expect(after.available).toBe(before.available + 120_000);

    const second = (await get('/v2/admin/payments/reconciliation')).json().data;
    expect(
      second.items.find((r: { payment_id: number }) => r.payment_id === lost.id),
    ).toMatchObject({ state: 'paid', gateway_status: 'completed', matches: true });
    expect((await get('/v2/admin/ledger')).json().data.total).toBe(0);
  });

  it('answers 404 when settling an unknown payment', async () => {
    expect((await settle(999_999)).statusCode).toBe(404);
  });
});

describe('reconciliation when the gateway cannot be reached', () => {
  it('reports the error on the row, not a 500', async () => {
    const offline = await createTestContext({ KONNECT_API_URL: 'http://127.0.0.1:9/api/v2' });
    try {
      const offlineAdmin = await createAdmin(offline);
      const owner = await createAdvertiser(offline);
      // A payment the gateway once opened: its reference is ours, the gateway is now down.
      const {
        rows: [row],
      } = await offline.database.query<{ id: number }>(
        `insert into payments (owner_user_id, purpose, purpose_id, amount, description, state,
                               gateway_ref, expires_at, created_at)
         values ($1, 'test', 1, 100000, 'Wallet pack', 'pending', $2,
                 now() + interval '30 minutes', now() - interval '6 days') returning id`,
        [owner.userId, `ref-offline-${Date.now()}`],
      );
      const answer = await offline.app.inject({
        url: '/v2/admin/payments/reconciliation',
        headers: { authorization: `Bearer ${offlineAdmin.token}` },
      });
      expect(answer.statusCode).toBe(200);
      // On a database shared with other tests, other open payments fail alike: ours is there.
      const items = answer.json().data.items as Array<{ payment_id: number }>;
      expect(items.find((item) => item.payment_id === Number(row!.id))).toMatchObject({
        gateway_status: null,
        matches: false,
        error: expect.any(String),
      });
      const repair = await offline.app.inject({
        method: 'POST',
        url: `/v2/admin/payments/${row!.id}/settle`,
        headers: { authorization: `Bearer ${offlineAdmin.token}` },
      });
      expect(repair.statusCode).toBe(502);
      expect(repair.json().error.code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    } finally {
      await offline.close();
    }
  });
});
