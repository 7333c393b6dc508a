/** What a page throws for an id that is not the user's (or does not exist). */
export class RouteNotFoundError extends Error {
  constructor() {
    super('Not Found');
    this.name = 'RouteNotFoundError';
  }
}

/**
 * What a page throws while rendering for an id that is not the user's (or does not exist):
 * the route's error boundary (app/route-error.tsx) shows it as the not-found page — the same
 * page as for an unknown path.
 */
export function routeNotFound() {
  return new RouteNotFoundError();
}
