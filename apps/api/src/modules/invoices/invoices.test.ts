import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invoicesResponseSchema } from '@clipmarket/contracts/invoices';
import { inTransaction } from '../../platform/db/transaction.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdmin, createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import { advertisers, users } from '../users/users.schema.js';
import { findInvoiceBuyer } from '../users/index.js';
import { labelledItem, priceOrder } from '../checkout/index.js';
import {
  createInvoicesModule,
  createLocalEinvoicePlatform,
  type InvoiceOrderSnapshot,
} from './index.js';

/**
 * Invoices (issue 9 §6): numbered without gaps per year in the issuing transaction, once per
 * purchase, listed to their owner, and a PDF in English, French and Arabic.
 */
let ctx: TestContext;
let brand: TestUser;
// Purchases of this file's own invoices: far from the ids real purchases get, since the
// PostgreSQL test database is shared by every test file (and one invoice per purchase).
let purchaseId = 1_500_000_000 + Math.floor(Math.random() * 100_000_000);

const BUYER_MF = '7654321B/A/M/000';

/** A platform fee of 1 234.500 TND with a 10 % promotion, VAT 19 %, the stamp (the checkout's pricing). */
const order = priceOrder({
  items: [
    {
      kind: 'platform_fee',
      description: 'Content request "Ramadan 2027"',
      quantity: 1,
      unitAmount: 1_234_500,
    },
  ],
  promotionBasisPoints: 1_000,
  rates: { vatRateBasisPoints: 1_900, fiscalStampMillimes: 1_000 },
});
// The stored snapshot is the checkout's priced order.
const snapshot: InvoiceOrderSnapshot = order;

async function legalInfo(userId: number, companyName = 'Harissa SARL') {
  await ctx.database.db
    .update(advertisers)
    .set({
      companyName,
      taxRegistrationNumber: BUYER_MF,
      domiciliationAddress: 'Rue de Marseille 12, 1000 Tunis',
      phoneCompany: '71000000',
      phoneCompanyPrefix: '+216',
    })
    .where(eq(advertisers.userId, userId));
}

/** The invoices module with its own clock, on the test's database. */
function invoicesAt(date: Date) {
  return createInvoicesModule({
    db: ctx.database.db,
    seller: {
      name: ctx.env.INVOICE_SELLER_NAME,
      taxRegistrationNumber: ctx.env.INVOICE_SELLER_TAX_NUMBER,
      address: ctx.env.INVOICE_SELLER_ADDRESS,
    },
    findBuyer: findInvoiceBuyer,
    einvoicePlatform: createLocalEinvoicePlatform(),
    events: ctx.events,
    // The app's own invoices module has registered the submission job and runs it.
    jobs: { register: () => {} },
    log: ctx.app.log,
    now: () => date,
  }).service;
}

/** A year no other test uses, so a shared PostgreSQL test database cannot mix counters. */
let yearOffset = 0;
function freshYear(): number {
  yearOffset += 1;
  return 2200 + ((process.pid * 7 + yearOffset * 131 + Date.now()) % 7000);
}

function issue(
  service: ReturnType<typeof invoicesAt>,
  ownerUserId = brand.userId,
  id = ++purchaseId,
) {
  return inTransaction(ctx.database.db, (tx) =>
    service.issue(tx, {
      ownerUserId,
      purchaseKind: 'wallet_pack',
      purchaseId: id,
      order,
      paidAt: new Date('2026-11-23T10:00:00Z'),
    }),
  );
}

const list = (token: string, query = '') =>
  ctx.app.inject({ url: `/v2/invoices${query}`, headers: { authorization: `Bearer ${token}` } });

const pdf = (token: string, invoiceId: number, query = '') =>
  ctx.app.inject({
    url: `/v2/invoices/${invoiceId}/pdf${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

/** The PDF's text as pdftotext reads it (poppler-utils). */
function textOf(body: Buffer): string {
  const file = path.join(ctx.dataDir, `invoice-${Date.now()}-${Math.random()}.pdf`);
  fs.writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await createAdvertiser(ctx);
  await legalInfo(brand.userId);
});
afterAll(async () => ctx?.close());

describe('invoice numbers', () => {
  it('are gapless under 20 concurrent issues: exactly 1..20', async () => {
    expect(snapshot).toMatchObject({ discount: 123_450, vatAmount: 211_100, total: 1_323_150 });
    const year = freshYear();
    const service = invoicesAt(new Date(Date.UTC(year, 5, 1)));
    const issued = await Promise.all(Array.from({ length: 20 }, () => issue(service)));
    const numbers = issued.map((i) => i.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `${year}-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('a rolled-back transaction leaves no gap', async () => {
    const year = freshYear();
    const service = invoicesAt(new Date(Date.UTC(year, 2, 1)));
    expect((await issue(service)).number).toBe(`${year}-000001`);
    await expect(
      inTransaction(ctx.database.db, async (tx) => {
        await service.issue(tx, {
          ownerUserId: brand.userId,
          purchaseKind: 'wallet_pack',
          purchaseId: ++purchaseId,
          order,
          paidAt: new Date(),
        });
        throw new Error('the payment could not be recorded');
      }),
    ).rejects.toThrow('could not be recorded');
    expect((await issue(service)).number).toBe(`${year}-000002`);
  });

  it('a new year starts again at 000001 (in Tunisian time)', async () => {
    const year = freshYear();
    // 31 December 23:30 UTC is already 1 January 00:30 in Tunis.
    const lastOfYear = invoicesAt(new Date(Date.UTC(year, 11, 31, 22, 30)));
    const newYear = invoicesAt(new Date(Date.UTC(year, 11, 31, 23, 30)));
    expect((await issue(lastOfYear)).number).toBe(`${year}-000001`);
    expect((await issue(lastOfYear)).number).toBe(`${year}-000002`);
    expect((await issue(newYear)).number).toBe(`${year + 1}-000001`);
  });

  it('one invoice per purchase: a second issue answers the first', async () => {
    const service = invoicesAt(new Date(Date.UTC(freshYear(), 0, 10)));
    const id = ++purchaseId;
    const [first, second] = await Promise.all([
      issue(service, brand.userId, id),
      issue(service, brand.userId, id),
    ]);
    expect(second).toEqual(first);
    expect(await issue(service, brand.userId, id)).toEqual(first);
    const rows = rowsOf<{ count: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as count from invoices
             where purchase_kind = 'wallet_pack' and purchase_id = ${id}`,
      ),
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('an issued invoice cannot be changed', async () => {
    const { invoiceId } = await issue(ctx.modules.invoices.service);
    await expect(
      ctx.database.db.execute(sql`update invoices set total = 0 where id = ${invoiceId}`),
    ).rejects.toThrow();
  });
});

describe('GET /v2/invoices', () => {
  it("lists the caller's own invoices, newest first, in pages", async () => {
    const owner = await createAdvertiser(ctx, { role: 'AGENCY' });
    await legalInfo(owner.userId, 'Medina Media');
    const other = await createAdvertiser(ctx);
    await legalInfo(other.userId);
    const service = ctx.modules.invoices.service;
    const mine = [];
    for (let i = 0; i < 3; i += 1) mine.push(await issue(service, owner.userId));
    await issue(service, other.userId);

    const first = await list(owner.token, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page = invoicesResponseSchema.parse(first.json()).data;
    expect(page.items.map((i) => i.invoice_id)).toEqual([mine[2]!.invoiceId, mine[1]!.invoiceId]);
    expect(page.items[0]).toMatchObject({
      number: mine[2]!.number,
      label: 'Content request "Ramadan 2027"',
      purchase_kind: 'wallet_pack',
      total: 1_323_150,
    });
    expect(page.next_before_id).toBe(mine[1]!.invoiceId);
    const second = invoicesResponseSchema.parse(
      (await list(owner.token, `?limit=2&before_id=${page.next_before_id}`)).json(),
    ).data;
    expect(second.items.map((i) => i.invoice_id)).toEqual([mine[0]!.invoiceId]);
    expect(second.next_before_id).toBeNull();
  });

  it('is for advertisers', async () => {
    const creator = await createTalent(ctx);
    expect((await list(creator.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/v2/invoices' })).statusCode).toBe(401);
  });
});

describe('GET /v2/invoices/:invoice_id/pdf', () => {
  it("is the owner's or an admin's; anyone else gets 404", async () => {
    const { invoiceId } = await issue(ctx.modules.invoices.service);
    const stranger = await createAdvertiser(ctx);
    const creator = await createTalent(ctx);
    const admin = await createAdmin(ctx);
    expect((await pdf(stranger.token, invoiceId)).statusCode).toBe(404);
    expect((await pdf(creator.token, invoiceId)).statusCode).toBe(404);
    expect((await pdf(brand.token, 2_000_000_000)).statusCode).toBe(404);
    const byAdmin = await pdf(admin.token, invoiceId);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-type']).toBe('application/pdf');
    expect(byAdmin.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints the number, both matricules, the lines, VAT, stamp and total in English', async () => {
    const { invoiceId, number } = await issue(ctx.modules.invoices.service);
    const res = await pdf(brand.token, invoiceId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"`);
    const text = textOf(res.rawPayload);
    for (const expected of [
      'Invoice',
      number,
      ctx.env.INVOICE_SELLER_NAME,
      ctx.env.INVOICE_SELLER_TAX_NUMBER,
      'Harissa SARL',
      BUYER_MF,
      'Content request "Ramadan 2027"',
      '1,234.500 TND',
      '-123.450 TND',
      'VAT 19 %',
      '211.100 TND',
      'Fiscal stamp',
      '1.000 TND',
      'Total incl. tax',
      '1,323.150 TND',
      'Paid',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("is in the owner's language: French, and Arabic right to left with its own font", async () => {
    const arabicBrand = await createAdvertiser(ctx);
    await legalInfo(arabicBrand.userId, 'شركة الهريسة');
    await ctx.database.db
      .update(users)
      .set({ language: 'tn' })
      .where(eq(users.id, arabicBrand.userId));
    const { invoiceId, number } = await issue(ctx.modules.invoices.service, arabicBrand.userId);

    const arabic = textOf((await pdf(arabicBrand.token, invoiceId)).rawPayload);
    for (const expected of [
      number,
      ctx.env.INVOICE_SELLER_TAX_NUMBER,
      BUYER_MF,
      // The web's way of writing amounts in Arabic (ar-TN with Latin digits).
      '1.323,150 TND',
      '211,100 TND',
    ]) {
      expect(arabic).toContain(expected);
    }
    // Arabic words come out whole (pdftotext may write a right-to-left line in either order).
    const words = (phrase: string) => phrase.split(' ');
    for (const word of [...words('فاتورة'), ...words('الطابع الجبائي'), 'مدفوعة']) {
      expect(
        arabic.includes(word) || arabic.includes([...word].reverse().join('')),
        `${word} in\n${arabic}`,
      ).toBe(true);
    }
    expect(arabic).not.toContain('Invoice');

    const french = textOf((await pdf(arabicBrand.token, invoiceId, '?lang=fr')).rawPayload);
    expect(french).toContain('Facture');
    expect(french).toContain('Timbre fiscal');
    expect(french).toContain('Total TTC');
    // As the French web pages write it: a (narrow no-break) space between thousands, a comma.
    expect(french).toMatch(/1\s323,150 TND/);
    expect(french).not.toContain('323.150');
  });
});

describe('invoice line labels', () => {
  it('words a labelled line in the reader’s language: the list gives its code, the PDF its words', async () => {
    const labelledOrder = priceOrder({
      items: [
        labelledItem(
          { code: 'platform_fee', params: { reference: 'CR-000010', title: 'Ramadan 2027' } },
          { quantity: 1, unitAmount: 50_000 },
        ),
      ],
      rates: { vatRateBasisPoints: 1_900, fiscalStampMillimes: 1_000 },
    });
    const owner = await createAdvertiser(ctx);
    await legalInfo(owner.userId);
    const { invoiceId } = await inTransaction(ctx.database.db, (tx) =>
      ctx.modules.invoices.service.issue(tx, {
        ownerUserId: owner.userId,
        purchaseKind: 'content_request',
        purchaseId: ++purchaseId,
        order: labelledOrder,
        paidAt: new Date('2026-11-23T10:00:00Z'),
      }),
    );
    const [item] = invoicesResponseSchema.parse((await list(owner.token)).json()).data.items;
    expect(item).toMatchObject({
      invoice_id: invoiceId,
      label: 'Platform fee — CR-000010 “Ramadan 2027”',
      line_label: {
        code: 'platform_fee',
        params: { reference: 'CR-000010', title: 'Ramadan 2027' },
      },
      line_count: 1,
    });
    const english = textOf((await pdf(owner.token, invoiceId)).rawPayload);
    expect(english).toContain('Platform fee — CR-000010 “Ramadan 2027”');
    const french = textOf((await pdf(owner.token, invoiceId, '?lang=fr')).rawPayload);
    // The description column wraps the title's end onto the next line.
    expect(french).toContain('Frais de plateforme — CR-000010 « Ramadan');
    expect(french).toContain('2027 »');
    expect(french).not.toContain('Platform fee');
    const arabic = textOf((await pdf(owner.token, invoiceId, '?lang=tn')).rawPayload);
    expect(arabic).toContain('CR-000010');
    for (const word of ['معاليم', 'المنصة']) {
      expect(arabic.includes(word) || arabic.includes([...word].reverse().join(''))).toBe(true);
    }
    expect(arabic).not.toContain('Platform fee');
  });

  it('leaves an invoice issued before labels as it was issued: its stored text, in every language', async () => {
    const owner = await createAdvertiser(ctx);
    await legalInfo(owner.userId);
    // `order`'s line has only its description, as every line had before labels.
    const { invoiceId } = await issue(ctx.modules.invoices.service, owner.userId);
    const [item] = invoicesResponseSchema.parse((await list(owner.token)).json()).data.items;
    expect(item).toMatchObject({ label: 'Content request "Ramadan 2027"', line_label: null });
    const french = textOf((await pdf(owner.token, invoiceId, '?lang=fr')).rawPayload);
    expect(french).toContain('Frais de plateforme: Content request "Ramadan');
    expect(french).not.toContain('Platform fee');
    const [row] = rowsOf<{ priced: InvoiceOrderSnapshot; label: string }>(
      await ctx.database.db.execute(
        sql`select priced, label from invoices where id = ${invoiceId}`,
      ),
    );
    expect(row!.label).toBe('Content request "Ramadan 2027"');
    expect(row!.priced.lines[0]).not.toHaveProperty('label');
    expect(row!.priced.lines[0]!.description).toBe('Content request "Ramadan 2027"');
  });
});
