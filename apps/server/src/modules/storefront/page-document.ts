/**
 * Puts a rendered page into the built index.html: its head, the stylesheets and chunks of its
 * routes (from the client build's manifest), the markup in #root and the query cache.
 */
type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
/** index.html's generic description: the page head brings its own. */
const DESCRIPTION = /<meta name="description"[^>]*>\s*/;

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
  if (!indexHtml.includes(ROOT) || !TITLE.test(indexHtml) || !indexHtml.includes('</head>')) {
    throw new Error(`The storefront's index.html lacks ${ROOT}, <title> or </head>`);
  }
  // index.html already loads the entry and its imports; a route adds only what is its own.
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = reachable(manifest, entryKeys);
  const linksByModules = new Map<string, string>();

  function linksFor(modules: string[]): string {
    const cacheKey = modules.join('\n');
    const known = linksByModules.get(cacheKey);
    if (known !== undefined) return known;
    const missing = modules.filter((module) => !manifest[module]);
    if (missing.length > 0) throw new Error(`The client manifest has no chunk for ${missing.join(', ')}`);
    const chunks = [...reachable(manifest, modules)].filter((key) => !loaded.has(key));
    const styles = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))];
    const links = [
      ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`),
    ].join('');
    linksByModules.set(cacheKey, links);
    return links;
  }

  return {
    build({ head, html, state, modules }) {
      const [beforeRoot = '', afterRoot = ''] = indexHtml.split(ROOT);
      const withHead = beforeRoot
        .replace(DESCRIPTION, '')
        .replace(TITLE, () => head)
        .replace('</head>', () => `${linksFor(modules)}</head>`);
      return (
        `${withHead}<div id="root">${html}</div>` +
        `<script type="application/json" id="${stateElementId}">${state}</script>${afterRoot}`
      );
    },
  };
}
