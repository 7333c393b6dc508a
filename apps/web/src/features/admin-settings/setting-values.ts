import type { BusinessSettingUnit } from '@clipmarket/contracts/business-settings';

/**
 * A setting's integer value as an admin types it: millimes as dinars with 3 decimals (24.800),
 * basis points as a percent with 2 (19.5), the rest as whole numbers. Parsed from the text,
 * never through floating point, so 0.1 + 0.2 cannot become 300.00000000000006 millimes.
 */
const decimalsOf: Partial<Record<BusinessSettingUnit, number>> = { millimes: 3, basis_points: 2 };

export function toInputText(unit: BusinessSettingUnit, value: number): string {
  const decimals = decimalsOf[unit];
  if (!decimals) return String(value);
  const scale = 10 ** decimals;
  const whole = Math.trunc(value / scale);
  const fraction = String(value % scale).padStart(decimals, '0');
  return `${whole}.${fraction}`;
}

/** The integer value of what was typed (a comma works as the point), or null when unreadable. */
export function fromInputText(unit: BusinessSettingUnit, text: string): number | null {
  const decimals = decimalsOf[unit] ?? 0;
  const normalized = text.trim().replace(',', '.');
  const pattern =
    decimals > 0 ? new RegExp(`^(\\d{1,9})(?:\\.(\\d{0,${decimals}}))?$`) : /^(\d{1,9})$/;
  const match = pattern.exec(normalized);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(decimals, '0') || '0');
  return whole * 10 ** decimals + fraction;
}
