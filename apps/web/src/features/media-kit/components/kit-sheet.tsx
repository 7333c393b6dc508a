import type { MediaKitTheme } from '@clipmarket/contracts/media-kit';
import type { CSSProperties, ReactNode } from 'react';
import { themeColors } from '../kit-theme';
import './media-kit.css';

/** The kit's pages in its theme colour (the public page and the builder's preview alike). */
export function KitSheet({ theme, children }: { theme: MediaKitTheme; children: ReactNode }) {
  return (
    <div
      className="kit"
      data-theme={theme}
      style={{ '--kit-accent': themeColors[theme] } as CSSProperties}
    >
      {children}
    </div>
  );
}
