import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invoicesResponseSchema } from '@clipmarket/contracts/invoices';
import { inTransaction } from '../../../platform/db/transaction.js';
import { rowsOf } from '../../../platform/db/raw-rows.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import {
  createAdmin,
  createAdvertiser,
  createTalent,
  type TestUser,
} from '../../users/test-users.js';
import { advertisers } from '../../users/users.schema.js';
import { labelledItem, priceOrder } from '../../checkout/index.js';
import { TEIF_SUBMISSION_JOB } from '../index.js';
import { invoices } from '../invoices.schema.js';
import { invoicesRepository } from '../invoices.repository.js';
import type { InvoiceOrderSnapshot } from '../invoices.types.js';
import {
  createLocalEinvoicePlatform,
  type ElectronicInvoicePlatform,
} from './einvoice-platform.js';
import { validateTeif } from './teif-schema.js';
import { teifSubmissionsRepository } from './teif-submissions.repository.js';
import { createTeifSubmission } from './teif-submission.js';
import {
  identifierPatterns,
  renderTeifXml,
  teifAmount,
  teifDate,
  teifMatricule,
} from './teif-xml.js';

/**
 * Electronic invoices (issue 27 §4): every invoice as a TEIF file valid against the schema
 * committed beside the code, downloadable by its owner and admins, sent by a job to the
 * electronic-invoice platform (the local one) that records the answer.
 */
let ctx: TestContext;
let brand: TestUser;
let purchaseId = 1_600_000_000 + Math.floor(Math.random() * 100_000_000);

const BUYER_MF = '7654321B/A/M/000';
const rates = { vatRateBasisPoints: 1_900, fiscalStampMillimes: 1_000 };

const orders = {
  /** A creator's content fee: no VAT of the platform's (ADR 015), an Arabic title. */
  contentFee: priceOrder({
    items: [
      labelledItem(
        { code: 'content_fee', params: { reference: 'CR-000010-1', title: 'فيديو رمضان' } },
        { quantity: 1, unitAmount: 150_000 },
      ),
    ],
    rates,
  }),
  /** The platform fee with a 10 % promotion, beside two content fees. */
  platformFeeWithPromo: priceOrder({
    items: [
      labelledItem(
        { code: 'platform_fee', params: { reference: 'CR-000011', title: 'Ramadan <2027> & co' } },
        { quantity: 1, unitAmount: 1_234_500 },
      ),
      labelledItem(
        { code: 'content_fee', params: { reference: 'CR-000011-1' } },
        { quantity: 2, unitAmount: 95_250 },
      ),
    ],
    promotionBasisPoints: 1_000,
    rates,
  }),
  /** A wallet pack bought with a promotion that also takes from the pack. */
  walletPack: priceOrder({
    items: [
      labelledItem(
        { code: 'wallet_pack', params: { reference: 'WP-000042' } },
        { quantity: 1, unitAmount: 200_000 },
      ),
    ],
    promotionBasisPoints: 1_000,
    promotionAppliesTo: ['platform_fee', 'wallet_pack'],
    rates,
  }),
};

async function legalInfo(userId: number, companyName: string, taxNumber: string | null) {
  await ctx.database.db
    .update(advertisers)
    .set({
      companyName,
      taxRegistrationNumber: taxNumber,
      domiciliationAddress: 'نهج مرسيليا 12، 1000 تونس',
    })
    .where(eq(advertisers.userId, userId));
}

function issue(order: InvoiceOrderSnapshot, ownerUserId = brand.userId) {
  return inTransaction(ctx.database.db, (tx) =>
    ctx.modules.invoices.service.issue(tx, {
      ownerUserId,
      purchaseKind: 'content_request',
      purchaseId: ++purchaseId,
      order: order as Parameters<typeof ctx.modules.invoices.service.issue>[1]['order'],
      paidAt: new Date('2026-11-23T10:00:00Z'),
    }),
  );
}

const teif = (token: string | null, invoiceId: number) =>
  ctx.app.inject({
    url: `/v2/invoices/${invoiceId}/teif.xml`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

/** The amounts of a code in the file, in millimes. */
function amounts(xml: string, code: string): number[] {
  const pattern = new RegExp(
    `<Moa amountTypeCode="${code}" currencyCodeList="ISO_4217"><Amount currencyIdentifier="TND">(-?[0-9]+)\\.([0-9]{3})</Amount>`,
    'g',
  );
  return [...xml.matchAll(pattern)].map(
    ([, units, millimes]) => Number(units) * 1000 + Number(millimes),
  );
}
const one = (xml: string, code: string) => {
  const found = amounts(xml, code);
  expect(found, code).toHaveLength(1);
  return found[0]!;
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The VAT groups: rate, base and amount. */
function vatGroups(xml: string) {
  return [
    ...xml.matchAll(
      /<TaxTypeName code="I-1602">TVA<\/TaxTypeName>\n<TaxDetails><TaxRate>([0-9.]+)<\/TaxRate><\/TaxDetails><\/Tax>\n<AmountDetails>(.*?)<\/AmountDetails>\n<AmountDetails>(.*?)<\/AmountDetails>/g,
    ),
  ].map(([, rate, base, amount]) => ({
    rate: Number(rate),
    base: one(base!, 'I-177'),
    amount: one(amount!, 'I-178'),
  }));
}

/** Every identifier matches the pattern of its type (what XSD 1.0 cannot say). */
function identifiers(xml: string) {
  return [
    ...xml.matchAll(
      /<(MessageSenderIdentifier|MessageRecieverIdentifier|PartnerIdentifier) type="(I-0[1-4])">([^<]*)</g,
    ),
  ].map(([, tag, type, value]) => ({
    tag,
    type: type as keyof typeof identifierPatterns,
    value: value!,
  }));
}

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await createAdvertiser(ctx);
  await legalInfo(brand.userId, 'شركة الهريسة للإشهار', BUYER_MF);
});
afterAll(async () => ctx?.close());

describe('TEIF values', () => {
  it('writes amounts with a point and three decimals, dates in Tunisian time, matricules in 13', () => {
    expect(teifAmount(1_323_150)).toBe('1323.150');
    expect(teifAmount(50)).toBe('0.050');
    expect(teifAmount(-123_450)).toBe('-123.450');
    expect(teifAmount(0)).toBe('0.000');
    // 31 December 23:30 UTC is already 1 January in Tunis (as the invoice's number).
    expect(teifDate(new Date('2026-12-31T23:30:00Z'))).toBe('010127');
    expect(teifDate(new Date('2026-11-23T10:00:00Z'))).toBe('231126');
    expect(teifMatricule('1790123K/A/M/000')).toBe('1790123KAM000');
    expect(teifMatricule('1234567/a/a/p/000')).toBe('1234567AAP000');
    expect(teifMatricule('not one')).toBeNull();
    expect(teifMatricule(null)).toBeNull();
  });
});

describe('TEIF files', () => {
  it('are valid against the schema, with every amount as stored and related as on the PDF', async () => {
    const individual = await createAdvertiser(ctx);
    // No matricule fiscal: an individual, named by their account.
    await legalInfo(individual.userId, 'ليلى بن علي', null);
    const cases = [
      { order: orders.contentFee, owner: brand },
      { order: orders.platformFeeWithPromo, owner: brand },
      { order: orders.walletPack, owner: individual },
      { order: orders.platformFeeWithPromo, owner: individual },
    ];
    for (const { order, owner } of cases) {
      const { invoiceId, number } = await issue(order, owner.userId);
      const res = await teif(owner.token, invoiceId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="TEIF_${number}.xml"`);
      const xml = res.body;
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<TEIF version="1.8.8" controlingAgency="TTN">/,
      );
      expect(await validateTeif(xml)).toEqual({ isValid: true, errors: [] });
      expect(xml).toContain(`<DocumentIdentifier>${number}</DocumentIdentifier>`);

      // Identifiers: the seller's matricule; the buyer's, or their account when they have none.
      const ids = identifiers(xml);
      for (const id of ids) expect(id.value).toMatch(identifierPatterns[id.type]);
      const sellerMf = teifMatricule(ctx.env.INVOICE_SELLER_TAX_NUMBER);
      const buyer =
        owner === brand
          ? { type: 'I-01', value: '7654321BAM000' }
          : { type: 'I-04', value: `CLIPMARKET-${owner.userId}` };
      expect(ids.map(({ tag, type, value }) => [tag, type, value])).toEqual([
        ['MessageSenderIdentifier', 'I-01', sellerMf],
        ['MessageRecieverIdentifier', buyer.type, buyer.value],
        ['PartnerIdentifier', 'I-01', sellerMf],
        ['PartnerIdentifier', buyer.type, buyer.value],
      ]);
      expect(xml).toContain(
        `<PartnerName nameType="${owner === brand ? 'Qualification' : 'Physical'}">${
          owner === brand ? 'شركة الهريسة للإشهار' : 'ليلى بن علي'
        }</PartnerName>`,
      );

      // The amounts: the snapshot's, and their relations.
      expect(amounts(xml, 'I-171')).toEqual(order.lines.map((line) => line.amount));
      expect(amounts(xml, 'I-183')).toEqual(order.lines.map((line) => line.unitAmount));
      const subtotal = one(xml, 'I-176');
      expect(subtotal).toBe(order.subtotal);
      expect(sum(amounts(xml, 'I-171'))).toBe(subtotal);
      const discount = order.discount > 0 ? one(xml, 'I-173') : 0;
      expect(discount).toBe(order.discount);
      const bases = one(xml, 'I-182');
      expect(bases).toBe(subtotal - discount);
      const groups = vatGroups(xml);
      expect(sum(groups.map((g) => g.base))).toBe(bases);
      expect(groups.find((g) => g.rate === 19)?.base ?? 0).toBe(order.taxableAmount);
      expect(sum(groups.map((g) => g.amount))).toBe(order.vatAmount);
      expect(one(xml, 'I-181')).toBe(order.vatAmount);
      for (const group of groups) {
        expect(group.amount).toBe(Math.round((group.base * group.rate) / 100));
      }
      const stamp = amounts(xml, 'I-178').filter((_, i) => i === 0)[0];
      expect(stamp).toBe(order.stampAmount);
      expect(one(xml, 'I-180')).toBe(order.total);
      expect(bases + order.vatAmount + order.stampAmount).toBe(order.total);
    }
  });

  it('words lines in French as the PDF does, escaped', async () => {
    const { invoiceId } = await issue(orders.platformFeeWithPromo);
    const xml = (await teif(brand.token, invoiceId)).body;
    expect(xml).toContain(
      '<ItemDescription>Frais de plateforme — CR-000011 « Ramadan &lt;2027&gt; &amp; co »</ItemDescription>',
    );
    expect(xml).toContain('<ItemDescription>Frais de contenu — CR-000011-1</ItemDescription>');
    expect(xml).toContain('<Quantity measurementUnit="UNIT">2</Quantity>');
    expect(xml).toContain('<SpecialServices>Remise de 10 %</SpecialServices>');
    expect(xml).not.toMatch(/[\u2066-\u2069]/);
    const arabic = (await teif(brand.token, (await issue(orders.contentFee)).invoiceId)).body;
    expect(arabic).toContain(
      '<ItemDescription>Frais de contenu — CR-000010-1 « فيديو رمضان »</ItemDescription>',
    );
    expect(arabic).toContain('<AdressDescription>نهج مرسيليا 12، 1000 تونس</AdressDescription>');
  });

  it('a broken file is refused by the schema check, with the reasons', async () => {
    const { invoiceId } = await issue(orders.platformFeeWithPromo);
    const xml = (await teif(brand.token, invoiceId)).body;
    const broken = [
      // A comma in an amount, a date of the wrong kind, an unknown amount code, no totals.
      xml.replace(
        /<Amount currencyIdentifier="TND">1234\.500</,
        '<Amount currencyIdentifier="TND">1234,500<',
      ),
      xml.replace('functionCode="I-31"', 'functionCode="I-99"'),
      xml.replace('amountTypeCode="I-180"', 'amountTypeCode="I-999"'),
      xml.replace(/<InvoiceMoa>[\s\S]*<\/InvoiceMoa>\n/, ''),
      xml.replace('<Bgm>', '<Bgm><Unknown/>'),
      xml.replace('</TEIF>', ''),
    ];
    for (const file of broken) {
      expect(file).not.toBe(xml);
      const result = await validateTeif(file);
      expect(result.isValid, file.slice(0, 200)).toBe(false);
      expect(result.errors.length).toBeGreaterThan(0);
    }
    expect((await validateTeif(broken[0]!)).errors.join('\n')).toMatch(/Amount.*1234,500/);
    expect((await validateTeif(broken[3]!)).errors.join('\n')).toMatch(/InvoiceTax.*InvoiceMoa/);
  });
});

describe('GET /v2/invoices/:invoice_id/teif.xml', () => {
  it("is the owner's or an admin's; anyone else gets 404, no token 401", async () => {
    const { invoiceId } = await issue(orders.contentFee);
    const stranger = await createAdvertiser(ctx);
    const creator = await createTalent(ctx);
    const admin = await createAdmin(ctx);
    expect((await teif(brand.token, invoiceId)).statusCode).toBe(200);
    expect((await teif(stranger.token, invoiceId)).statusCode).toBe(404);
    expect((await teif(stranger.token, invoiceId)).json()).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    expect((await teif(creator.token, invoiceId)).statusCode).toBe(404);
    expect((await teif(brand.token, 2_000_000_000)).statusCode).toBe(404);
    expect((await teif(null, invoiceId)).statusCode).toBe(401);
    const byAdmin = await teif(admin.token, invoiceId);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.body).toContain('<TEIF version="1.8.8"');
    expect(
      (
        await ctx.app.inject({
          url: '/v2/invoices/abc/teif.xml',
          headers: { authorization: `Bearer ${brand.token}` },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('submission to the electronic-invoice platform', () => {
  const submissionOf = async (invoiceId: number) =>
    teifSubmissionsRepository.find(ctx.database.db, invoiceId);
  /** The app's workers run the job staged with the invoice: its answer, once recorded. */
  const answered = (invoiceId: number) =>
    waitFor(
      async () => {
        const row = await submissionOf(invoiceId);
        return row && row.state !== 'pending' && row;
      },
      { what: `invoice ${invoiceId}'s submission answered` },
    );

  /** An invoice written directly (not issued), with a pending submission and no job. */
  async function insertInvoice(priced: InvoiceOrderSnapshot) {
    const [row] = await ctx.database.db
      .insert(invoices)
      .values({
        number: `TEST-${++purchaseId}`,
        year: 1990,
        sequence: purchaseId,
        issuedAt: new Date(),
        paidAt: new Date(),
        ownerUserId: brand.userId,
        purchaseKind: 'content_request',
        purchaseId,
        language: 'fr',
        label: 'Test',
        seller: {
          name: 'Clipmarket SARL',
          taxRegistrationNumber: ctx.env.INVOICE_SELLER_TAX_NUMBER,
          address: null,
          phone: null,
        },
        buyer: { name: 'Harissa', taxRegistrationNumber: null, address: null, phone: null },
        priced,
        subtotal: priced.subtotal,
        discount: priced.discount,
        vatAmount: priced.vatAmount,
        stampAmount: priced.stampAmount,
        total: priced.total,
      })
      .returning({ id: invoices.id });
    await inTransaction(ctx.database.db, (tx) =>
      teifSubmissionsRepository.insertPending(tx, row!.id),
    );
    return row!.id;
  }

  it('is staged with the invoice; the job records the accepted reference, and the list shows it', async () => {
    const owner = await createAdvertiser(ctx);
    await legalInfo(owner.userId, 'Medina Media', BUYER_MF);
    const { invoiceId, number } = await issue(orders.platformFeeWithPromo, owner.userId);
    // Staged with the invoice: the job, in the outbox of the issuing transaction.
    const staged = rowsOf<{ count: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as count from outbox_events
             where type = ${`job:${TEIF_SUBMISSION_JOB}`}
               and (payload -> 'data' ->> 'invoiceId')::int = ${invoiceId}`,
      ),
    );
    expect(staged[0]!.count).toBe(1);
    const submission = await answered(invoiceId);
    expect(submission).toMatchObject({ state: 'accepted', attempts: 1, error: null });
    // TTN's shape: 27 digits, the seller's matricule digits first, the day, the number's digits.
    const sellerDigits = teifMatricule(ctx.env.INVOICE_SELLER_TAX_NUMBER)!.slice(0, 7);
    expect(submission!.reference).toMatch(/^[0-9]{27}$/);
    expect(submission!.reference!.startsWith(sellerDigits)).toBe(true);
    expect(submission!.reference!.endsWith(number.replace('-', '').padStart(14, '0'))).toBe(true);
    expect(submission!.submittedAt).toBeInstanceOf(Date);
    expect(submission!.answeredAt).toBeInstanceOf(Date);

    // Run again (a duplicate job): an answered submission is left as it was.
    expect(await ctx.modules.invoices.submission.submit(invoiceId)).toBe('accepted');
    expect(await submissionOf(invoiceId)).toMatchObject({
      attempts: 1,
      reference: submission!.reference,
    });

    const list = invoicesResponseSchema.parse(
      (
        await ctx.app.inject({
          url: '/v2/invoices',
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).json(),
    );
    expect(list.data.items[0]).toMatchObject({
      invoice_id: invoiceId,
      einvoice: { state: 'accepted', reference: submission!.reference },
    });
  });

  it('a file the platform refuses records its error', async () => {
    // An invoice no issue would write (no line): its file fails the schema.
    const invoiceId = await insertInvoice({ ...orders.contentFee, lines: [] });
    await inTransaction(ctx.database.db, (tx) =>
      ctx.modules.invoices.submission.stage(tx, invoiceId),
    );
    await answered(invoiceId);
    const submission = await submissionOf(invoiceId);
    expect(submission).toMatchObject({ state: 'rejected', attempts: 1, reference: null });
    expect(submission!.error).toMatch(/LinSection/);
    // The download refuses to send a file that fails the schema: our bug, a 500.
    const res = await teif(brand.token, invoiceId);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: { code: 'INTERNAL' } });
  });

  it('counts every attempt; a platform that cannot be reached is tried again', async () => {
    const invoiceId = await insertInvoice(orders.contentFee);
    let isDown = true;
    const local = createLocalEinvoicePlatform();
    const platform: ElectronicInvoicePlatform = {
      submit: (xml, number) =>
        isDown ? Promise.reject(new Error('TTN unreachable')) : local.submit(xml, number),
    };
    const submission = createTeifSubmission({
      db: ctx.database.db,
      invoices: invoicesRepository,
      submissions: teifSubmissionsRepository,
      platform,
      stager: ctx.events,
      jobs: { register: () => {} },
      log: ctx.app.log,
      now: () => new Date(),
    });
    await expect(submission.submit(invoiceId)).rejects.toThrow('TTN unreachable');
    expect(await submissionOf(invoiceId)).toMatchObject({ state: 'pending', attempts: 1 });
    isDown = false;
    expect(await submission.submit(invoiceId)).toBe('accepted');
    expect(await submissionOf(invoiceId)).toMatchObject({ state: 'accepted', attempts: 2 });
  });

  it('the local platform refuses a file that fails the schema, with its reasons', async () => {
    const platform = createLocalEinvoicePlatform();
    const answer = await platform.submit(
      '<TEIF version="1.8.8" controlingAgency="TTN"/>',
      '2026-000001',
    );
    expect(answer.accepted).toBe(false);
    expect(!answer.accepted && answer.error).toMatch(/InvoiceHeader/);
    const rows = rowsOf<{ count: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as count from invoice_submissions`),
    );
    expect(rows[0]!.count).toBeGreaterThan(0);
  });

  it('renders from the stored snapshot alone (the same file every time)', async () => {
    const { invoiceId } = await issue(orders.walletPack);
    const row = await invoicesRepository.find(ctx.database.db, invoiceId);
    expect(renderTeifXml(row!)).toBe((await teif(brand.token, invoiceId)).body);
  });
});
