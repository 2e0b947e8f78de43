import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ErrorStoreProvider } from '../lib/error-store';
import { HomeViewProvider } from '../lib/session/home-view-provider';

/** Everything above the router: server cache, homeView UI state, shared error store. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <HomeViewProvider>
        <ErrorStoreProvider>{children}</ErrorStoreProvider>
      </HomeViewProvider>
    </QueryClientProvider>
  );
}
