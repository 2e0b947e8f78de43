import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { primeQueryClient, readBootData } from './boot-data';

/** Client errors (4xx) are answers, not hiccups: never retried. Others are retried once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The app's query client, holding from the start the first data the server wrote into the page (the
 * session and the page's data, see boot-data.ts), so the first render does not wait for them.
 */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  primeQueryClient(queryClient, readBootData());
  return queryClient;
}
