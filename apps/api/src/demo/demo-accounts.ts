/**
 * The demo accounts created on first start (SEED_DEMO_DATA=true). README and end-to-end tests
 * read this list, so it is the single place their e-mails and password are written.
 */

/** Meets the spec's password rule: 6–15 characters with an upper-case, a lower-case and a digit. */
export const DEMO_PASSWORD = 'Demo1234';

/** Domain of the ~200 generated creators, so they can be told apart from real accounts. */
export const DEMO_CREATOR_EMAIL_DOMAIN = 'demo.clipmarket.tn';

export type DemoAccountRole = 'ADMIN' | 'BRAND' | 'AGENCY' | 'TALENT';

export interface DemoAccount {
  email: string;
  password: string;
  role: DemoAccountRole;
  /** What signing in with this account lets you see. */
  shows: string;
}

export const DEMO_ACCOUNTS = [
  {
    email: 'admin@clipmarket.tn',
    password: DEMO_PASSWORD,
    role: 'ADMIN',
    shows: 'Product-team account with the ADMIN role.',
  },
  {
    email: 'brand@clipmarket.tn',
    password: DEMO_PASSWORD,
    role: 'BRAND',
    shows:
      'Brand "Délice Tunisie" with a complete profile and legal info, a free trial of 100 searches, ' +
      'creator discovery and a notification list of several types.',
  },
  {
    email: 'agency@clipmarket.tn',
    password: DEMO_PASSWORD,
    role: 'AGENCY',
    shows: 'Agency "Medina Media Agency" with a complete profile and a free trial.',
  },
  {
    email: 'creator@clipmarket.tn',
    password: DEMO_PASSWORD,
    role: 'TALENT',
    shows:
      'Validated creator with a complete profile (financial info included), Instagram and TikTok ' +
      'stats, categories and notifications of several types.',
  },
  {
    email: 'newcreator@clipmarket.tn',
    password: DEMO_PASSWORD,
    role: 'TALENT',
    shows: 'New creator with an incomplete profile: shows the "Please fill in your info!" banner.',
  },
] as const satisfies readonly DemoAccount[];

export type DemoAccountEmail = (typeof DEMO_ACCOUNTS)[number]['email'];

/** Number of generated creators (creator001…creator200@demo.clipmarket.tn). */
export const DEMO_CREATOR_COUNT = 200;

export function demoCreatorEmail(index: number): string {
  return `creator${String(index).padStart(3, '0')}@${DEMO_CREATOR_EMAIL_DOMAIN}`;
}
