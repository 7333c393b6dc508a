import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.js';
import { outboxEvents } from '../../platform/events/events.schema.js';
import { workflowAudit } from '../../platform/workflow/workflow.schema.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  callAs,
  newBrand,
  newCreator,
  TEST_RIB,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { ledgerTransactions } from '../ledger/ledger.schema.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
import { influencers } from '../users/users.schema.js';
import { payoutBatches, payouts } from './payouts.schema.js';

/**
 * Creator payouts (issue 11 §6): scheduled by the paying transaction (earnings credited in the
 * ledger beside it), listed for their creator and for admins, exported as bank and D17 files,
 * marked paid by one ledger movement from the creator's earnings to `payouts_sent`.
 */
let ctx: TestContext;
let admin: TestUser;
const DAY = 86_400_000;
const D17_NUMBER = '12345678901234567890';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

let sourceCounter = 0;

/**
 * What paying a line does for the creator, without the review flow: the content fee into their
 * earnings and the payout scheduled, in one transaction. `paidDaysAgo` past the delay makes it due.
 */
async function earn(
  creator: TestCreator,
  amount: number,
  paidDaysAgo = 0,
  title = 'Summer launch',
) {
  sourceCounter += 1;
  const sourceKey = `test-line:${creator.userId}:${Date.now()}:${sourceCounter}`;
  const paidAt = new Date(Date.now() - paidDaysAgo * DAY);
  const scheduled = await inTransaction(ctx.database.db, async (tx) => {
    await ctx.ledger.service.post(tx, {
      idempotencyKey: `test-earn:${sourceKey}`,
      kind: 'content.paid',
      postings: [
        { account: { kind: 'gateway_clearing' }, amount: -amount },
        { account: { kind: 'creator_earnings', ownerUserId: creator.userId }, amount },
      ],
    });
    return ctx.modules.payouts.schedule(tx, {
      creatorUserId: creator.userId,
      amount,
      sourceKey,
      source: {
        content_request_influencer_id: 9_000 + sourceCounter,
        reference: `CR-000001-${sourceCounter}`,
        title,
      },
      paidAt,
    });
  });
  return { ...scheduled, sourceKey, paidAt };
}

const earnings = (userId: number) =>
  ctx.ledger.service.balanceOf(ctx.database.db, { kind: 'creator_earnings', ownerUserId: userId });
const payoutsSent = () => ctx.ledger.service.balanceOf(ctx.database.db, { kind: 'payouts_sent' });

async function useD17(creator: TestCreator, number: string | null = D17_NUMBER) {
  await ctx.database.db
    .update(influencers)
    .set({ paymentMethod: 'd17', cardNumberD17: number, cardNumber: null })
    .where(eq(influencers.id, creator.influencerId));
}

const adminList = async (query = '') => {
  const answer = await callAs(ctx, admin.token, 'GET', `/v2/admin/payouts${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    data: Array<{
      payout_id: number;
      is_due: boolean;
      status: string;
      batch_id: number | null;
      creator: { user_id: number; payment_method: string | null; account_number: string | null };
    }>;
    next_before: number | null;
    due_totals: { bank: number; d17: number; missing: number };
  };
};

const markPaid = (payoutId: number, reference: string, token = admin.token) =>
  callAs(ctx, token, 'POST', `/v2/admin/payouts/${payoutId}/paid`, { reference });

/** Puts payouts in a batch of their own, as an export does (the transfer can then be made). */
async function inBatch(...payoutIds: number[]) {
  const [batch] = await ctx.database.db
    .insert(payoutBatches)
    .values({ createdByUserId: admin.userId })
    .returning();
  for (const id of payoutIds) {
    await ctx.database.db.update(payouts).set({ batchId: batch!.id }).where(eq(payouts.id, id));
  }
  return batch!.id;
}

describe('schedule (port for content requests)', () => {
  it('is due after the payout delay setting, and once per source', async () => {
    const creator = await newCreator(ctx);
    const put = await callAs(
      ctx,
      admin.token,
      'PUT',
      '/v2/admin/settings/creator_payout_delay_days',
      {
        value: 20,
      },
    );
    expect(put.statusCode, put.body).toBe(200);
    try {
      const first = await earn(creator, 120_000);
      expect(first.dueAt.getTime()).toBe(first.paidAt.getTime() + 20 * DAY);
      const again = await inTransaction(ctx.database.db, (tx) =>
        ctx.modules.payouts.schedule(tx, {
          creatorUserId: creator.userId,
          amount: 120_000,
          sourceKey: first.sourceKey,
          source: {
            content_request_influencer_id: 1,
            reference: 'CR-000001-1',
            title: 'Summer launch',
          },
          paidAt: new Date(),
        }),
      );
      expect(again).toEqual({ payoutId: first.payoutId, dueAt: first.dueAt });
      const rows = await ctx.database.db
        .select()
        .from(payouts)
        .where(eq(payouts.sourceKey, first.sourceKey));
      expect(rows).toHaveLength(1);
      expect(await ctx.modules.payouts.payoutOfSource(ctx.database.db, first.sourceKey)).toEqual({
        dueAt: first.dueAt,
        status: 'pending',
        paidAt: null,
      });
      expect(
        await ctx.modules.payouts.payoutOfSource(ctx.database.db, 'line:none'),
      ).toBeUndefined();
    } finally {
      await callAs(ctx, admin.token, 'PUT', '/v2/admin/settings/creator_payout_delay_days', {
        value: 15,
      });
    }
  });
});

describe('GET /v2/payouts (creator)', () => {
  it('shows totals, the payouts newest first page by page, and the payment method', async () => {
    const creator = await newCreator(ctx);
    const older = await earn(creator, 50_500, 30, 'Ramadan 2027');
    const newer = await earn(creator, 120_000, 0);
    const paid = await earn(creator, 10_000, 30);
    await inBatch(paid.payoutId);
    expect((await markPaid(paid.payoutId, 'VIR-1')).statusCode).toBe(200);

    const answer = await callAs(ctx, creator.token, 'GET', '/v2/payouts?limit=2');
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = answer.json();
    expect(data).toMatchObject({
      pending_total: 170_500,
      paid_total: 10_000,
      has_payment_details: true,
      payment_method: 'bank',
      support_email: ctx.env.SUPPORT_EMAIL,
      payout_delay_days: 15,
      next_before: newer.payoutId,
    });
    expect(data.items.map((p: { payout_id: number }) => p.payout_id)).toEqual([
      paid.payoutId,
      newer.payoutId,
    ]);
    expect(data.items[0]).toMatchObject({ status: 'paid', reference: 'VIR-1', amount: 10_000 });
    expect(JSON.stringify(data)).not.toContain(TEST_RIB);

    const next = (
      await callAs(ctx, creator.token, 'GET', `/v2/payouts?limit=2&before=${data.next_before}`)
    ).json().data;
    expect(next.items).toEqual([
      expect.objectContaining({
        payout_id: older.payoutId,
        title: 'Ramadan 2027',
        status: 'pending',
        due_at: older.dueAt.toISOString(),
        paid_at: null,
      }),
    ]);
    expect(next.next_before).toBeNull();

    const onlyPaid = (await callAs(ctx, creator.token, 'GET', '/v2/payouts?status=paid')).json()
      .data;
    expect(onlyPaid.items.map((p: { payout_id: number }) => p.payout_id)).toEqual([paid.payoutId]);
  });

  it('tells a creator without bank or D17 number (support note) and with D17', async () => {
    const without = await newCreator(ctx, { financial: false });
    await earn(without, 30_000);
    const data = (await callAs(ctx, without.token, 'GET', '/v2/payouts')).json().data;
    expect(data).toMatchObject({ has_payment_details: false, payment_method: null });
    expect(data.support_email).toBe(ctx.env.SUPPORT_EMAIL);

    const d17 = await newCreator(ctx);
    await useD17(d17);
    const d17Data = (await callAs(ctx, d17.token, 'GET', '/v2/payouts')).json().data;
    expect(d17Data).toMatchObject({
      has_payment_details: true,
      payment_method: 'd17',
      items: [],
      pending_total: 0,
    });
  });

  it("never shows another creator's payouts", async () => {
    const someone = await newCreator(ctx);
    await earn(someone, 77_000);
    const other = await newCreator(ctx);
    const data = (await callAs(ctx, other.token, 'GET', '/v2/payouts')).json().data;
    expect(data.items).toEqual([]);
    expect(data.pending_total).toBe(0);
  });

  it('refuses invalid queries, strangers and non-creators', async () => {
    const creator = await newCreator(ctx);
    expect((await callAs(ctx, creator.token, 'GET', '/v2/payouts?limit=500')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/payouts' })).statusCode).toBe(401);
    const brand = await newBrand(ctx);
    expect((await callAs(ctx, brand.token, 'GET', '/v2/payouts')).statusCode).toBe(403);
  });
});

describe('admin payouts', () => {
  it('lists due, pending and paid payouts with the creator and the due totals per method', async () => {
    const bank = await newCreator(ctx);
    const d17 = await newCreator(ctx);
    await useD17(d17);
    const missing = await newCreator(ctx, { financial: false });
    const before = (await adminList()).due_totals;

    const dueBank = await earn(bank, 100_000, 20);
    const dueD17 = await earn(d17, 40_250, 16);
    const dueMissing = await earn(missing, 5_000, 30);
    const notYet = await earn(bank, 60_000, 1);

    const due = await adminList('?filter=due&limit=100');
    expect(due.due_totals).toEqual({
      bank: before.bank + 100_000,
      d17: before.d17 + 40_250,
      missing: before.missing + 5_000,
    });
    const ids = due.data.map((p) => p.payout_id);
    expect(ids).toEqual(
      expect.arrayContaining([dueBank.payoutId, dueD17.payoutId, dueMissing.payoutId]),
    );
    expect(ids).not.toContain(notYet.payoutId);
    expect(due.data.find((p) => p.payout_id === dueBank.payoutId)).toMatchObject({
      is_due: true,
      creator: { user_id: bank.userId, payment_method: 'bank', account_number: TEST_RIB },
    });
    expect(due.data.find((p) => p.payout_id === dueD17.payoutId)?.creator).toMatchObject({
      payment_method: 'd17',
      account_number: D17_NUMBER,
    });
    expect(due.data.find((p) => p.payout_id === dueMissing.payoutId)?.creator).toMatchObject({
      payment_method: null,
      account_number: null,
    });

    const pending = await adminList('?filter=pending&limit=100');
    expect(pending.data.find((p) => p.payout_id === notYet.payoutId)).toMatchObject({
      is_due: false,
    });

    await inBatch(dueBank.payoutId);
    expect((await markPaid(dueBank.payoutId, 'VIR-2')).statusCode).toBe(200);
    const paid = await adminList('?filter=paid&limit=100');
    expect(paid.data.map((p) => p.payout_id)).toContain(dueBank.payoutId);
    expect((await adminList('?filter=due&limit=100')).data.map((p) => p.payout_id)).not.toContain(
      dueBank.payoutId,
    );

    // Keyset: one at a time, newest first.
    const first = await adminList('?filter=pending&limit=1');
    const second = await adminList(`?filter=pending&limit=1&before=${first.next_before}`);
    expect(second.data[0]!.payout_id).toBeLessThan(first.data[0]!.payout_id);
  });

  it('exports the due payouts with details in a batch: bank CSV, D17 apart, escaped', async () => {
    const bank = await newCreator(ctx);
    await ctx.database.db
      .update(influencers)
      .set({ firstName: '=HYPERLINK("http://x")', lastName: 'Ben "Ali", Jr' })
      .where(eq(influencers.id, bank.influencerId));
    const d17 = await newCreator(ctx);
    await useD17(d17);
    const missing = await newCreator(ctx, { financial: false });
    const b = await earn(bank, 1_234_500, 20);
    const d = await earn(d17, 40_250, 20);
    const m = await earn(missing, 5_000, 20);
    const notYet = await earn(bank, 7_000, 0);

    const answer = await callAs(ctx, admin.token, 'POST', '/v2/admin/payouts/batches');
    expect(answer.statusCode, answer.body).toBe(201);
    const batch = answer.json().data;
    expect(batch.payout_ids).toEqual(expect.arrayContaining([b.payoutId, d.payoutId]));
    expect(batch.payout_ids).not.toContain(m.payoutId);
    expect(batch.payout_ids).not.toContain(notYet.payoutId);

    const bankLines: string[] = batch.bank_csv.split('\r\n');
    expect(bankLines[0]).toBe('beneficiary_name,rib,amount_tnd,label');
    expect(bankLines).toContain(
      `"'=HYPERLINK(""http://x"") Ben ""Ali"", Jr",${TEST_RIB},1234.500,Clipmarket payout ${b.payoutId}`,
    );
    expect(batch.bank_csv).not.toContain(D17_NUMBER);
    const d17Lines: string[] = batch.d17_csv.split('\r\n');
    expect(d17Lines[0]).toBe('beneficiary_name,d17_number,email,amount_tnd,label');
    expect(d17Lines).toContain(
      `Amira Ben Salah,${D17_NUMBER},${d17.email},40.250,Clipmarket payout ${d.payoutId}`,
    );
    expect(batch.d17_csv).not.toContain(TEST_RIB);

    // In a batch now: the next batch does not take them again.
    const listed = await adminList('?filter=due&limit=100');
    expect(listed.data.find((p) => p.payout_id === b.payoutId)?.batch_id).toBe(batch.batch_id);
    const nextBatch = await callAs(ctx, admin.token, 'POST', '/v2/admin/payouts/batches');
    if (nextBatch.statusCode === 201) {
      expect(nextBatch.json().data.payout_ids).not.toContain(b.payoutId);
    } else {
      expect(nextBatch.statusCode).toBe(409);
    }

    // The files again, for download.
    const file = await callAs(
      ctx,
      admin.token,
      'GET',
      `/v2/admin/payouts/batches/${batch.batch_id}/bank.csv`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="payouts-${batch.batch_id}-bank.csv"`,
    );
    expect(file.body).toBe(batch.bank_csv);
    const d17File = await callAs(
      ctx,
      admin.token,
      'GET',
      `/v2/admin/payouts/batches/${batch.batch_id}/d17.csv`,
    );
    expect(d17File.body).toBe(batch.d17_csv);
    expect(
      (await callAs(ctx, admin.token, 'GET', '/v2/admin/payouts/batches/999999/bank.csv'))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a batch when nothing with details is due', async () => {
    // Whatever is due now goes into a first batch; a second finds nothing.
    await callAs(ctx, admin.token, 'POST', '/v2/admin/payouts/batches');
    const again = await callAs(ctx, admin.token, 'POST', '/v2/admin/payouts/batches');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('marks a payout paid: one ledger movement, the event, balanced books', async () => {
    const creator = await newCreator(ctx);
    const payout = await earn(creator, 80_000, 20);
    await inBatch(payout.payoutId);
    const earningsBefore = await earnings(creator.userId);
    const sentBefore = await payoutsSent();

    const answer = await markPaid(payout.payoutId, '  VIR-2026-0042 ');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      payout_id: payout.payoutId,
      status: 'paid',
      reference: 'VIR-2026-0042',
      is_due: false,
    });
    expect(await earnings(creator.userId)).toBe(earningsBefore - 80_000);
    expect(await payoutsSent()).toBe(sentBefore + 80_000);

    const [row] = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, payout.payoutId));
    expect(row).toMatchObject({
      status: 'paid',
      paidByUserId: admin.userId,
      reference: 'VIR-2026-0042',
    });
    expect(row!.paidAt).toBeInstanceOf(Date);
    const [transaction] = await ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `payout:${payout.payoutId}`));
    expect(transaction?.id).toBe(row!.ledgerTransactionId);
    // The payout process audited the step: who, from and to, with the reference.
    const audit = await ctx.database.db
      .select()
      .from(workflowAudit)
      .where(
        and(eq(workflowAudit.process, 'payout'), eq(workflowAudit.subjectId, payout.payoutId)),
      );
    expect(audit).toMatchObject([
      {
        transition: 'mark_paid',
        fromState: 'pending',
        toState: 'paid',
        actorRole: 'ADMIN',
        actorUserId: admin.userId,
        reason: 'VIR-2026-0042',
      },
    ]);

    const emitted = await ctx.database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.type, 'payout.paid'),
          sql`${outboxEvents.payload}->>'payoutId' = ${String(payout.payoutId)}`,
        ),
      );
    expect(emitted.map((e) => e.payload)).toEqual([
      {
        payoutId: payout.payoutId,
        creatorUserId: creator.userId,
        amount: 80_000,
        reference: 'VIR-2026-0042',
        contentRequestInfluencerId: expect.any(Number),
      },
    ]);
    expect((await ctx.ledger.checkBooks()).isBalanced).toBe(true);
    expect(
      await ctx.modules.payouts.payoutOfSource(ctx.database.db, payout.sourceKey),
    ).toMatchObject({ status: 'paid', paidAt: row!.paidAt });

    // Again with the same reference: the same answer, nothing moves; another: 409.
    const same = await markPaid(payout.payoutId, 'VIR-2026-0042');
    expect(same.statusCode).toBe(200);
    expect(same.json().data.paid_at).toBe(answer.json().data.paid_at);
    const other = await markPaid(payout.payoutId, 'VIR-OTHER');
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('INVALID_TRANSITION');
    expect(await earnings(creator.userId)).toBe(earningsBefore - 80_000);
  });

  it('refuses a payout not due yet, or due but in no exported batch, with its code', async () => {
    const creator = await newCreator(ctx);
    const early = await earn(creator, 7_000, 0);
    await inBatch(early.payoutId);
    const notDue = await markPaid(early.payoutId, 'VIR-EARLY');
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json().error.code).toBe('PAYOUT_NOT_DUE');

    const due = await earn(creator, 6_000, 20);
    const earningsBefore = await earnings(creator.userId);
    const notExported = await markPaid(due.payoutId, 'VIR-LOOSE');
    expect(notExported.statusCode).toBe(409);
    expect(notExported.json().error.code).toBe('PAYOUT_NOT_EXPORTED');
    expect(await earnings(creator.userId)).toBe(earningsBefore);
    const rows = await ctx.database.db
      .select()
      .from(payouts)
      .where(sql`${payouts.id} in (${early.payoutId}, ${due.payoutId})`);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);

    await inBatch(due.payoutId);
    expect((await markPaid(due.payoutId, 'VIR-LOOSE')).statusCode).toBe(200);
  });

  it('moves the money once when two admins mark the same payout at the same time', async () => {
    const creator = await newCreator(ctx);
    const payout = await earn(creator, 25_000, 20);
    await inBatch(payout.payoutId);
    const earningsBefore = await earnings(creator.userId);
    const answers = await Promise.all([
      markPaid(payout.payoutId, 'VIR-A'),
      markPaid(payout.payoutId, 'VIR-B'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await earnings(creator.userId)).toBe(earningsBefore - 25_000);
    const movements = await ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `payout:${payout.payoutId}`));
    expect(movements).toHaveLength(1);
  });

  it('refuses to pay out more than the earnings hold', async () => {
    const creator = await newCreator(ctx);
    const payout = await earn(creator, 25_000, 20);
    await inBatch(payout.payoutId);
    // The earnings left by another way meanwhile (a correction): the ledger keeps them ≥ 0.
    await ctx.ledger.service.post(ctx.database.db, {
      idempotencyKey: `test-correction:${payout.payoutId}`,
      kind: 'test.correction',
      postings: [
        { account: { kind: 'creator_earnings', ownerUserId: creator.userId }, amount: -20_000 },
        { account: { kind: 'gateway_clearing' }, amount: 20_000 },
      ],
    });
    const answer = await markPaid(payout.payoutId, 'VIR-C');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('INSUFFICIENT_FUNDS');
    const [row] = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, payout.payoutId));
    expect(row?.status).toBe('pending');
  });

  it('validates the reference, answers 404 for an unknown payout, and lets admins only', async () => {
    const creator = await newCreator(ctx);
    const payout = await earn(creator, 9_000, 20);
    await inBatch(payout.payoutId);
    const empty = await markPaid(payout.payoutId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual([
      { field: 'reference', message: 'Enter the reference of the transfer' },
    ]);
    expect((await markPaid(999_999_999, 'VIR-X')).statusCode).toBe(404);
    expect((await adminList()).data).toBeDefined();
    expect(
      (await callAs(ctx, admin.token, 'GET', '/v2/admin/payouts?filter=soon')).statusCode,
    ).toBe(400);

    const brand = await newBrand(ctx);
    for (const [method, url] of [
      ['GET', '/v2/admin/payouts'],
      ['POST', '/v2/admin/payouts/batches'],
      ['GET', '/v2/admin/payouts/batches/1/bank.csv'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
      expect((await callAs(ctx, creator.token, method, url)).statusCode).toBe(403);
      expect((await callAs(ctx, brand.token, method, url)).statusCode).toBe(403);
    }
    expect((await markPaid(payout.payoutId, 'VIR-X', creator.token)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/v2/admin/payouts/${payout.payoutId}/paid`,
          payload: { reference: 'VIR-X' },
        })
      ).statusCode,
    ).toBe(401);
    const [row] = await ctx.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, payout.payoutId));
    expect(row?.status).toBe('pending');
  });
});
