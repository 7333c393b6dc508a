/** Where the advertiser's opportunities live (spec §2 `/publish-opportunity`). */
export const OPPORTUNITIES_PATH = '/publish-opportunity';

/** The wallet's page, where an advertiser tops up (features/wallet's `WALLET_PATH`). */
export const WALLET_PATH = '/track-payments/my-wallet';

export const applicationsPath = (opportunityId: number) =>
  `${OPPORTUNITIES_PATH}/${opportunityId}/applications`;

export const interestsPath = (opportunityId: number) =>
  `${OPPORTUNITIES_PATH}/${opportunityId}/interests`;

/** A delivery line's page: an accepted application's video, or a creator's sample. */
export const linePath = (lineId: number) => `/manage-content/${lineId}`;

/** The creator's public details (spec §2 `/creator/{influencer_id}`). */
export const creatorPath = (influencerId: number) => `/creator/${influencerId}`;

/** A route's id parameter, or null when it is not a positive whole number. */
export const parseId = (value: string | undefined) =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
