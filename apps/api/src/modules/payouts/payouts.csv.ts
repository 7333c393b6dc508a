/**
 * The files of a payout batch (issue 11 §6): one the bank imports (RIB transfers) and one
 * listing the D17 transfers apart. RFC 4180 CSV (comma, CRLF, quotes doubled). Names come from
 * creators: a cell starting with = + - @ (or a tab or carriage return) is prefixed with a quote
 * so a spreadsheet never runs it as a formula (CSV injection, OWASP).
 */

export interface PayoutCsvLine {
  payoutId: number;
  name: string;
  accountNumber: string;
  email: string;
  amount: number;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Millimes as TND with 3 decimals and a dot (`1234.500`), computed on integers. */
export function toTnd(millimes: number): string {
  const whole = Math.trunc(millimes / 1000);
  return `${whole}.${String(millimes % 1000).padStart(3, '0')}`;
}

/** The transfer's label: the bank statement shows it, the payout id finds the payout again. */
export const transferLabel = (payoutId: number) => `Clipmarket payout ${payoutId}`;

const toCsv = (rows: string[][]) =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

export function bankCsv(lines: readonly PayoutCsvLine[]): string {
  return toCsv([
    ['beneficiary_name', 'rib', 'amount_tnd', 'label'],
    ...lines.map((l) => [l.name, l.accountNumber, toTnd(l.amount), transferLabel(l.payoutId)]),
  ]);
}

export function d17Csv(lines: readonly PayoutCsvLine[]): string {
  return toCsv([
    ['beneficiary_name', 'd17_number', 'email', 'amount_tnd', 'label'],
    ...lines.map((l) => [
      l.name,
      l.accountNumber,
      l.email,
      toTnd(l.amount),
      transferLabel(l.payoutId),
    ]),
  ]);
}
