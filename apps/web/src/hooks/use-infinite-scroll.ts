import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Endless list defaults (docs/product.md#reviews): load more at 80 % of the scroll area, at most every 150 ms. */
export const INFINITE_SCROLL_THRESHOLD = 0.8;
export const INFINITE_SCROLL_THROTTLE_MS = 150;

interface InfiniteScrollOptions {
  isEnabled: boolean;
  onLoadMore: () => void;
  /** Changes when more items arrived: the observer starts over, so a sentinel still in view loads again. */
  itemCount: number;
  throttleMs?: number;
}

/**
 * Calls onLoadMore when a sentinel placed at the threshold of a scroll area comes into view.
 * Attach `rootRef` to the scrolling element and `sentinelRef` to the sentinel; place the sentinel
 * with `sentinelStyle` inside a positioned wrapper of the items.
 */
export function useInfiniteScroll({
  isEnabled,
  onLoadMore,
  itemCount,
  throttleMs = INFINITE_SCROLL_THROTTLE_MS,
}: InfiniteScrollOptions) {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useLayoutEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });
  const lastCallRef = useRef(0);

  useEffect(() => {
    if (!isEnabled || !root || !sentinel || typeof IntersectionObserver === 'undefined') return;
    let isVisible = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fire = () => {
      const wait = lastCallRef.current + throttleMs - Date.now();
      if (wait > 0) {
        clearTimeout(timer);
        timer = setTimeout(() => isVisible && fire(), wait);
        return;
      }
      lastCallRef.current = Date.now();
      onLoadMoreRef.current();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        isVisible = entries.some((entry) => entry.isIntersecting);
        if (isVisible) fire();
      },
      { root },
    );
    observer.observe(sentinel);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [isEnabled, root, sentinel, itemCount, throttleMs]);

  return { rootRef: setRoot, sentinelRef: setSentinel };
}

/** Where the sentinel sits: at the threshold of the items' height. */
export const sentinelStyle = {
  position: 'absolute',
  left: 0,
  top: `${INFINITE_SCROLL_THRESHOLD * 100}%`,
  width: '1px',
  height: '1px',
  pointerEvents: 'none',
} as const;
