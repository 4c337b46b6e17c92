// The TanStack Query client with the spec's cache rule (spec 01 §9 'Polling and caching').
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/** Cached queries refetch on mount when older than this (spec 01 §9), ms. */
export const STALE_TIME_MS = 60_000;

/** Retry transient failures twice; a 4xx answer will not change by asking again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** A QueryClient for the app; tests pass `retry: false`. */
export function createQueryClient(options: { retry?: false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        refetchOnMount: true,
        // Wall screens poll while the tab is hidden (ARCHITECTURE.md 'Stack').
        refetchIntervalInBackground: true,
        retry: options.retry ?? shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
