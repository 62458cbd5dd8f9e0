// zod compiles object parsers with `new Function` unless told not to, and even its probe for that
// is reported as a violation of the shop's CSP (script-src 'self', no 'unsafe-eval'): Lighthouse's
// best-practices audit and the browser's console both flag it. The browser parses few answers, so
// the interpreted parser costs nothing noticeable. It must be set before any schema is built: this
// module sits in the entry's graph, ahead of every lazily loaded schema.
//
// zod keeps its configuration on globalThis (`config()` writes there, shared by every copy of zod).
// Setting it directly keeps zod's core, 5 KB gzipped, out of the entry chunk.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
