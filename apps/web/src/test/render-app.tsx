import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { appRoutes } from '../app/routes.tsx';
import type { createFakeApi } from './fake-api.ts';

/** Renders the whole app (route table and providers) at `path`, with the given fake server behind fetch. */
export function renderApp(path: string, server: ReturnType<typeof createFakeApi>) {
  vi.stubGlobal('fetch', server.fetch);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  // No retries, so a failing call shows its error at once.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
