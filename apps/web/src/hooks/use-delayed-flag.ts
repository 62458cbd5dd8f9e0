import { useEffect, useState } from 'react';

/** True only once `flag` has stayed true for `delayMs` (docs/product.md#listing: loading shows after 300 ms). */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setIsShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setIsShown(false);
    };
  }, [flag, delayMs]);
  return flag && isShown;
}
