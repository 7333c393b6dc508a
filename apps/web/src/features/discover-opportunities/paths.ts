/** The creator's opportunity pages (spec §2 routes). */
export const DISCOVER_PATH = '/discover-opportunities';
export const TRACK_PATH = '/track-opportunities';

export const detailsPathOf = (id: number) => `${DISCOVER_PATH}/${id}/details`;
export const learnMorePathOf = (id: number) => `${DISCOVER_PATH}/${id}/learn-more`;
export const applicationPathOf = (id: number) => `${TRACK_PATH}/${id}`;
/** The creator's page of one delivery line (film, upload, publish): issue 10's line page. */
export const deliveryPathOf = (lineId: number) => `/track-content/${lineId}`;
