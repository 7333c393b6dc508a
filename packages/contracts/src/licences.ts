/**
 * Usage licences (issue 27 §1): what a request or an opportunity buys the right to do with a
 * video — channels, duration, territory, exclusivity in the category — each a priced add-on over
 * the creator's base price, frozen into the line when it is created. The zod schemas of the
 * routes sit beside these enums.
 */

/** Organic posts on the advertiser's accounts are always included; the others are add-ons. */
export const licenceChannels = ['organic', 'paid_ads', 'spark_ads'] as const;
export type LicenceChannel = (typeof licenceChannels)[number];

/** 30 days is included; the others are add-ons. */
export const licenceDurations = ['30_days', '90_days', '1_year', 'perpetual'] as const;
export type LicenceDuration = (typeof licenceDurations)[number];

/** Tunisia is included; the others are add-ons. */
export const licenceTerritories = ['tunisia', 'mena', 'worldwide'] as const;
export type LicenceTerritory = (typeof licenceTerritories)[number];

/** Days of exclusivity in the advertiser's category after the licence starts; 0 for none. */
export const licenceExclusivityDays = [0, 30, 90, 180] as const;
export type LicenceExclusivityDays = (typeof licenceExclusivityDays)[number];

/** What a request or an opportunity asks for, as stored on its draft. */
export interface LicenceTerms {
  channels: LicenceChannel[];
  duration: LicenceDuration;
  territory: LicenceTerritory;
  exclusivity_days: LicenceExclusivityDays;
}

/** The licence every request and opportunity had before licences were priced. */
export const defaultLicenceTerms: LicenceTerms = {
  channels: ['organic'],
  duration: '30_days',
  territory: 'tunisia',
  exclusivity_days: 0,
};

/**
 * The add-ons a creator prices (in basis points of their base price, 2500 = +25 %); a creator's
 * own rate replaces the suggested one of the business settings (`licence_<option>_basis_points`).
 */
export const licenceAddOns = [
  'paid_ads',
  'spark_ads',
  '90_days',
  '1_year',
  'perpetual',
  'mena',
  'worldwide',
  'exclusivity_30_days',
  'exclusivity_90_days',
  'exclusivity_180_days',
] as const;
export type LicenceAddOn = (typeof licenceAddOns)[number];
export type LicenceRates = Partial<Record<LicenceAddOn, number>>;
