/** The team's opportunities (`/admin/opportunities`) and one of them. */
export const ADMIN_OPPORTUNITIES_PATH = '/admin/opportunities';
export const adminOpportunityPath = (id: number) => `${ADMIN_OPPORTUNITIES_PATH}/${id}`;
