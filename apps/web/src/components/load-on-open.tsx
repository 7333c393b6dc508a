import { Suspense, useState, type ReactNode } from 'react';

export interface LoadOnOpenProps {
  /**
   * The popup's button before its chunk is there: `open` asks for the popup, `loading` is true
   * while its chunk downloads (the button then says it is busy).
   */
  button: (open: () => void, loading: boolean) => ReactNode;
  /** The lazily loaded popup, with its own button, which mounts open (`useOpenedOnMount`). */
  popup: ReactNode;
}

/**
 * A popup whose code loads on its first opening (issue 8's first-load budget): until then only
 * its button is in the page.
 */
export function LoadOnOpen({ button, popup }: LoadOnOpenProps) {
  const [wanted, setWanted] = useState(false);
  const open = () => setWanted(true);
  if (!wanted) return button(open, false);
  return <Suspense fallback={button(open, true)}>{popup}</Suspense>;
}
