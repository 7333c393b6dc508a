/**
 * Opens a signed download link (the HD original, served as an attachment: the page stays). A
 * function of its own so that tests can see where the browser would go.
 */
export function openDownload(url: string): void {
  window.location.assign(url);
}
