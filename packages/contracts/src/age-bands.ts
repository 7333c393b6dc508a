/**
 * The one reading of the legacy spelling: "45plus" (spec §3 lists, old rows) is the form's
 * "45+". Also for a band tied to a gender ("F:45plus" → "F:45+"); other values are unchanged.
 *
 * A module without zod (enums.ts re-exports it): the web's discovery screens use it, and
 * importing enums.ts would bring zod into their first download (ADR 016).
 */
export function normalizeAgeBand(value: string): string {
  return value.replace(/45plus$/, '45+');
}
