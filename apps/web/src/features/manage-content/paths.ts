/** Where the advertiser reviews and pays the videos (spec §2). */
export const MANAGE_CONTENT_PATH = '/manage-content';
