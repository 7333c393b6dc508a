/**
 * The Tunisian tax registration number (matricule fiscal, reference/tunisia-money.md):
 * 7 digits, a control letter (any but I, O and U), the VAT code (A, P, B, D, N), the category
 * (M, P, C, N, E) and a 3-digit establishment number — `000` for the main establishment, any
 * other number only with category E. Written `1234567A/A/M/000`, also with a slash after the
 * digits (`1234567/A/A/M/000`), with spaces or dashes, or without separators
 * (`1234567AAM000`). Only the format can be checked: the control letter's algorithm is not
 * public. Zod-free, so the web uses it without loading zod.
 */
const pattern = /^(\d{7})([A-HJ-NP-TV-Z])([APBDN])([MPCNE])(\d{3})$/;

/** The number in its usual form, `1234567A/A/M/000`; null when it is not one. */
export function normalizeMatriculeFiscal(value: string): string | null {
  const compact = value.toUpperCase().replace(/[\s/.-]+/g, '');
  const match = pattern.exec(compact);
  if (!match) return null;
  const [, digits, control, vatCode, category, establishment] = match;
  if (establishment !== '000' && category !== 'E') return null;
  return `${digits}${control}/${vatCode}/${category}/${establishment}`;
}

export function isMatriculeFiscal(value: string): boolean {
  return normalizeMatriculeFiscal(value) !== null;
}
