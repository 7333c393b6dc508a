/** Spec §2: the advertiser's campaigns and one campaign. */
export const CAMPAIGNS_PATH = '/campaign';
export const campaignPath = (id: number) => `${CAMPAIGNS_PATH}/${id}`;

/** A route's id parameter, or null when it is not a positive whole number. */
export const parseId = (value: string | undefined) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
