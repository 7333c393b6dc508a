/** Where the advertiser's content requests live (spec §2). */
export const REQUESTS_PATH = '/request-content';
