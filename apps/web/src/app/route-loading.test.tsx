import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InitialRouteLoading, LOADING_INDICATOR_DELAY_MS, NavigationProgress } from './route-loading.tsx';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('loading indicators', () => {
  it('keeps the first screen blank for a moment, then shows a spinner', async () => {
    render(<InitialRouteLoading />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading Atempo' })).toBeInTheDocument();
  });

  it('shows a progress bar only while a slow page download keeps the current page on screen', async () => {
    let arrive: () => void = () => undefined;
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <NavigationProgress />
              <Outlet />
            </>
          ),
          children: [
            { path: '/', element: <h1>Here</h1> },
            {
              path: 'slow',
              lazy: () =>
                new Promise((resolve) => {
                  arrive = () => resolve({ element: <h1>There</h1> });
                }),
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Here' });

    act(() => void router.navigate('/slow'));
    await wait(LOADING_INDICATOR_DELAY_MS / 3);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Here' })).toBeInTheDocument();

    act(() => arrive());
    await screen.findByRole('heading', { name: 'There' });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
