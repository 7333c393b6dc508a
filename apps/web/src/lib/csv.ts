import { decimalText, plainDinars } from '@clipmarket/contracts/decimal-text';
import { saveFile } from './download-file';

/**
 * CSV exports of the tables a page already holds (issue 24 §4), built in the browser: RFC 4180
 * (commas, CRLF line ends, quoted fields where needed), behind the UTF-8 byte-order mark that
 * Excel needs to read Arabic, with figures a spreadsheet can compute with.
 */

/** A number we wrote as a decimal ourselves (`12.500` dinars, `4.12` %): kept as a number. */
export interface CsvDecimal {
  readonly decimal: string;
}

/** A cell: text, a number, a decimal, or nothing (an unknown figure). */
export type CsvCell = string | number | CsvDecimal | null | undefined;
export type CsvRows = readonly (readonly CsvCell[])[];

/** Millimes as dinars with three decimals and a dot (`12.500`); empty when unknown. */
export const csvDinars = (millimes: number | null | undefined): CsvCell =>
  millimes === null || millimes === undefined ? null : { decimal: plainDinars(millimes) };

/** Basis points as a percent number with two decimals (412 → `4.12`); empty when unknown. */
export const csvPercent = (basisPoints: number | null | undefined): CsvCell =>
  basisPoints === null || basisPoints === undefined
    ? null
    : { decimal: decimalText(basisPoints, 2) };

const plainNumber = /^-?\d+(?:\.\d+)?$/;
/**
 * A spreadsheet runs a cell starting with these as a formula (CSV injection, OWASP): such a
 * text gets a leading apostrophe, which shows it as the text it is.
 */
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

function fieldOf(cell: CsvCell): string {
  let text: string;
  if (cell === null || cell === undefined) text = '';
  else if (typeof cell === 'number') text = Number.isFinite(cell) ? String(cell) : '';
  else if (typeof cell === 'object' && plainNumber.test(cell.decimal)) text = cell.decimal;
  else {
    const value = typeof cell === 'object' ? cell.decimal : cell;
    text = formulaStart.test(value) ? `'${value}` : value;
  }
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of these rows (the first is the header), byte-order mark first. */
export function toCsv(rows: CsvRows): string {
  return `\uFEFF${rows.map((row) => row.map(fieldOf).join(',')).join('\r\n')}\r\n`;
}

/** Saves these rows as `filename` (a CSV file in UTF-8). */
export function downloadCsv(filename: string, rows: CsvRows) {
  saveFile(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
