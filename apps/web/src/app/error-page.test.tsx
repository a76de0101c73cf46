import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './error-page.tsx';

function Broken(): never {
  throw new Error('The chart could not be drawn');
}

describe('router error page', () => {
  it("reads 'Unexpected Application Error!' with the error message", async () => {
    // React logs the caught render error; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The chart could not be drawn')).toBeInTheDocument();
  });
});
