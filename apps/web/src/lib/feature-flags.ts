import { featureFlagSwitches } from './config';

/**
 * Feature flags of this build (spec §2: chat false, shortlist true, campaign false,
 * feedback false, contact true; campaigns are on since issue 24 built them). Each can be
 * switched with `VITE_FEATURE_<NAME>=true|false`.
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
  campaign: true,
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
  chat: parseFlag(featureFlagSwitches.chat, defaultFeatureFlags.chat),
  shortlist: parseFlag(featureFlagSwitches.shortlist, defaultFeatureFlags.shortlist),
  campaign: parseFlag(featureFlagSwitches.campaign, defaultFeatureFlags.campaign),
  feedback: parseFlag(featureFlagSwitches.feedback, defaultFeatureFlags.feedback),
  contact: parseFlag(featureFlagSwitches.contact, defaultFeatureFlags.contact),
};
