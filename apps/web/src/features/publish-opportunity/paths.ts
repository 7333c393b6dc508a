/** Where the advertiser's opportunities live (spec §2 "Manage Opportunities"). */
export const OPPORTUNITIES_PATH = '/publish-opportunity';

export const opportunityPath = (id: number) => `${OPPORTUNITIES_PATH}/${id}`;
