import { useRef, useState } from 'react';

/**
 * After a popup closes, the focus goes back to what opened it, unless the user has already put
 * it somewhere else (a click on another field).
 */
export function returnFocusIfLost(opener: HTMLElement | null, popup: HTMLElement | null) {
  window.setTimeout(() => {
    const active = document.activeElement;
    // Still in the closing popup (it fades out), or on nothing once the popup has gone.
    const lost = !active || active === document.body || Boolean(popup?.contains(active));
    if (opener?.isConnected && lost) opener.focus();
  }, 0);
}

/**
 * The state of a popup loaded on its first opening, which therefore mounts open: Mantine's own
 * `returnFocus` only records the opener on a later opening, so closing returns the focus here.
 * `target` goes on the opening button, `popup` on the dropdown; `change` is the popup's
 * `onChange`.
 */
export function useOpenedOnMount() {
  const [opened, setOpened] = useState(true);
  const target = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const change = (next: boolean) => {
    setOpened(next);
    if (!next) returnFocusIfLost(target.current, popup.current);
  };
  return { opened, change, target, popup };
}
