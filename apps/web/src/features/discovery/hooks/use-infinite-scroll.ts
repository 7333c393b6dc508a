import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onLoadMore` when the element given the returned ref comes near the viewport (keyset
 * pages, no page numbers). Nothing happens while a page is loading or when there is none left.
 * A callback ref: the element may appear after the page's answer (the results' lazy grid).
 */
export function useInfiniteScroll<T extends Element>({
  hasMore,
  isLoading,
  onLoadMore,
}: {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
}) {
  const [element, setElement] = useState<T | null>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });
  useEffect(() => {
    if (!element || !hasMore || isLoading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      // Start loading before the end is reached, so scrolling rarely waits.
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, hasMore, isLoading]);
  return setElement;
}
