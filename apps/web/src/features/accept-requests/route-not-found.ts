/**
 * What a page throws while rendering for an id that is not the creator's (or does not exist):
 * a route error response of status 404, which the route's error element (app/route-error.tsx)
 * shows as the not-found page — the same page as for an unknown path.
 */
export function routeNotFound() {
  return { status: 404, statusText: 'Not Found', internal: false, data: null };
}
