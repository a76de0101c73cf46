import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; Playwright specs (apps/web/e2e) run separately. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web-bundle',
          include: ['apps/web/bundle/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 180_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // jsdom renders are CPU-bound: on 2 busy cores the 5 s default times out healthy tests.
          testTimeout: 20_000,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
