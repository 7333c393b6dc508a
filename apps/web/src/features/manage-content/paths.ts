/** Where the advertiser reviews and pays the videos (spec §2). */
export const MANAGE_CONTENT_PATH = '/manage-content';

/** An opportunity's applications (spec §2), where its lines' videos are followed from. */
export const opportunityApplicationsPath = (opportunityId: number) =>
  `/publish-opportunity/${opportunityId}/applications`;
