import { QueryClient } from '@tanstack/react-query';

/** How long fetched data counts as fresh (spec section 9). */
export const QUERY_STALE_TIME_MS = 60_000;

/** The app's query cache: data stays fresh for 60 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: QUERY_STALE_TIME_MS, retry: false } },
  });
}
