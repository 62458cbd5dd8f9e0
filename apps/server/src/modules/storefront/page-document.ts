/**
 * Puts a rendered page into the built index.html: its head, the stylesheets of its routes (from
 * the client build's manifest), the markup in #root, the query cache, and the loader that starts
 * the app's modules after the first paint (decision 032). The head starts with the inline script
 * that keeps a visitor's taps until the app can act on them (decision 039): it runs before anything
 * is painted, so no tap falls between the first paint and the app.
 */
import { EARLY_INPUT_SCRIPT } from '@shopper/contract';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
/** index.html's generic description: the page head brings its own. */
const DESCRIPTION = /<meta name="description"[^>]*>\s*/;
/** What Vite writes into index.html's head to start the app: the entry and its static imports. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/**
 * React puts the page's resource hints (the preloads of its first images) in front of its markup
 * when it renders into a container rather than a whole document. They belong in the head, found
 * before any markup; and #root must hold only the app's own elements, which the browser build
 * hydrates part by part (decisions 033, 039).
 */
const LEADING_HINTS = /^(?:<link\b[^>]*>)+/;
/** apps/web/public/start-app.js */
const START_APP = '/start-app.js';

export type PageDocument = {
  /** The whole HTML document of a rendered page. */
  build(parts: { head: string; html: string; state: string; modules: string[] }): string;
};

/** Every chunk key reachable from `keys` through static imports. */
function reachable(manifest: ViteManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

export function createPageDocument({
  indexHtml,
  manifest,
  stateElementId,
}: {
  indexHtml: string;
  manifest: ViteManifest;
  stateElementId: string;
}): PageDocument {
  const entryScript = ENTRY_SCRIPT.exec(indexHtml);
  if (
    !indexHtml.includes(ROOT) ||
    !TITLE.test(indexHtml) ||
    !indexHtml.includes('<head>') ||
    !indexHtml.includes('</head>') ||
    !entryScript
  ) {
    throw new Error(`The storefront's index.html lacks ${ROOT}, <title>, <head>, </head> or its entry script`);
  }
  const entryUrl = entryScript[1] ?? '';
  const entryImports = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  // The shell (pages rendered in the browser) keeps Vite's tags; a rendered page has its loader.
  const [beforeRoot = '', afterRoot = ''] = indexHtml.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').split(ROOT);
  // index.html already loads the entry and its imports; a route adds only what is its own.
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = reachable(manifest, entryKeys);
  const tagsByModules = new Map<string, { styles: string; loader: string }>();

  function tagsFor(modules: string[]): { styles: string; loader: string } {
    const cacheKey = modules.join('\n');
    const known = tagsByModules.get(cacheKey);
    if (known !== undefined) return known;
    const missing = modules.filter((module) => !manifest[module]);
    if (missing.length > 0) throw new Error(`The client manifest has no chunk for ${missing.join(', ')}`);
    const chunks = [...reachable(manifest, modules)].filter((key) => !loaded.has(key));
    const styles = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))];
    const preload = [...entryImports, ...chunks.map((key) => `/${manifest[key]?.file}`)].join(' ');
    const tags = {
      styles: styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join(''),
      loader: `<script src="${START_APP}" defer data-entry="${entryUrl}" data-preload="${preload}"></script>`,
    };
    tagsByModules.set(cacheKey, tags);
    return tags;
  }

  return {
    build({ head, html, state, modules }) {
      const { styles, loader } = tagsFor(modules);
      const hints = LEADING_HINTS.exec(html)?.[0] ?? '';
      const withHead = beforeRoot
        .replace('<head>', () => `<head><script>${EARLY_INPUT_SCRIPT}</script>`)
        .replace(DESCRIPTION, '')
        .replace(TITLE, () => head)
        .replace('</head>', () => `${hints}${styles}</head>`);
      return (
        `${withHead}<div id="root">${html.slice(hints.length)}</div>` +
        `<script type="application/json" id="${stateElementId}">${state}</script>${loader}${afterRoot}`
      );
    },
  };
}
