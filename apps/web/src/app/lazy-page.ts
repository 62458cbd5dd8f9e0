import type { ComponentType } from 'react';
import { LAZY_CHUNK_TIMEOUT_MS } from '@shopper/contract/plain';

/**
 * A route's code chunk, loaded on first visit (route-level code splitting). docs/product.md#constants gives lazy
 * chunks 120 s; a chunk that never arrives becomes an error for the route's error boundary.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Loading the page took too long.')), LAZY_CHUNK_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: pick(module) };
    } finally {
      clearTimeout(timer);
    }
  };
}
