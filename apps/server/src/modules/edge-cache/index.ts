export { type CachePurger, createCachePurger } from './cache-purger.ts';
export { createPurgeSender, type PurgeSender } from './purge-targets.ts';
export { pathsOfKey } from './purge-paths.ts';
