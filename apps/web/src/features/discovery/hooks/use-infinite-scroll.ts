import { useEffect, useRef } from 'react';

/**
 * Calls `onLoadMore` when the returned element comes near the viewport (keyset pages, no
 * page numbers). Nothing happens while a page is loading or when there is none left.
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
  const ref = useRef<T>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });
  useEffect(() => {
    const element = ref.current;
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
  }, [hasMore, isLoading]);
  return ref;
}
