/**
 * After a popup closes, the focus goes back to what opened it, unless the user has already put
 * it somewhere else (a click on another field). For popups loaded on their first opening, which
 * mount already open: Mantine's own `returnFocus` only records the opener on a later opening.
 */
export function returnFocusIfLost(opener: HTMLElement | null, popup: HTMLElement | null) {
  window.setTimeout(() => {
    const active = document.activeElement;
    // Still in the closing popup (it fades out), or on nothing once the popup has gone.
    const lost = !active || active === document.body || Boolean(popup?.contains(active));
    if (opener?.isConnected && lost) opener.focus();
  }, 0);
}
