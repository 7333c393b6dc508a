import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { isRightToLeft, toLanguageTag, type Language } from '../i18n.js';
import { isolateLatinRuns, visualSegments, type Segment } from './pdf-text.js';

/**
 * The one PDF setup of the API (ADR 018), shared by invoices and campaign reports: pdfkit on
 * A4 pages, mirrored for a right-to-left language, with embedded fonts committed beside this
 * file (Noto Sans for Latin, Noto Sans Arabic for Arabic, OFL): nothing is downloaded at run
 * time. The build copies `fonts` next to the compiled code (apps/api/build.mjs), where this
 * file's chunk lands, so the same relative path serves both.
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
/** Read once per process, on the first PDF. */
function fonts(): Record<FontName, Buffer> {
  fontData ??= Object.fromEntries(
    Object.entries(fontFiles).map(([name, file]) => [
      name,
      fs.readFileSync(path.join(fontsDir, file)),
    ]),
  ) as Record<FontName, Buffer>;
  return fontData;
}

/** Dates printed in a PDF are Tunisia's (invoices by law, reports as the advertiser lives). */
export const PDF_TIME_ZONE = 'Africa/Tunis';

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: PDF_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function partsOf(date: Date) {
  const parts = dateParts.formatToParts(date);
  return (type: string) => parts.find((p) => p.type === type)?.value ?? '';
}

/** `23/11/2026`, in Tunisian time. */
export function formatPdfDate(date: Date): string {
  const part = partsOf(date);
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** `23/11/2026 14:05`, in Tunisian time. */
export function formatPdfDateTime(date: Date): string {
  const part = partsOf(date);
  return `${formatPdfDate(date)} ${part('hour')}:${part('minute')}`;
}

/** A calendar day (`2027-02-08`, already Tunisia's) as `08/02/2027`. */
export function formatPdfDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

export type Align = 'start' | 'end';

export interface CellOptions {
  size?: number;
  bold?: boolean;
  align?: Align;
  color?: string;
}

/** A column of `PdfWriter.table`: its width in points (the gap to the next included). */
export interface PdfColumn {
  width: number;
  align?: Align;
}

const COLUMN_GAP = 8;

export interface PdfWriterOptions {
  language: Language;
  title: string;
  layout?: 'portrait' | 'landscape';
  /** Around the page, in points (50 unless told). */
  margin?: number;
  /** A line at the foot of every page, written once the page count is known. */
  footer?: (page: number, pages: number) => string;
}

/**
 * Writes text boxes, rules and tables on A4 pages; positions are measured from the start edge
 * (left, or right in Arabic), so one layout serves both directions.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly rtl: boolean;
  readonly margin: number;
  readonly left: number;
  readonly width: number;
  y: number;
  private readonly footer: PdfWriterOptions['footer'];

  constructor(options: PdfWriterOptions) {
    this.rtl = isRightToLeft(options.language);
    this.margin = options.margin ?? 50;
    this.footer = options.footer;
    this.doc = new PDFDocument({
      size: 'A4',
      layout: options.layout ?? 'portrait',
      margin: this.margin,
      lang: toLanguageTag(options.language),
      info: { Title: options.title, Author: 'Clipmarket', Creator: 'Clipmarket' },
      autoFirstPage: true,
      // Kept until the end when each page gets a footer naming the page count.
      bufferPages: options.footer !== undefined,
    });
    for (const [name, data] of Object.entries(fonts())) this.doc.registerFont(name, data);
    this.left = this.margin;
    this.width = this.doc.page.width - 2 * this.margin;
    this.y = this.margin;
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

  /** The height `cell` would use for this text, without writing it. */
  heightOf(text: string, width: number, options: CellOptions = {}): number {
    const size = options.size ?? 9;
    return this.wrap(text, width, size, options.bold ?? false).length * size * 1.45;
  }

  /**
   * Writes `text` in the box starting `x` points from the start edge (left, or right in
   * Arabic), `width` wide, aligned to its start or end edge; answers the height used.
   */
  cell(text: string, x: number, y: number, width: number, options: CellOptions = {}): number {
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

  /** Where the writing stops on a page: above the bottom margin, with the footer's room. */
  private get bottom(): number {
    return this.doc.page.height - this.margin - 10;
  }

  /** Starts a new page when `height` more points would not fit; answers whether it did. */
  ensureRoom(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = this.margin;
    return true;
  }

  /**
   * A table from `y` on: a shaded header row, then the rows, each kept whole; a row that does
   * not fit goes to a new page, where the header is written again.
   */
  table(
    columns: readonly PdfColumn[],
    header: readonly string[],
    rows: readonly (readonly string[])[],
    options: { size?: number } = {},
  ) {
    const size = options.size ?? 8.5;
    const starts = columns.map((_, i) => columns.slice(0, i).reduce((x, c) => x + c.width, 0));
    const boxOf = (i: number) => ({
      x: starts[i] ?? 0,
      width: (columns[i]?.width ?? 0) - COLUMN_GAP,
      align: columns[i]?.align ?? 'start',
    });
    const heightOfRow = (cells: readonly string[], bold: boolean) =>
      Math.max(...cells.map((text, i) => this.heightOf(text, boxOf(i).width, { size, bold })));
    const headerHeight = heightOfRow(header, true);
    const writeHeader = () => {
      this.doc.rect(this.left, this.y - 4, this.width, headerHeight + 8).fill('#f2f2f2');
      header.forEach((text, i) => {
        const box = boxOf(i);
        this.cell(text, box.x, this.y, box.width, { size, bold: true, align: box.align });
      });
      this.y += headerHeight + 10;
    };
    // The header never stands alone at the foot of a page.
    this.ensureRoom(headerHeight + 10 + (rows[0] ? heightOfRow(rows[0], false) + 10 : 0));
    writeHeader();
    for (const row of rows) {
      const height = heightOfRow(row, false);
      if (this.ensureRoom(height + 10)) writeHeader();
      row.forEach((text, i) => {
        const box = boxOf(i);
        this.cell(text, box.x, this.y, box.width, { size, align: box.align });
      });
      this.y += height + 4;
      this.rule(this.y);
      this.y += 6;
    }
  }

  /** Writes the footers, if any, and ends the document: answers it, to pipe to the answer. */
  finish(): PDFKit.PDFDocument {
    if (this.footer) {
      const { start, count } = this.doc.bufferedPageRange();
      for (let index = start; index < start + count; index += 1) {
        this.doc.switchToPage(index);
        // Below the bottom margin: without this pdfkit would start a page for the footer.
        this.doc.page.margins.bottom = 0;
        this.cell(
          this.footer(index - start + 1, count),
          0,
          this.doc.page.height - this.margin / 2 - 8,
          this.width,
          { size: 7.5, color: '#666666', align: 'end' },
        );
      }
    }
    this.doc.end();
    return this.doc;
  }
}
