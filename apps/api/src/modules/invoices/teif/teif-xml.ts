import { normalizeMatriculeFiscal } from '@clipmarket/contracts/matricule-fiscal';
import { lineWording } from '../invoices.pdf.js';
import type { InvoiceRow } from '../invoices.repository.js';
import { INVOICE_TIME_ZONE, type InvoiceParty } from '../invoices.types.js';

/**
 * An invoice as TEIF 1.8.8 XML (issue 27 §4, El Fatoora; ADR 045, docs/einvoicing.md for the
 * mapping table). Every amount comes from the stored snapshot as issued, never recomputed, so
 * the file says what the PDF says: lines − discount = the taxes' bases (I-182), the VAT at
 * the invoice's rate on the platform's fees (the PDF's VAT base) as stored, bases + VAT +
 * stamp = total. Lines outside the platform's VAT (content fees, collected for the creators,
 * and wallet packs, a deposit; ADR 015) are written at rate 0 in a group of their own. Texts
 * in French, the PDF's French wording.
 */

/** What the file is made of: the issued invoice's own columns. */
export type TeifInvoice = Pick<
  InvoiceRow,
  'number' | 'issuedAt' | 'ownerUserId' | 'seller' | 'buyer' | 'priced'
>;

export const TEIF_VERSION = '1.8.8';

/** The shape of an identifier by its type (TEIF's co-constraint that XSD 1.0 cannot state). */
export const identifierPatterns = {
  /** Matricule fiscal, 13 characters without separators. */
  'I-01': /^[0-9]{7}[ABCDEFGHJKLMNPQRSTVWXYZ][ABDNP][CMNPE][0-9]{3}$/,
  /** CIN. */
  'I-02': /^[0-9]{8}$/,
  /** Carte de séjour. */
  'I-03': /^[0-9]{9}$/,
  /** Anything else, up to 35 characters. */
  'I-04': /^\S.{0,34}$/su,
} as const;
export type IdentifierType = keyof typeof identifierPatterns;

/** The codes of the amounts Clipmarket writes (the table in docs/einvoicing.md). */
export const teifAmountCodes = {
  lineUnitPrice: 'I-183',
  lineTotal: 'I-171',
  totalExclTax: 'I-176',
  discount: 'I-173',
  totalTax: 'I-181',
  totalInclTax: 'I-180',
  taxableBase: 'I-182',
  taxBase: 'I-177',
  taxAmount: 'I-178',
} as const;

/** XML 1.0 allows these characters only (no other control character, no lone surrogate). */
const notXmlCharacter = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/** The bidi isolates the PDF puts around Latin runs: a layout matter, not the text's. */
const bidiIsolates = /[\u2066-\u2069]/g;

/** Text content or attribute value: escaped, cleaned, cut to the schema's length. */
function text(value: string, maxLength: number): string {
  const clean = value.replace(notXmlCharacter, '').replace(bidiIsolates, '').trim();
  const cut = [...clean].slice(0, maxLength).join('').trim();
  return cut
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Millimes as TND with three decimals and a point: `1234.500`, `-0.050`. */
export function teifAmount(millimes: number): string {
  if (!Number.isSafeInteger(millimes)) throw new Error(`Not an amount in millimes: ${millimes}`);
  const sign = millimes < 0 ? '-' : '';
  const absolute = Math.abs(millimes);
  return `${sign}${Math.trunc(absolute / 1000)}.${String(absolute % 1000).padStart(3, '0')}`;
}

/** Basis points as a percentage: 1900 → `19`, 1250 → `12.5`. */
export function teifRate(basisPoints: number): string {
  return String(basisPoints / 100);
}

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: INVOICE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
});

/** `ddMMyy` in Tunisian time (the day the invoice is dated and numbered in). */
export function teifDate(date: Date): string {
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}${parts.month}${parts.year}`;
}

/** A matricule fiscal in TEIF's 13 characters (`1234567AAM000`), or null when there is none. */
export function teifMatricule(value: string | null): string | null {
  const normalized = value === null ? null : normalizeMatriculeFiscal(value);
  return normalized === null ? null : normalized.replace(/\//g, '');
}

/** An advertiser without a matricule fiscal is named by their Clipmarket account (I-04). */
export function accountReference(userId: number): string {
  return `CLIPMARKET-${userId}`;
}

interface Identifier {
  type: IdentifierType;
  value: string;
}

function identifier(tag: string, id: Identifier): string {
  if (!identifierPatterns[id.type].test(id.value)) {
    throw new Error(`TEIF ${tag}: ${id.value} is not an identifier of type ${id.type}`);
  }
  return `<${tag} type="${id.type}">${text(id.value, 35)}</${tag}>`;
}

function sellerIdentifier(seller: InvoiceParty): Identifier {
  const matricule = teifMatricule(seller.taxRegistrationNumber);
  // The seller's matricule is checked when the configuration loads (env.ts).
  if (!matricule) throw new Error('The seller of an invoice has no valid matricule fiscal');
  return { type: 'I-01', value: matricule };
}

function buyerIdentifier(invoice: TeifInvoice): Identifier {
  const matricule = teifMatricule(invoice.buyer.taxRegistrationNumber);
  return matricule
    ? { type: 'I-01', value: matricule }
    : { type: 'I-04', value: accountReference(invoice.ownerUserId) };
}

function moa(code: string, millimes: number): string {
  return (
    `<Moa amountTypeCode="${code}" currencyCodeList="ISO_4217">` +
    `<Amount currencyIdentifier="TND">${teifAmount(millimes)}</Amount></Moa>`
  );
}

function partner(functionCode: 'I-62' | 'I-64', party: InvoiceParty, id: Identifier): string[] {
  // A company is named by its legal name; an advertiser without a matricule is a person.
  const nameType = id.type === 'I-01' ? 'Qualification' : 'Physical';
  const address = party.address?.trim();
  return [
    `<PartnerDetails functionCode="${functionCode}">`,
    '<Nad>',
    identifier('PartnerIdentifier', id),
    `<PartnerName nameType="${nameType}">${text(party.name, 200)}</PartnerName>`,
    ...(address
      ? [
          '<PartnerAdresses lang="fr">',
          `<AdressDescription>${text(address, 500)}</AdressDescription>`,
          '<Country codeList="ISO_3166-1">TN</Country>',
          '</PartnerAdresses>',
        ]
      : []),
    '</Nad>',
    '</PartnerDetails>',
  ];
}

/** The invoice's TEIF file (UTF-8 text), unsigned. */
export function renderTeifXml(invoice: TeifInvoice): string {
  const order = invoice.priced;
  const vatRate = teifRate(order.vatRateBasisPoints);
  // What the discount left of the lines the VAT does not apply to (ADR 015).
  const untaxedBase = order.subtotal - order.discount - order.taxableAmount;
  const vatGroups: Array<{ rate: string; base: number; amount: number }> =
    order.vatRateBasisPoints === 0
      ? [{ rate: '0', base: order.taxableAmount + untaxedBase, amount: order.vatAmount }]
      : [
          ...(order.taxableAmount > 0 || order.vatAmount > 0 || untaxedBase === 0
            ? [{ rate: vatRate, base: order.taxableAmount, amount: order.vatAmount }]
            : []),
          ...(untaxedBase !== 0 ? [{ rate: '0', base: untaxedBase, amount: 0 }] : []),
        ];
  const seller = sellerIdentifier(invoice.seller);
  const buyer = buyerIdentifier(invoice);
  const lines = order.lines.flatMap((line, index) => [
    '<Lin>',
    `<ItemIdentifier>${index + 1}</ItemIdentifier>`,
    '<LinImd lang="fr">',
    `<ItemCode>${text(line.kind.toUpperCase(), 35)}</ItemCode>`,
    `<ItemDescription>${text(lineWording(line, 'fr'), 500)}</ItemDescription>`,
    '</LinImd>',
    `<LinQty><Quantity measurementUnit="UNIT">${line.quantity}</Quantity></LinQty>`,
    '<LinTax>',
    '<TaxTypeName code="I-1602">TVA</TaxTypeName>',
    `<TaxDetails><TaxRate>${line.isPlatformFee ? vatRate : '0'}</TaxRate></TaxDetails>`,
    '</LinTax>',
    '<LinMoa>',
    `<MoaDetails>${moa(teifAmountCodes.lineUnitPrice, line.unitAmount)}</MoaDetails>`,
    `<MoaDetails>${moa(teifAmountCodes.lineTotal, line.amount)}</MoaDetails>`,
    '</LinMoa>',
    '</Lin>',
  ]);
  const stamp =
    order.stampAmount > 0
      ? [
          '<InvoiceTaxDetails>',
          '<Tax><TaxTypeName code="I-1601">droit de timbre</TaxTypeName>',
          '<TaxDetails><TaxRate>0</TaxRate></TaxDetails></Tax>',
          `<AmountDetails>${moa(teifAmountCodes.taxAmount, order.stampAmount)}</AmountDetails>`,
          '</InvoiceTaxDetails>',
        ]
      : [];
  const discount =
    order.discount > 0
      ? [
          '<InvoiceAlc>',
          '<AllowanceDetails>',
          '<Alc allowanceCode="I-151">',
          `<SpecialServices>Remise${
            order.promotionBasisPoints > 0
              ? ` de ${teifRate(order.promotionBasisPoints).replace('.', ',')} %`
              : ''
          }</SpecialServices>`,
          '</Alc>',
          ...(order.promotionBasisPoints > 0
            ? [`<Pcd><Percentage>${teifRate(order.promotionBasisPoints)}</Percentage></Pcd>`]
            : []),
          moa(teifAmountCodes.discount, order.discount),
          '</AllowanceDetails>',
          '</InvoiceAlc>',
        ]
      : [];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<TEIF version="${TEIF_VERSION}" controlingAgency="TTN">`,
    '<InvoiceHeader>',
    identifier('MessageSenderIdentifier', seller),
    identifier('MessageRecieverIdentifier', buyer),
    '</InvoiceHeader>',
    '<InvoiceBody>',
    '<Bgm>',
    `<DocumentIdentifier>${text(invoice.number, 70)}</DocumentIdentifier>`,
    '<DocumentType code="I-11">Facture</DocumentType>',
    '</Bgm>',
    `<Dtm><DateText format="ddMMyy" functionCode="I-31">${teifDate(invoice.issuedAt)}</DateText></Dtm>`,
    '<PartnerSection>',
    ...partner('I-62', invoice.seller, seller),
    ...partner('I-64', invoice.buyer, buyer),
    '</PartnerSection>',
    '<LinSection>',
    ...lines,
    '</LinSection>',
    '<InvoiceMoa>',
    `<AmountDetails>${moa(teifAmountCodes.totalExclTax, order.subtotal)}</AmountDetails>`,
    `<AmountDetails>${moa(teifAmountCodes.taxableBase, order.subtotal - order.discount)}</AmountDetails>`,
    `<AmountDetails>${moa(teifAmountCodes.totalTax, order.vatAmount)}</AmountDetails>`,
    `<AmountDetails>${moa(teifAmountCodes.totalInclTax, order.total)}</AmountDetails>`,
    '</InvoiceMoa>',
    '<InvoiceTax>',
    ...stamp,
    ...vatGroups.flatMap((group) => [
      '<InvoiceTaxDetails>',
      '<Tax><TaxTypeName code="I-1602">TVA</TaxTypeName>',
      `<TaxDetails><TaxRate>${group.rate}</TaxRate></TaxDetails></Tax>`,
      `<AmountDetails>${moa(teifAmountCodes.taxBase, group.base)}</AmountDetails>`,
      `<AmountDetails>${moa(teifAmountCodes.taxAmount, group.amount)}</AmountDetails>`,
      '</InvoiceTaxDetails>',
    ]),
    '</InvoiceTax>',
    ...discount,
    '</InvoiceBody>',
    '</TEIF>',
  ];
  return `${xml.join('\n')}\n`;
}
