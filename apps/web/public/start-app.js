// Server-rendered pages load the app's modules only once their HTML has painted (decision 032):
// on a slow link the page's text, styles and pictures get the bandwidth first, and the scripts
// that make it interactive follow. The page works as links and forms until they run.
const loader = document.currentScript;

function startApp() {
  for (const href of (loader.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = loader.dataset.entry;
  document.head.append(entry);
}

// A frame callback runs before that frame paints; the timeout after it runs once it has. A page
// opened in the background paints no frame, so it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
