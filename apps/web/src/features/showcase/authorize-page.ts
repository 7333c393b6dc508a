/**
 * Leaves the app for the platform's consent page (Instagram's or TikTok's, or the built-in
 * sandbox's). A function of its own so that tests can see where the browser would go.
 */
export function goToAuthorizePage(authorizeUrl: string): void {
  window.location.assign(authorizeUrl);
}
