/**
 * Session key under which a checkout stores where to come back after the legal info (spec §4):
 * once the legal-infos save completes the profile, the account settings go to `<path>/payment`.
 * Here rather than in the settings modal so a checkout does not download the modal to set it.
 */
export const REDIRECT_PATH_KEY = 'redirectPath';
