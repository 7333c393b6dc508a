/**
 * A lazy page that failed to load stays failed inside the router (the rejected import is
 * cached per route), and after a deployment its chunk may no longer exist: only a full
 * reload fetches the current build. An object so tests can observe the call.
 */
export const pageReloader = {
  reload(): void {
    window.location.reload();
  },
};
