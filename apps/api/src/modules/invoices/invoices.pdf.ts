import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMoney } from '@clipmarket/contracts/money-format';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import { isRightToLeft, toLanguageTag, type Language } from '../../platform/i18n.js';
import type { InvoiceRow } from './invoices.repository.js';
import { INVOICE_TIME_ZONE } from './invoices.service.js';
import { invoiceTexts } from './invoices.texts.js';
import type { InvoiceLine } from './invoices.types.js';

/**
 * The invoice as a PDF (issue 9 §6, ADR 018), in English, French or Arabic. The fonts are
 * embedded, committed beside this file (Noto Sans for Latin, Noto Sans Arabic for Arabic, OFL):
 * nothing is downloaded at run time. Arabic is shaped by the font (fontkit's OpenType layout,
 * which also lays a right-to-left run out right to left); the order of runs in a line mixing
 * Arabic, digits and Latin text is the Unicode bidirectional algorithm's (bidi-js).
 */

const fontsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');
const fontFiles = {
  latin: 'NotoSans-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
  arabic: 'NotoSansArabic-Regular.ttf',
  arabicBold: 'NotoSansArabic-Bold.ttf',
} as const;
type FontName = keyof typeof fontFiles;

let fontData: Record<FontName, Buffer> | undefined;
/** Read once per process, on the first invoice. */
function fonts(): Record<FontName, Buffer> {
  fontData ??= Object.fromEntries(
    Object.entries(fontFiles).map(([name, file]) => [
      name,
      fs.readFileSync(path.join(fontsDir, file)),
    ]),
  ) as Record<FontName, Buffer>;
  return fontData;
}

const bidi = bidiFactory();
const arabicLetter = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Bidi controls: they order the line, the fonts have nothing to draw for them. */
const bidiControl = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * A value written left to right wherever it stands (`1 234.500 TND`, `2026-000001`, a date):
 * in an Arabic line, the spaces of an amount would otherwise split it into reordered pieces.
 */
const ltr = (value: string) => `\u2066${value}\u2069`;

/** A Latin letter (with its accents) or a digit. */
const latinOrDigit = '[0-9A-Za-z\\u00C0-\\u024F]';
/** Anything but Arabic letters and bidi isolates. */
const notArabic =
  '[^\\u0600-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB50-\\uFDFF\\uFE70-\\uFEFF\\u2066-\\u2069]';
/**
 * From a Latin letter or digit (a number's sign included: `+216 …`) to the last one before
 * Arabic text, with a percent sign after.
 */
const latinRun = new RegExp(
  `(?:[+-](?=\\d))?${latinOrDigit}(?:${notArabic}*${latinOrDigit})?(?: ?%)?`,
  'gu',
);

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * In a right-to-left line, every run of Latin text and numbers is isolated (Unicode bidi
 * isolates, UAX #9): it reads left to right as one piece whatever neutral characters (spaces,
 * commas, brackets) it holds, and the Arabic around it keeps its order. Without it an address
 * such as `12 Rue de Marseille, Tunis 1000` came out as `Rue de Marseille, Tunis 1000 12`.
 * A run that opens a bracket or a quotation takes its closing one along.
 */
export function isolateLatinRuns(text: string): string {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(latinRun)) {
    let run = match[0];
    const end = match.index + run.length;
    const next = text[end];
    const opensBracket = next === ')' && count(run, '(') > count(run, ')');
    const opensQuote = next === '"' && count(run, '"') % 2 === 1;
    if (opensBracket || opensQuote) run += next;
    result += text.slice(last, match.index) + ltr(run);
    last = match.index + run.length;
  }
  return result + text.slice(last);
}

/** `23/11/2026`, in Tunisian time. */
function formatDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: INVOICE_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** `19 %`, `12.5 %` (en), `12,5 %` (fr, tn): the decimal sign of the amounts. */
const formatRate = (basisPoints: number, language: Language) =>
  `${String(basisPoints / 100).replace('.', language === 'en' ? '.' : ',')} %`;

interface Segment {
  text: string;
  font: 'latin' | 'arabic';
  /** Lay the characters out right to left. */
  rtl: boolean;
}

/**
 * A line in visual order, left to right: bidi runs reordered (rule L2), each split where the
 * font changes. A right-to-left run of Arabic is handed to the font in logical order (its
 * layout reverses it); neutral characters in a right-to-left run (spaces, punctuation) are
 * mirrored and reversed here.
 */
export function visualSegments(text: string, rtlBase: boolean): Segment[] {
  if (text === '') return [];
  const { levels } = bidi.getEmbeddingLevels(text, rtlBase ? 'rtl' : 'ltr');
  const runs: Array<{ text: string; level: number }> = [];
  for (let i = 0; i < text.length; i += 1) {
    const level = levels[i] ?? 0;
    let char = text[i] ?? '';
    if (level % 2 === 1) char = bidi.getMirroredCharacter(char) ?? char;
    const last = runs.at(-1);
    if (last && last.level === level) last.text += char;
    else runs.push({ text: char, level });
  }
  const maxLevel = Math.max(...runs.map((r) => r.level));
  const minOddLevel = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
  for (let level = maxLevel; level >= minOddLevel && level >= 1; level -= 1) {
    let start = 0;
    while (start < runs.length) {
      if ((runs[start]?.level ?? 0) < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end += 1;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end + 1;
    }
  }
  const segments: Segment[] = [];
  for (const run of runs) {
    const rtl = run.level % 2 === 1;
    const pieces: Segment[] = [];
    for (const char of run.text) {
      if (bidiControl.test(char)) continue;
      const font = arabicLetter.test(char) ? 'arabic' : 'latin';
      const last = pieces.at(-1);
      if (last && last.font === font) last.text += char;
      else pieces.push({ text: char, font, rtl });
    }
    if (rtl) {
      pieces.reverse();
      for (const piece of pieces) {
        // The Arabic font lays its run out right to left itself; anything else is reversed here.
        if (piece.font === 'latin') piece.text = [...piece.text].reverse().join('');
      }
    }
    segments.push(...pieces);
  }
  return segments;
}

type Align = 'start' | 'end';

/** Writes invoices on A4 pages, mirrored for a right-to-left language. */
class InvoiceWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly rtl: boolean;
  readonly left = 50;
  readonly width: number;
  y = 50;

  constructor(language: Language, title: string) {
    this.rtl = isRightToLeft(language);
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      lang: toLanguageTag(language),
      info: { Title: title, Author: 'Clipmarket', Creator: 'Clipmarket' },
      autoFirstPage: true,
    });
    for (const [name, data] of Object.entries(fonts())) this.doc.registerFont(name, data);
    this.width = this.doc.page.width - 100;
  }

  private fontOf(segment: Segment, bold: boolean): FontName {
    if (segment.font === 'arabic') return bold ? 'arabicBold' : 'arabic';
    return bold ? 'latinBold' : 'latin';
  }

  private widthOf(segments: Segment[], size: number, bold: boolean): number {
    let width = 0;
    for (const segment of segments) {
      this.doc.font(this.fontOf(segment, bold)).fontSize(size);
      width += this.doc.widthOfString(segment.text);
    }
    return width;
  }

  /** Splits a text into lines that fit `width` (on spaces; a long word stays whole). */
  private wrap(text: string, width: number, size: number, bold: boolean): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (line !== '' && this.widthOf(visualSegments(candidate, this.rtl), size, bold) > width) {
          lines.push(line);
          line = word;
        } else {
          line = candidate;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /**
   * Writes `text` in the box starting `x` points from the start edge (left, or right in
   * Arabic), `width` wide, aligned to its start or end edge; answers the height used.
   */
  cell(
    text: string,
    x: number,
    y: number,
    width: number,
    options: { size?: number; bold?: boolean; align?: Align; color?: string } = {},
  ): number {
    const size = options.size ?? 9;
    const bold = options.bold ?? false;
    const lineHeight = size * 1.45;
    const boxLeft = this.rtl ? this.left + this.width - x - width : this.left + x;
    const alignRight = (options.align ?? 'start') === 'start' ? this.rtl : !this.rtl;
    const lines = this.wrap(text, width, size, bold);
    lines.forEach((line, index) => {
      const segments = visualSegments(this.rtl ? isolateLatinRuns(line) : line, this.rtl);
      const lineWidth = this.widthOf(segments, size, bold);
      let cursor = alignRight ? boxLeft + width - lineWidth : boxLeft;
      for (const segment of segments) {
        this.doc
          .font(this.fontOf(segment, bold))
          .fontSize(size)
          .fillColor(options.color ?? '#1a1a1a');
        // On one baseline: the Latin and Arabic fonts have different ascents.
        this.doc.text(segment.text, cursor, y + index * lineHeight + size * 1.1, {
          lineBreak: false,
          baseline: 'alphabetic',
        });
        cursor += this.doc.widthOfString(segment.text);
      }
    });
    return lines.length * lineHeight;
  }

  rule(y: number, color = '#d0d0d0') {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.7)
      .strokeColor(color)
      .stroke();
  }

  /** Starts a new page when `height` more points would not fit. */
  ensureRoom(height: number) {
    if (this.y + height > this.doc.page.height - 60) {
      this.doc.addPage();
      this.y = 50;
    }
  }
}

/**
 * A line in the PDF's language. A line issued with its label is worded from it (the kind, the
 * public reference, the request's title in the language's quotes); an invoice issued before
 * labels keeps its stored English description after the kind.
 */
export function lineWording(line: InvoiceLine, language: Language): string {
  const t = invoiceTexts[language];
  if (line.label) {
    const { reference, title } = line.label.params;
    const [open, close] = t.titleQuotes;
    const detail = [
      reference === undefined ? undefined : ltr(reference),
      title === undefined ? undefined : `${open}${title}${close}`,
    ]
      .filter((part) => part !== undefined)
      .join(' ');
    const kind = t.lineKinds[line.label.code];
    return detail ? `${kind} — ${detail}` : kind;
  }
  const kindLabel = t.lineKinds[line.kind];
  const isKindOnly = line.description === invoiceTexts.en.lineKinds[line.kind];
  return isKindOnly ? kindLabel : `${kindLabel}: ${line.description}`;
}

/** The invoice's PDF, as a stream: pipe it to the answer. */
export function renderInvoicePdf(invoice: InvoiceRow, language: Language): PDFKit.PDFDocument {
  const t = invoiceTexts[language];
  const money = (millimes: number) => formatMoney(millimes, language);
  const w = new InvoiceWriter(language, `${t.title} ${invoice.number}`);
  const { doc } = w;
  const half = w.width / 2 - 10;

  // Heading: title and "Paid" on the start side, number and dates on the end side.
  w.cell(t.title, 0, w.y, half, { size: 22, bold: true });
  w.cell(t.paid, 0, w.y + 34, half, { size: 12, bold: true, color: '#1b7f3b' });
  let y = w.y + 4;
  for (const [label, value] of [
    [t.number, invoice.number],
    [t.date, formatDate(invoice.issuedAt)],
    [t.paidOn, formatDate(invoice.paidAt)],
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
  w.cell(`${t.paid}: ${ltr(formatDate(invoice.paidAt))}`, 0, w.y, w.width, {
    size: 10,
    bold: true,
    color: '#1b7f3b',
  });
  w.y += 18;
  w.cell(t.currencyNote, 0, w.y, w.width, { size: 8, color: '#666666' });

  doc.end();
  return doc;
}
