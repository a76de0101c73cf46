import type { Plugin, Rollup } from 'vite';

/** Where visitors arrive from outside (bookmarks, emails): the public pages, by their module. */
const ARRIVAL_ROUTES: Record<string, string> = {
  '/login': '/src/features/auth/components/login-page.tsx',
  '/register': '/src/features/auth/components/register-page.tsx',
  '/forgot-password': '/src/features/auth/components/forgot-password-page.tsx',
  '/reset-password': '/src/features/auth/components/reset-password-page.tsx',
};

export const ROUTE_PRELOADS_ID = 'route-preloads';

type Chunk = Rollup.OutputChunk;

/**
 * Pages are lazy chunks the router fetches only after the app's code has run: a second round trip
 * before the first screen. This writes, into index.html, which chunks each arrival page needs
 * (as JSON: the CSP allows no inline script); public/route-preload.js reads it and preloads the
 * current page's chunks while React still downloads.
 */
export function routePreload(): Plugin {
  return {
    name: 'atempo:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (file): file is Chunk => file.type === 'chunk',
        );
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: Chunk, into = new Set<string>()) => {
          if (into.has(start.fileName)) return into;
          into.add(start.fileName);
          for (const name of start.imports) {
            const imported = byName.get(name);
            if (imported) closure(imported, into);
          }
          return into;
        };
        // What the HTML already loads needs no second mention.
        const loaded = new Set<string>();
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) closure(entry, loaded);
        const preloads: Record<string, string[]> = {};
        for (const [path, module] of Object.entries(ARRIVAL_ROUTES)) {
          const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
          if (!page) continue;
          preloads[path] = [...closure(page)].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: ROUTE_PRELOADS_ID },
            children: JSON.stringify(preloads).replaceAll('<', '\\u003c'),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
