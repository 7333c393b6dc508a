/**
 * Feature flags of this build (spec §2: chat false, shortlist true, campaign false,
 * feedback false, contact true). Each can be switched with `VITE_FEATURE_<NAME>=true|false`.
 */
export interface FeatureFlags {
  chat: boolean;
  shortlist: boolean;
  campaign: boolean;
  feedback: boolean;
  contact: boolean;
}

export const defaultFeatureFlags: Readonly<FeatureFlags> = {
  chat: false,
  shortlist: true,
  campaign: false,
  feedback: false,
  contact: true,
};

/** "true"/"1" and "false"/"0" switch a flag; anything else keeps the default. */
export function parseFlag(value: string | undefined, fallback: boolean): boolean {
  const normalized = value?.trim().toLowerCase();
  if (normalized === 'true' || normalized === '1') return true;
  if (normalized === 'false' || normalized === '0') return false;
  return fallback;
}

export const featureFlags: Readonly<FeatureFlags> = {
  chat: parseFlag(import.meta.env.VITE_FEATURE_CHAT, defaultFeatureFlags.chat),
  shortlist: parseFlag(import.meta.env.VITE_FEATURE_SHORTLIST, defaultFeatureFlags.shortlist),
  campaign: parseFlag(import.meta.env.VITE_FEATURE_CAMPAIGN, defaultFeatureFlags.campaign),
  feedback: parseFlag(import.meta.env.VITE_FEATURE_FEEDBACK, defaultFeatureFlags.feedback),
  contact: parseFlag(import.meta.env.VITE_FEATURE_CONTACT, defaultFeatureFlags.contact),
};
