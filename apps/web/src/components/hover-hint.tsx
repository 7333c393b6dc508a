import { type ReactNode, useState } from 'react';
import './hover-hint.css';

export interface HoverHintProps {
  /** The same text as the wrapped control's accessible name (the hint itself is not read). */
  label: string;
  children: ReactNode;
}

/**
 * A short label under an icon button, shown on hover and on keyboard focus, as a tooltip.
 * Plain CSS (hover-hint.css) rather than Mantine's Tooltip, whose positioning library is the
 * heaviest part of the search page's first load (issue 8). Escape hides it until the pointer
 * or the focus leaves (WCAG 1.4.13).
 */
export function HoverHint({ label, children }: HoverHintProps) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <span
      className="hover-hint"
      data-dismissed={dismissed || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setDismissed(true);
      }}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      {children}
      <span className="hover-hint-label" aria-hidden>
        {label}
      </span>
    </span>
  );
}
