import { z } from 'zod';
import { normalizeAgeBand } from './age-bands.js';

export const roles = ['TALENT', 'BRAND', 'AGENCY', 'ADMIN'] as const;
// PURE: the web imports the constants of this file without pulling zod into its first download.
export const roleSchema = /* @__PURE__ */ z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Roles a person can sign up with (ADMIN accounts are created by the team). */
export const signUpRoles = ['TALENT', 'BRAND', 'AGENCY'] as const;
export const advertiserRoles = ['BRAND', 'AGENCY'] as const;
export const isAdvertiserRole = (role: string): role is 'BRAND' | 'AGENCY' =>
  role === 'BRAND' || role === 'AGENCY';

export const languages = ['en', 'fr', 'tn'] as const;
export const languageSchema = /* @__PURE__ */ z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const genders = ['F', 'M'] as const;
/** Wire values of age bands; the spec shows "45+" in forms and "45plus" in lists: both accepted. */
export const ageIntervals = ['18-25', '25-35', '35-45', '45+'] as const;
export type AgeInterval = (typeof ageIntervals)[number];

/** "45plus" read as "45+" (age-bands.ts, a module without zod for the web). */
export { normalizeAgeBand };

/** A stored or sent band as a known band ("45plus" read as "45+"); null for anything else. */
export function toAgeInterval(value: string | null | undefined): AgeInterval | null {
  if (typeof value !== 'string') return null;
  const band = normalizeAgeBand(value);
  return ageIntervals.find((known) => known === band) ?? null;
}
export const platforms = ['instagram', 'tiktok'] as const;
export const yesNo = ['Y', 'N'] as const;
export const notificationPreferences = ['allways', 'daily'] as const;
export const paymentMethods = ['bank', 'd17'] as const;

/** Creator size bands by followers (spec §9). */
export const sizeBands = [
  { value: 'nano', min: 0, max: 9_999 },
  { value: 'micro', min: 10_000, max: 99_999 },
  { value: 'mid-tier', min: 100_000, max: 299_999 },
  { value: 'macro', min: 300_000, max: 499_999 },
  { value: 'mega', min: 500_000, max: null },
] as const;
export type SizeBand = (typeof sizeBands)[number]['value'];

export function sizeBandOf(followers: number): SizeBand {
  const band = sizeBands.find((b) => followers >= b.min && (b.max === null || followers <= b.max));
  return band?.value ?? 'nano';
}

export const notificationRoles = ['advertiser', 'talent', 'admin'] as const;
export type NotificationRole = (typeof notificationRoles)[number];
