import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreload } from './vite-route-preload.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreload()],
  server: { port: 5173 },
  build: {
    outDir: 'dist',
    // Source maps are not published: the server refuses *.map as well.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and the router change far less often than the app and every page needs them: one
        // chunk that stays cached across releases. Other libraries split with the pages that use
        // them (a catch-all vendor chunk would put every page's libraries into the first load).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
