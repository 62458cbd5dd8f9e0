// Server-rendered pages load the app's modules only once their HTML has painted (decision 032):
// on a slow link the page's text, styles and pictures get the bandwidth first, and the scripts
// that make it interactive follow. The page works as links and forms until they run.
const loader = document.currentScript;

function startApp() {
  const preloads = (loader.dataset.preload ?? '')
    .split(' ')
    .filter(Boolean)
    .map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }));
  const entry = Object.assign(document.createElement('script'), {
    type: 'module',
    crossOrigin: '',
    src: loader.dataset.entry,
  });
  document.head.append(entry);
  // Inserting a module preload costs the main thread a few milliseconds (tens on a slow phone):
  // one task each keeps the page responsive while they start.
  for (const link of preloads) setTimeout(() => document.head.append(link), 0);
}

// A frame callback runs before that frame paints; the timeout after it runs once it has. A page
// opened in the background paints no frame, so it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
