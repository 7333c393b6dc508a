import { wordLicenceTerms } from '@clipmarket/contracts/licences';
import { formatMoney } from '@clipmarket/contracts/money-format';
import type { Language } from '../../platform/i18n.js';
import { ltr } from '../../platform/pdf/pdf-text.js';
import { formatPdfDate, PdfWriter, type Align } from '../../platform/pdf/pdf-writer.js';
import type { InvoiceRow } from './invoices.repository.js';
import { invoiceTexts } from './invoices.texts.js';
import type { InvoiceLine } from './invoices.types.js';

/**
 * The invoice as a PDF (issue 9 §6, ADR 018), in English, French or Arabic, written with the
 * API's one PDF setup (platform/pdf: embedded fonts, Arabic shaped and lines in bidi order).
 */

/** `19 %`, `12.5 %` (en), `12,5 %` (fr, tn): the decimal sign of the amounts. */
const formatRate = (basisPoints: number, language: Language) =>
  `${String(basisPoints / 100).replace('.', language === 'en' ? '.' : ',')} %`;

/**
 * A line in the PDF's language. A line issued with its label is worded from it (the kind, the
 * public reference, the request's title in the language's quotes); an invoice issued before
 * labels keeps its stored English description after the kind.
 */
export function lineWording(line: InvoiceLine, language: Language): string {
  const t = invoiceTexts[language];
  if (line.label) {
    const { reference, title, licence } = line.label.params;
    const [open, close] = t.titleQuotes;
    const detail = [
      reference === undefined ? undefined : ltr(reference),
      title === undefined ? undefined : `${open}${title}${close}`,
    ]
      .filter((part) => part !== undefined)
      .join(' ');
    const kind = t.lineKinds[line.label.code];
    const worded = detail ? `${kind} — ${detail}` : kind;
    // The usage licence the line pays for (issue 27 §1); lines issued before have none.
    return licence
      ? `${worded} — ${t.licence.prefix} ${wordLicenceTerms(licence, t.licence)}`
      : worded;
  }
  const kindLabel = t.lineKinds[line.kind];
  const isKindOnly = line.description === invoiceTexts.en.lineKinds[line.kind];
  return isKindOnly ? kindLabel : `${kindLabel}: ${line.description}`;
}

/** The invoice's PDF, as a stream: pipe it to the answer. */
export function renderInvoicePdf(invoice: InvoiceRow, language: Language): PDFKit.PDFDocument {
  const t = invoiceTexts[language];
  const money = (millimes: number) => formatMoney(millimes, language);
  const w = new PdfWriter({ language, title: `${t.title} ${invoice.number}` });
  const { doc } = w;
  const half = w.width / 2 - 10;

  // Heading: title and "Paid" on the start side, number and dates on the end side.
  w.cell(t.title, 0, w.y, half, { size: 22, bold: true });
  w.cell(t.paid, 0, w.y + 34, half, { size: 12, bold: true, color: '#1b7f3b' });
  let y = w.y + 4;
  for (const [label, value] of [
    [t.number, invoice.number],
    [t.date, formatPdfDate(invoice.issuedAt)],
    [t.paidOn, formatPdfDate(invoice.paidAt)],
  ] as const) {
    y += w.cell(`${label}: ${ltr(value)}`, half + 20, y, half, { size: 10, align: 'end' });
  }
  w.y = Math.max(y, w.y + 56) + 14;
  w.rule(w.y);
  w.y += 12;

  // Parties: seller on the start side, buyer on the end side.
  const partyTop = w.y;
  const partyHeights = [
    { title: t.seller, party: invoice.seller, x: 0 },
    { title: t.buyer, party: invoice.buyer, x: half + 20 },
  ].map(({ title, party, x }) => {
    let py = partyTop;
    py += w.cell(title, x, py, half, { size: 9, bold: true, color: '#666666' });
    py += w.cell(party.name, x, py, half, { size: 11, bold: true });
    if (party.address) py += w.cell(`${t.address}: ${party.address}`, x, py, half);
    py += w.cell(`${t.taxNumber}: ${ltr(party.taxRegistrationNumber ?? '—')}`, x, py, half);
    if (party.phone) py += w.cell(`${t.phone}: ${ltr(party.phone)}`, x, py, half);
    return py - partyTop;
  });
  w.y = partyTop + Math.max(...partyHeights) + 16;

  // Lines.
  const columns = [
    { key: 'description', x: 0, width: w.width - 290, align: 'start' as Align },
    { key: 'quantity', x: w.width - 285, width: 50, align: 'end' as Align },
    { key: 'unitPrice', x: w.width - 230, width: 110, align: 'end' as Align },
    { key: 'amount', x: w.width - 115, width: 115, align: 'end' as Align },
  ];
  doc.rect(w.left, w.y - 4, w.width, 30).fill('#f2f2f2');
  const headerHeight = Math.max(
    ...columns.map((c) =>
      w.cell(t[c.key as 'description'], c.x, w.y, c.width, {
        bold: true,
        size: 8.5,
        align: c.align,
      }),
    ),
  );
  w.y += Math.max(headerHeight, 22) + 8;
  for (const line of invoice.priced.lines) {
    const values = [
      lineWording(line, language),
      ltr(String(line.quantity)),
      ltr(money(line.unitAmount)),
      ltr(money(line.amount)),
    ];
    w.ensureRoom(30);
    const height = Math.max(
      ...columns.map((c, i) => w.cell(values[i] ?? '', c.x, w.y, c.width, { align: c.align })),
    );
    w.y += height + 4;
    w.rule(w.y);
    w.y += 6;
  }

  // Totals.
  const order = invoice.priced;
  const totals: Array<[string, string, boolean]> = [
    [t.subtotal, money(order.subtotal), false],
    [
      order.promotionBasisPoints > 0
        ? `${t.discount} (${ltr(formatRate(order.promotionBasisPoints, language))})`
        : t.discount,
      money(-order.discount),
      false,
    ],
    [t.taxableAmount, money(order.taxableAmount), false],
    [
      `${t.vat} ${ltr(formatRate(order.vatRateBasisPoints, language))}`,
      money(order.vatAmount),
      false,
    ],
    [t.stamp, money(order.stampAmount), false],
    [t.total, money(order.total), true],
  ];
  w.y += 6;
  w.ensureRoom(totals.length * 18 + 40);
  for (const [label, value, strong] of totals) {
    if (strong) {
      w.rule(w.y, '#1a1a1a');
      w.y += 6;
    }
    const size = strong ? 11 : 9.5;
    w.cell(label, w.width - 330, w.y, 200, { size, bold: strong, align: 'end' });
    w.cell(ltr(value), w.width - 120, w.y, 120, { size, bold: strong, align: 'end' });
    w.y += size * 1.7;
  }
  w.y += 10;
  w.cell(`${t.paid}: ${ltr(formatPdfDate(invoice.paidAt))}`, 0, w.y, w.width, {
    size: 10,
    bold: true,
    color: '#1b7f3b',
  });
  w.y += 18;
  w.cell(t.currencyNote, 0, w.y, w.width, { size: 8, color: '#666666' });

  return w.finish();
}
