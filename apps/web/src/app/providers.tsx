import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * What every screen, public or signed-in, expects around it: the query cache. Tooltips and the
 * toast outlet belong to the signed-in shell (authenticated-shell.tsx), so /login does not load them.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
