// Runs before the app: preloads the chunks of the page being opened, listed in index.html by the
// build (vite-route-preload.ts), so they download alongside React instead of after it. A static
// file (public/), loaded with `async`: Vite would otherwise fold it into the app's own entry,
// which runs only once React has arrived. In development there is no list and it does nothing.
const list = document.getElementById('route-preloads')?.textContent;
if (list) {
  const files = JSON.parse(list)[window.location.pathname] ?? [];
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
