import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Retry up to 3 times with backoff doubling from 1 s to 30 s (spec §9), never for a client error. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/** Prefetched lists (sellers, profiles, stores) are cached 5 minutes. */
export const PREFETCH_STALE_MS = 5 * 60 * 1000;
